import ReelComposable
import ReelCore

/// The failure message with a Retry button (which sends `retryTapped`), shown while the item
/// has failed. The message is the container's words for the error's code
/// (``ContainerStrings/description(of:)``), in its language. The button takes keyboard focus
/// (Tab reaches it after the centre controls, or alone while the controls are hidden; Enter or
/// Space retries).
@MainActor
public final class ErrorView: Widget {
    private var tracker = PressTracker()
    /// The Retry button's width at the last draw: its text's, measured by the canvas.
    private var retryWidth = 96.0

    /// Creates an error view.
    public init() {}

    private func message(_ context: WidgetContext) -> String? {
        if case .failed(let error) = context.state.playback.status { return context.strings.description(of: error) }
        return nil
    }

    /// Shown while the item has failed.
    public func isVisible(in context: WidgetContext) -> Bool { message(context) != nil }

    /// The Retry button takes focus.
    public var isFocusable: Bool { true }

    /// The Retry button: the ring goes around it and Enter clicks it.
    public func focusFrame(in frame: Rect) -> Rect { retryFrame(in: frame) }

    /// Wide enough for the message (within the video area), with room for the button.
    public func measure(in context: WidgetContext) -> Size {
        let text = context.measureText(message(context) ?? "", font: context.theme.labelFont)
        let width = min(max(text.width + 40, 220), max(0, context.contentFrame.width - 32))
        return Size(width: width, height: 104)
    }

    /// Where the Retry button is inside `frame`: 96 px wide, or wider for a longer text (as
    /// measured at the last draw).
    public func retryFrame(in frame: Rect) -> Rect {
        Rect(x: frame.midX - retryWidth / 2, y: frame.maxY - 48, width: retryWidth, height: 34)
    }

    /// Draws the panel, message and button.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        guard let message = message(context) else { return }
        let theme = context.theme
        canvas.fill(frame, color: theme.panelBackground, cornerRadius: 10)
        canvas.pushClip(frame)
        canvas.drawText(
            message, at: Point(x: frame.midX, y: frame.minY + 32), font: theme.labelFont, color: theme.foreground,
            alignment: .center)
        canvas.popClip()
        let retry = context.strings[.retry]
        retryWidth = max(0, min(max(96, canvas.measureText(retry, font: theme.labelFont).width + 32), frame.width - 16))
        let button = retryFrame(in: frame)
        canvas.fill(button, color: tracker.isHighlighted ? theme.accent.opacity(0.8) : theme.accent, cornerRadius: 6)
        canvas.drawText(retry, at: button.center, font: theme.labelFont, color: theme.foreground, alignment: .center)
    }

    /// Sends `retryTapped` on a click of the button; takes every press on the panel.
    public func handle(_ event: InputEvent, in frame: Rect, context: WidgetContext) -> Bool {
        let result = tracker.handle(event, in: retryFrame(in: frame))
        if result.activated { context.send(.transport(.retryTapped)) }
        return result.consumed || event.isPrimaryDown(in: frame)
    }
}
