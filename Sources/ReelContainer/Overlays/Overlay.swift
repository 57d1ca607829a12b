/// A layer of the container. The built-in layers, bottom to top, are ``ContainerLayer``'s cases;
/// ``PlayerContainer/insert(_:after:)`` adds custom ones after any of them.
///
/// Layers draw bottom to top and get input top to bottom: the first that consumes a
/// `pointerDown` gets the moves and the `pointerUp` that follow. Moves without a button,
/// `pointerExited` and ticks reach every layer.
@MainActor
public protocol Overlay: AnyObject {
    /// Draws the layer.
    func draw(in canvas: any Canvas, context: WidgetContext)
    /// Handles input; true when consumed.
    func handle(_ event: InputEvent, context: WidgetContext) -> Bool
    /// Time passed (``WidgetContext/time``); true when the drawing changed.
    func update(context: WidgetContext) -> Bool
    /// Whether the layer changes every frame now, so the host keeps drawing.
    func isAnimating(context: WidgetContext) -> Bool
    /// When time alone changes the layer next (one of its timers falls due: a countdown, an
    /// expiry, the end of a way out), in input time (``WidgetContext/time``); nil while none
    /// runs. Hosts sleep until the earliest layer's time (``PlayerContainer/nextUpdate``) and
    /// send a `tick` then, so a layer with a timer says when.
    func nextUpdate(context: WidgetContext) -> Double?
}

extension Overlay {
    /// Consumes nothing.
    public func handle(_ event: InputEvent, context: WidgetContext) -> Bool { false }
    /// Nothing changes with time.
    public func update(context: WidgetContext) -> Bool { false }
    /// Not animating.
    public func isAnimating(context: WidgetContext) -> Bool { false }
    /// No timer.
    public func nextUpdate(context: WidgetContext) -> Double? { nil }
}
