/// A piece of player UI: it measures itself, draws into a frame the container gives it and
/// handles input aimed at that frame.
///
/// ```swift
/// final class SkipIntroButton: Widget {
///     func measure(in context: WidgetContext) -> Size { Size(width: 110, height: 32) }
///     func isVisible(in context: WidgetContext) -> Bool { context.state.seekBarPosition < 90 }
///     func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
///         canvas.fill(frame, color: context.theme.bubbleBackground, cornerRadius: 6)
///         canvas.drawText("Skip intro", at: frame.center, font: .body, color: .white, alignment: .center)
///     }
///     func handle(_ event: InputEvent, in frame: Rect, context: WidgetContext) -> Bool {
///         guard case .pointerUp(let point, .primary, _) = event, frame.contains(point) else {
///             return event.isPrimaryDown(in: frame)
///         }
///         context.send(.transport(.seekRequested(to: 90)))
///         return true
///     }
/// }
/// ```
///
/// Widgets send ``/ReelComposable/PlayerFeature/Action``s (``WidgetContext/send(_:)``) or
/// ``ContainerAction``s (``WidgetContext/perform(_:)``); they never talk to an engine.
///
/// ## Input
/// A widget that returns true for a primary `pointerDown` captures the pointer: it gets the
/// moves and the `pointerUp` that follow, wherever they happen. Moves without a button and
/// `pointerExited` go to every shown widget (for hover), whatever they return.
///
/// ## Keyboard focus
/// A widget that is ``isFocusable`` takes part in keyboard focus (``FocusService``): Tab and
/// the arrows move a focus ring onto it. While it has focus, key presses reach its
/// ``handle(_:in:context:)`` first as `keyDown` events (a seek bar takes ← and →); Enter and
/// Space that it does not take call ``activate(in:context:)``, which by default clicks the
/// middle of its ``focusFrame(in:)`` (its frame, or the button inside a larger widget), so a
/// button works from the keyboard with no code of its own.
@MainActor
public protocol Widget: AnyObject {
    /// The size the widget wants. Flexible widgets get at least this width.
    func measure(in context: WidgetContext) -> Size
    /// Draws the widget into `frame`.
    func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext)
    /// Handles `event`; true when the widget consumed it.
    func handle(_ event: InputEvent, in frame: Rect, context: WidgetContext) -> Bool
    /// Whether the widget takes part in layout now (default: always).
    func isVisible(in context: WidgetContext) -> Bool
    /// Whether the widget stretches to share the width left in its row (default: no).
    var isFlexible: Bool { get }
    /// Time passed (``WidgetContext/time``); true when the widget's drawing changed.
    func update(in context: WidgetContext) -> Bool
    /// Whether the widget changes every frame now (a spinner), so the host keeps drawing.
    func isAnimating(in context: WidgetContext) -> Bool
    /// When time alone changes the widget next (one of its timers falls due), in input time
    /// (``WidgetContext/time``); nil while none runs. Its layer asks the host for a `tick` then
    /// (``Overlay/nextUpdate(context:)``); without one the host may sleep until the next input.
    func nextUpdate(in context: WidgetContext) -> Double?
    /// Whether keyboard focus can move to the widget (default: no; buttons and value widgets
    /// say yes).
    var isFocusable: Bool { get }
    /// Does what the widget does when chosen from the keyboard: Enter, or Space, while it has
    /// focus.
    func activate(in frame: Rect, context: WidgetContext)
    /// The part of `frame` that the focus ring goes around and Enter clicks (default: all of
    /// it; the error view's Retry button).
    func focusFrame(in frame: Rect) -> Rect
}

extension Widget {
    /// Consumes nothing.
    public func handle(_ event: InputEvent, in frame: Rect, context: WidgetContext) -> Bool { false }
    /// Always visible.
    public func isVisible(in context: WidgetContext) -> Bool { true }
    /// Not flexible.
    public var isFlexible: Bool { false }
    /// Nothing changes with time.
    public func update(in context: WidgetContext) -> Bool { false }
    /// Not animating.
    public func isAnimating(in context: WidgetContext) -> Bool { false }
    /// No timer.
    public func nextUpdate(in context: WidgetContext) -> Double? { nil }
    /// Not focusable.
    public var isFocusable: Bool { false }
    /// A primary click in the middle of ``focusFrame(in:)``, through
    /// ``handle(_:in:context:)``: what a button does when clicked.
    public func activate(in frame: Rect, context: WidgetContext) {
        click(at: focusFrame(in: frame).center, in: frame, context: context)
    }
    /// All of `frame`.
    public func focusFrame(in frame: Rect) -> Rect { frame }

    /// A primary press and release at `point`, sent to ``handle(_:in:context:)`` at the
    /// context's time: the pointer's path, taken by the keyboard.
    func click(at point: Point, in frame: Rect, context: WidgetContext) {
        _ = handle(.pointerDown(point, button: .primary, time: context.time), in: frame, context: context)
        _ = handle(.pointerUp(point, button: .primary, time: context.time), in: frame, context: context)
    }
}
