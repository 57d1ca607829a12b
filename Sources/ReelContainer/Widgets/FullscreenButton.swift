import ReelComposable
import ReelCore

/// Asks the host to enter or leave fullscreen; its corners point out, or in when fullscreen.
@MainActor
public final class FullscreenButton: Widget {
    private var tracker = PressTracker()

    /// Creates a button.
    public init() {}

    /// A square of the theme's button size.
    public func measure(in context: WidgetContext) -> Size {
        Size(width: context.theme.buttonSize, height: context.theme.buttonSize)
    }

    /// Draws the corners.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        if tracker.isHighlighted { canvas.fill(frame, color: context.theme.highlight, cornerRadius: 6) }
        let box = frame.centeredSquare(side: frame.width * 0.7)
        canvas.draw(Icons.fullscreen(in: box, exit: context.services.isFullscreen), color: context.theme.foreground)
    }

    /// Focusable: Enter or Space clicks it.
    public var isFocusable: Bool { true }

    /// Performs `.presentation(.toggled(.fullscreen))` on a click.
    public func handle(_ event: InputEvent, in frame: Rect, context: WidgetContext) -> Bool {
        let result = tracker.handle(event, in: frame)
        if result.activated { context.perform(.player(.presentation(.toggled(.fullscreen)))) }
        return result.consumed
    }
}
