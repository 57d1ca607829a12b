import ReelComposable
import ReelCore

/// A live stream's "go live" control: a dot and "LIVE", lit at the live edge; behind it, the
/// dot is grey and the label says how far behind ("-0:12"), and a click jumps to the edge
/// (``/ReelComposable/PlayerFeature/LiveAction/goLiveRequested``). Shown only for live streams.
@MainActor
public final class LiveButton: Widget {
    private var tracker = PressTracker()

    /// Creates the control.
    public init() {}

    /// Only live streams have a live edge.
    public func isVisible(in context: WidgetContext) -> Bool { context.state.isLive }

    private func text(_ context: WidgetContext) -> String {
        let live = context.strings[.live]
        return context.state.liveLabel(live: live) ?? live
    }

    /// The dot and the label.
    public func measure(in context: WidgetContext) -> Size {
        let width = context.measureText(text(context), font: context.theme.labelFont).width + 28
        return Size(width: width, height: context.theme.buttonSize)
    }

    /// Draws the dot (the accent colour at the edge, grey behind it) and the label.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        if tracker.isHighlighted { canvas.fill(frame, color: context.theme.highlight, cornerRadius: 6) }
        let atEdge = context.state.isAtLiveEdge
        canvas.fill(
            .circle(center: Point(x: frame.minX + 10, y: frame.midY), radius: 4),
            color: atEdge ? context.theme.accent : context.theme.secondary)
        canvas.drawText(
            text(context), at: Point(x: frame.minX + 20, y: frame.midY), font: context.theme.labelFont,
            color: atEdge ? context.theme.foreground : context.theme.secondary, alignment: .leading)
    }

    /// Focusable: Enter or Space clicks it.
    public var isFocusable: Bool { true }

    /// Jumps to the live edge on a click.
    public func handle(_ event: InputEvent, in frame: Rect, context: WidgetContext) -> Bool {
        let result = tracker.handle(event, in: frame)
        if result.activated { context.send(.live(.goLiveRequested)) }
        return result.consumed
    }
}
