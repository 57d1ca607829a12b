import ReelComposable

/// A time label: current, remaining or duration, as ``/ReelComposable/PlayerFeature/State``
/// formats them (the scrub position while scrubbing).
@MainActor
public final class TimeLabelWidget: Widget {
    /// Which time.
    public enum Kind: String, Hashable, Sendable {
        /// The current time.
        case current
        /// The time left, with a minus sign.
        case remaining
        /// The duration.
        case duration
    }

    /// Which time the label shows.
    public let kind: Kind

    /// Creates a label.
    public init(_ kind: Kind) { self.kind = kind }

    /// The label's text for `context`'s state.
    public func text(in context: WidgetContext) -> String {
        switch kind {
        case .current: context.state.currentLabel
        case .remaining: context.state.remainingLabel(live: context.strings[.live])
        case .duration: context.state.durationLabel(live: context.strings[.live])
        }
    }

    /// The text's size.
    public func measure(in context: WidgetContext) -> Size {
        let size = context.measureText(text(in: context), font: context.theme.timeFont)
        return Size(width: size.width + 4, height: max(context.theme.buttonSize, size.height))
    }

    /// Draws the text.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        canvas.drawText(
            text(in: context), at: Point(x: frame.midX, y: frame.midY), font: context.theme.timeFont,
            color: context.theme.foreground, alignment: .center)
    }
}
