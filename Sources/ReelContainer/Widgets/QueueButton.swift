import ReelComposable
import ReelCore

/// Opens the next item of the queue, or the previous one (restarting the current item past its
/// first 3 s): shown only when the queue holds two items or more, dimmed when there is no next.
@MainActor
public final class QueueButton: Widget {
    /// Which way the button moves.
    public enum Direction: String, Hashable, Sendable {
        /// The previous item.
        case previous
        /// The next item.
        case next
    }

    /// Which way the button moves.
    public let direction: Direction
    private var tracker = PressTracker()

    /// Creates a button.
    public init(_ direction: Direction) { self.direction = direction }

    /// Shown with a queue of two items or more.
    public func isVisible(in context: WidgetContext) -> Bool { context.state.queue.count > 1 }

    private func isEnabled(_ context: WidgetContext) -> Bool {
        // Previous always acts: it restarts the item when there is none before.
        direction == .previous || context.state.canGoNext
    }

    /// A square of the theme's button size.
    public func measure(in context: WidgetContext) -> Size {
        Size(width: context.theme.buttonSize, height: context.theme.buttonSize)
    }

    /// Draws the icon, dimmed when it would do nothing.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        if tracker.isHighlighted { canvas.fill(frame, color: context.theme.highlight, cornerRadius: 6) }
        let box = frame.centeredSquare(side: min(frame.width, frame.height) * 0.7)
        let color = isEnabled(context) ? context.theme.foreground : context.theme.foreground.opacity(0.4)
        canvas.draw(Icons.skipItem(in: box, forward: direction == .next), color: color)
    }

    /// Focusable: Enter or Space clicks it.
    public var isFocusable: Bool { true }

    /// Sends `queue(.next)` or `queue(.previous)` on a click.
    public func handle(_ event: InputEvent, in frame: Rect, context: WidgetContext) -> Bool {
        let result = tracker.handle(event, in: frame)
        if result.activated, isEnabled(context) {
            context.perform(.player(.queue(direction == .next ? .nextRequested : .previousRequested)))
        }
        return result.consumed
    }
}
