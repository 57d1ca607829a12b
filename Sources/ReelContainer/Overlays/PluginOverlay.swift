/// One transient widget at an alignment: the seek target while dragging, a "+10 s" bubble, a
/// big pause icon, a preview. Presenting another replaces it.
///
/// ```swift
/// context[PluginOverlay.self].present(BubbleWidget(text: "+10 s"), alignment: .trailing, duration: 0.8)
/// ```
@MainActor
public final class PluginOverlay: Service, Overlay {
    private weak var context: Context?
    /// The widget shown, if any.
    public private(set) var widget: (any Widget)?
    /// Where it sits in the video area (less ``margin``).
    public private(set) var alignment = Alignment.center
    /// Distance from the video area's edges.
    public var margin = 24.0
    private var expiresAt: Double?
    private var lastFrame: Rect?
    private var ownsPointer = false

    /// Creates the overlay.
    public init(context: Context) { self.context = context }

    /// Removes the widget.
    public func stop() { dismiss() }

    /// Whether a widget is shown.
    public var isPresented: Bool { widget != nil }

    /// Shows `widget` at `alignment`; with a `duration` it goes by itself after that many seconds.
    public func present(_ widget: any Widget, alignment: Alignment = .center, duration: Double? = nil) {
        self.widget = widget
        self.alignment = alignment
        expiresAt = duration.map { (context?.now ?? 0) + $0 }
        ownsPointer = false
        context?.setNeedsDisplay()
    }

    /// Removes the widget.
    public func dismiss() {
        guard widget != nil else { return }
        widget = nil
        expiresAt = nil
        lastFrame = nil
        ownsPointer = false
        context?.setNeedsDisplay()
    }

    private func frame(of widget: any Widget, context: WidgetContext) -> Rect {
        let area = context.contentFrame.insetBy(dx: margin, dy: margin)
        return alignment.frame(of: widget.measure(in: context), in: area)
    }

    /// Draws the widget.
    public func draw(in canvas: any Canvas, context: WidgetContext) {
        guard let widget, widget.isVisible(in: context) else { return }
        let frame = frame(of: widget, context: context)
        lastFrame = frame
        widget.draw(in: canvas, frame: frame, context: context)
    }

    /// Gives the widget the input aimed at it (most plugins consume none).
    public func handle(_ event: InputEvent, context: WidgetContext) -> Bool {
        guard let widget else { return false }
        let frame = lastFrame ?? frame(of: widget, context: context)
        switch event {
        case .pointerDown(let point, _, _):
            guard frame.contains(point) else { return false }
            ownsPointer = widget.handle(event, in: frame, context: context)
            return ownsPointer
        case .pointerUp:
            guard ownsPointer else { return false }
            ownsPointer = false
            _ = widget.handle(event, in: frame, context: context)
            return true
        case .pointerMoved:
            let owned = ownsPointer
            return widget.handle(event, in: frame, context: context) && owned
        case .pointerExited:
            ownsPointer = false
            return widget.handle(event, in: frame, context: context)
        default:
            return widget.handle(event, in: frame, context: context)
        }
    }

    /// Removes the widget when its time is up.
    public func update(context: WidgetContext) -> Bool {
        if let expiresAt, Timing.hasElapsed(0, since: expiresAt, at: context.time) {
            dismiss()
            return true
        }
        return widget?.update(in: context) ?? false
    }

    /// Whether the widget animates.
    public func isAnimating(context: WidgetContext) -> Bool { widget?.isAnimating(in: context) ?? false }
}
