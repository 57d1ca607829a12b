/// A layer that centres its visible widgets in the video area, one above the other: the
/// buffering spinner and the error view. ``PlayerContainer`` inserts one after the plugin layer
/// with ``ContainerConfiguration/indicators``, and one after the render layer with
/// ``ContainerConfiguration/nowPlaying``.
@MainActor
public final class IndicatorOverlay: Overlay {
    /// The widgets, top first.
    public var widgets: [any Widget]
    private var frames: [ObjectIdentifier: Rect] = [:]
    private var owner: (any Widget)?

    /// Creates the layer.
    public init(widgets: [any Widget]) { self.widgets = widgets }

    /// The frames of the visible widgets, in order.
    public func layout(context: WidgetContext) -> [(widget: any Widget, frame: Rect)] {
        let result = Self.place(widgets, in: context)
        frames = Dictionary(result.map { (ObjectIdentifier($0.widget), $0.frame) }, uniquingKeysWith: { $1 })
        return result
    }

    /// Where the visible ones of `widgets` go: one above the other, centred in the video area.
    static func place(_ widgets: [any Widget], in context: WidgetContext) -> [(widget: any Widget, frame: Rect)] {
        let visible = widgets.filter { $0.isVisible(in: context) }
        let sizes = visible.map { $0.measure(in: context) }
        let spacing = 12.0
        let total = sizes.map(\.height).reduce(0, +) + spacing * Double(max(0, sizes.count - 1))
        var y = context.contentFrame.midY - total / 2
        var result: [(widget: any Widget, frame: Rect)] = []
        for (widget, size) in zip(visible, sizes) {
            result.append(
                (
                    widget,
                    Rect(x: context.contentFrame.midX - size.width / 2, y: y, width: size.width, height: size.height)
                ))
            y += size.height + spacing
        }
        return result
    }

    /// Draws the visible widgets.
    public func draw(in canvas: any Canvas, context: WidgetContext) {
        for (widget, frame) in layout(context: context) { widget.draw(in: canvas, frame: frame, context: context) }
    }

    /// Gives presses to the widget under the pointer.
    public func handle(_ event: InputEvent, context: WidgetContext) -> Bool {
        if let owner {
            switch event {
            case .pointerMoved, .pointerUp, .pointerExited:
                let frame = frames[ObjectIdentifier(owner)] ?? .zero
                if case .pointerMoved = event {} else { self.owner = nil }
                _ = owner.handle(event, in: frame, context: context)
                if case .pointerExited = event { return false }
                return true
            default:
                break
            }
        }
        let placed = layout(context: context)
        if case .pointerDown(let point, _, _) = event {
            for (widget, frame) in placed
            where frame.contains(point) && widget.handle(event, in: frame, context: context) {
                owner = widget
                return true
            }
            return false
        }
        for (widget, frame) in placed { _ = widget.handle(event, in: frame, context: context) }
        return false
    }

    /// Runs the widgets' timers (the spinner's delay).
    public func update(context: WidgetContext) -> Bool {
        widgets.reduce(false) { $1.update(in: context) || $0 }
    }

    /// The earliest of the widgets' timers (the spinner's delay).
    public func nextUpdate(context: WidgetContext) -> Double? {
        Timing.earliest(widgets.map { $0.nextUpdate(in: context) })
    }

    /// Whether a visible widget animates.
    public func isAnimating(context: WidgetContext) -> Bool {
        widgets.contains { $0.isVisible(in: context) && $0.isAnimating(in: context) }
    }
}
