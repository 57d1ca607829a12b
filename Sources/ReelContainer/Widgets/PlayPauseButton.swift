import ReelComposable
import ReelCore

/// Plays, pauses or replays (its icon follows ``/ReelComposable/PlayerFeature/State/playButton``)
/// by sending `.transport(.playPauseToggled(reason: .user))`.
@MainActor
public final class PlayPauseButton: Widget {
    /// How big the button is.
    public enum Style: String, Hashable, Sendable {
        /// A control-bar button.
        case regular
        /// The big button in the middle; it steps aside for the spinner and the error view.
        case large
    }

    /// How big the button is.
    public let style: Style
    private var tracker = PressTracker()

    /// Creates a button.
    public init(style: Style = .regular) { self.style = style }

    private func side(_ context: WidgetContext) -> Double {
        style == .large ? context.theme.largeButtonSize : context.theme.buttonSize
    }

    /// A square of the theme's button size.
    public func measure(in context: WidgetContext) -> Size {
        Size(width: side(context), height: side(context))
    }

    /// The large button hides while the spinner or the error view shows, and while nothing is
    /// loaded or queued: there is nothing to play (a window says where to drop something there,
    /// ``DropHint``).
    public func isVisible(in context: WidgetContext) -> Bool {
        guard style == .large else { return true }
        if case .failed = context.state.playback.status { return false }
        if context.hasNothingToPlay { return false }
        return !context[BufferingIndicatorService.self].isVisible
    }

    /// The icon of the state's play button.
    package static func icon(for button: PlayerFeature.PlayButton, in box: Rect) -> Icon {
        switch button {
        case .play: Icons.play(in: box)
        case .pause: Icons.pause(in: box)
        case .replay: Icons.replay(in: box)
        }
    }

    /// Draws the icon, on a dark disc when large.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        if style == .large {
            canvas.fill(.circle(center: frame.center, radius: frame.width / 2), color: context.theme.bubbleBackground)
        }
        if tracker.isHighlighted {
            canvas.fill(.circle(center: frame.center, radius: frame.width / 2), color: context.theme.highlight)
        }
        let box = frame.centeredSquare(side: frame.width * (style == .large ? 0.55 : 0.7))
        canvas.draw(Self.icon(for: context.state.playButton, in: box), color: context.theme.foreground)
    }

    /// Focusable: Enter or Space clicks it.
    public var isFocusable: Bool { true }

    /// Sends `.transport(.playPauseToggled(reason: .user))` on a click.
    public func handle(_ event: InputEvent, in frame: Rect, context: WidgetContext) -> Bool {
        let result = tracker.handle(event, in: frame)
        if result.activated { context.send(.transport(.playPauseToggled(reason: .user))) }
        return result.consumed
    }
}
