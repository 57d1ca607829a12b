/// A gesture recognised from raw input by ``GestureRecognizer``.
public enum Gesture: Hashable, Sendable {
    /// A press and release without moving, not followed by a second one in time.
    case tap(Point)
    /// Two taps in quick succession, near each other; the point is the second's.
    case doubleTap(Point)
    /// A press held without moving.
    case longPressBegan(Point)
    /// The long press was released.
    case longPressEnded(Point)
    /// The pointer moved past the drag threshold while pressed; the axis is locked from here.
    case dragBegan(DragAxis, start: Point)
    /// The pointer moved during a drag.
    case dragChanged(DragAxis, start: Point, location: Point)
    /// The drag was released (or the pointer left the window).
    case dragEnded(DragAxis, start: Point, location: Point)
    /// The wheel or touchpad scrolled by `dx`, `dy` steps.
    case scroll(dx: Double, dy: Double, at: Point)
    /// The pointer moved without a button.
    case hover(Point)
    /// The picture should grow by `factor` (below 1: shrink) around `at`: ctrl+wheel or a
    /// pinch (``/ReelCanvas/InputEvent/magnify(by:at:time:)``).
    case magnify(by: Double, at: Point)
}

/// The direction a drag is locked to.
public enum DragAxis: String, Hashable, Sendable {
    /// Left and right.
    case horizontal
    /// Up and down.
    case vertical
}
