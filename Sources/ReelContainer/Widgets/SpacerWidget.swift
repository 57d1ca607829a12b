/// Takes the width left in a row (pushes what follows to the trailing edge); draws nothing.
@MainActor
public final class SpacerWidget: Widget {
    /// Creates a spacer.
    public init() {}
    /// No minimum width.
    public func measure(in context: WidgetContext) -> Size { Size(width: 0, height: 1) }
    /// Draws nothing.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {}
    /// Stretches.
    public var isFlexible: Bool { true }
}
