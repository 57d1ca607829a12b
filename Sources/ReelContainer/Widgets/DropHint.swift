import ReelComposable
import ReelCore

/// "Drop a video or an address here", in the container's language: shown while nothing is
/// loaded or queued and the container takes drops (``ContainerConfiguration/dropPolicy``), as
/// mpv's idle window says. A window's own controls show it (`PlayerWindow(player:)`); add it to
/// ``ContainerConfiguration/indicators`` for a container of the app's.
///
/// ```swift
/// var configuration = ContainerConfiguration.standard
/// configuration.indicators.append(DropHint())
/// let container = PlayerContainer(player: player, configuration: configuration)
/// ```
@MainActor
public final class DropHint: Widget {
    /// Creates the hint.
    public init() {}

    /// Shown while nothing is loaded or queued and drops are taken.
    public func isVisible(in context: WidgetContext) -> Bool {
        context.hasNothingToPlay && context.services.configuration.dropPolicy != nil
    }

    /// The text's width with a margin, within the video area.
    public func measure(in context: WidgetContext) -> Size {
        let text = context.measureText(context.strings[.dropHint], font: context.theme.labelFont)
        return Size(width: min(text.width + 48, max(0, context.contentFrame.width - 32)), height: 56)
    }

    /// Draws the text on the theme's panel.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        let theme = context.theme
        canvas.fill(frame, color: theme.panelBackground, cornerRadius: 10)
        canvas.pushClip(frame)
        canvas.drawText(
            context.strings[.dropHint], at: frame.center, font: theme.labelFont, color: theme.foreground,
            alignment: .center)
        canvas.popClip()
    }
}
