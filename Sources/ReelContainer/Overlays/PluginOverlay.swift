/// One transient widget at an alignment: the seek target while dragging, a "+10 s" bubble, a
/// big pause icon, a preview. Presenting another replaces it.
///
/// ```swift
/// let plugins = context[PluginOverlay.self]
/// plugins.present(BubbleWidget(text: "+10 s"), alignment: .trailing, duration: 0.8)
/// plugins.present(
///     BubbleWidget(text: "Paused"), transition: .scale(0.6).combined(with: .opacity).animation(.easeOut(duration: 0.15)))
/// plugins.dismiss()  // it fades out (its transition's removal) and is gone after that
/// ```
///
/// A widget comes in with the ``Transition`` it was presented with (a fade, 0.2 s, by default) and
/// stays drawn until its way out ends; a widget presented while another shows takes its place at
/// once, so a label updated on every move does not blink.
@MainActor
public final class PluginOverlay: Service, Overlay {
    private weak var context: Context?
    /// The widget shown or on its way out, if any.
    public private(set) var widget: (any Widget)?
    /// Where it sits in the video area (less ``margin``).
    public private(set) var alignment = Alignment.center
    /// How the widget comes and goes.
    public private(set) var transition = Transition.opacity
    /// Distance from the video area's edges.
    public var margin = 24.0
    private var visibility = Tween.constant(0)
    private var expiresAt: Double?
    private var lastFrame: Rect?
    private var ownsPointer = false

    /// Creates the overlay.
    public init(context: Context) { self.context = context }

    /// Removes the widget at once.
    public func stop() { remove() }

    private var now: Double { context?.now ?? 0 }

    /// Whether a widget is shown or coming in (not while it goes).
    public var isPresented: Bool { widget != nil && visibility.to == 1 }

    /// Shows `widget` at `alignment`, coming in with `transition` unless a widget already shows
    /// (then it takes that one's place at once); with a `duration` it goes by itself after that
    /// many seconds.
    public func present(
        _ widget: any Widget, alignment: Alignment = .center, duration: Double? = nil,
        transition: Transition = .opacity
    ) {
        let replaces = isPresented
        self.widget = widget
        self.alignment = alignment
        self.transition = transition
        expiresAt = duration.map { now + $0 }
        ownsPointer = false
        if !replaces {
            visibility = visibility.retargeted(to: 1, at: now, animation: transition.insertionAnimation)
        }
        context?.setNeedsDisplay()
    }

    /// Takes the widget away with its transition's removal (or with `animation`); it is drawn
    /// until that ends.
    public func dismiss(animation: Animation? = nil) {
        guard isPresented else { return }
        expiresAt = nil
        ownsPointer = false
        visibility = visibility.retargeted(to: 0, at: now, animation: animation ?? transition.removalAnimation)
        if !visibility.isRunning(at: now) { remove() }
        context?.setNeedsDisplay()
    }

    private func remove() {
        guard widget != nil else { return }
        widget = nil
        visibility = .constant(0)
        expiresAt = nil
        lastFrame = nil
        ownsPointer = false
        context?.setNeedsDisplay()
    }

    private func frame(of widget: any Widget, context: WidgetContext) -> Rect {
        let area = context.contentFrame.insetBy(dx: margin, dy: margin)
        return alignment.frame(of: widget.measure(in: context), in: area)
    }

    /// Draws the widget as it looks on its way.
    public func draw(in canvas: any Canvas, context: WidgetContext) {
        guard let widget, widget.isVisible(in: context), visibility.value(at: context.time) > 0 else { return }
        let frame = frame(of: widget, context: context)
        lastFrame = frame
        let moving = transition.canvas(
            over: canvas, visibility, at: context.time, frame: frame, area: context.contentFrame)
        widget.draw(in: moving, frame: frame, context: context)
    }

    /// Gives the widget the input aimed at it (most plugins consume none); a widget on its way
    /// out takes none.
    public func handle(_ event: InputEvent, context: WidgetContext) -> Bool {
        guard let widget, isPresented else { return false }
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

    /// Takes the widget away when its time is up, and removes it when its way out has ended.
    public func update(context: WidgetContext) -> Bool {
        if let expiresAt, Timing.hasElapsed(0, since: expiresAt, at: context.time) {
            dismiss()
            return true
        }
        if widget != nil, !isPresented, !visibility.isRunning(at: context.time) {
            remove()
            return true
        }
        return widget?.update(in: context) ?? false
    }

    /// When the widget's time is up, its way out ends (it is removed), or it asks.
    public func nextUpdate(context: WidgetContext) -> Double? {
        guard let widget else { return nil }
        let gone = isPresented ? nil : visibility.end(after: context.time) ?? context.time
        return Timing.earliest([expiresAt, gone, widget.nextUpdate(in: context)])
    }

    /// Whether the widget is on its way in or out, or animates.
    public func isAnimating(context: WidgetContext) -> Bool {
        guard let widget else { return false }
        return visibility.isRunning(at: context.time) || widget.isAnimating(in: context)
    }
}
