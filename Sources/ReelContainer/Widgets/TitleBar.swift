import ReelComposable
import ReelCore

/// Shows the item's title, truncated to its frame; hidden without a title.
@MainActor
public final class TitleBar: Widget {
    /// Creates a title bar.
    public init() {}

    /// Shown while the item has a title.
    public func isVisible(in context: WidgetContext) -> Bool { context.state.playback.title?.isEmpty == false }

    /// Up to 120 px of the title's width; it stretches to the rest of the row.
    public func measure(in context: WidgetContext) -> Size {
        let text = context.measureText(context.state.playback.title ?? "", font: context.theme.titleFont)
        return Size(width: min(text.width, 120), height: max(28, text.height))
    }

    /// Stretches.
    public var isFlexible: Bool { true }

    /// Draws the title clipped to the frame.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        guard let title = context.state.playback.title else { return }
        canvas.pushClip(frame)
        canvas.drawText(
            title, at: Point(x: frame.minX, y: frame.midY), font: context.theme.titleFont,
            color: context.theme.foreground, alignment: .leading)
        canvas.popClip()
    }
}
