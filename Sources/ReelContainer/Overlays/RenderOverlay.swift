/// The bottom layer: the video area. It draws nothing (the host draws video at
/// ``PlayerContainer/videoFrame``) and hands the input no layer above consumed to the
/// ``GestureService``.
@MainActor
public final class RenderOverlay: Service, Overlay {
    private weak var context: Context?

    /// Creates the layer.
    public init(context: Context) { self.context = context }

    /// Draws nothing.
    public func draw(in canvas: any Canvas, context: WidgetContext) {}

    /// Recognises gestures.
    public func handle(_ event: InputEvent, context: WidgetContext) -> Bool {
        context[GestureService.self].handle(event, context: context)
    }

    /// Lets time complete gestures (a pending tap, a long press).
    public func update(context: WidgetContext) -> Bool {
        _ = context[GestureService.self].handle(.tick(time: context.time), context: context)
        return false
    }

    /// When a pending tap's double-tap window closes or a held press becomes a long press.
    public func nextUpdate(context: WidgetContext) -> Double? { context[GestureService.self].nextUpdate }
}
