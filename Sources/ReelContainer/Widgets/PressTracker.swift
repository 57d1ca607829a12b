/// Button behaviour for widgets: pressed on a primary press inside the frame, activated when
/// released inside it, hovered while the pointer is over it.
package struct PressTracker: Hashable, Sendable {
    /// A press began inside and has not been released.
    package private(set) var isPressed = false
    /// The pointer is over the frame.
    package private(set) var isHovered = false

    /// Creates a tracker.
    package init() {}

    /// Feeds an event aimed at `frame`; returns whether it was consumed and whether the button
    /// was activated (released inside after a press inside).
    package mutating func handle(_ event: InputEvent, in frame: Rect) -> (consumed: Bool, activated: Bool) {
        switch event {
        case .pointerDown(let point, .primary, _):
            guard frame.contains(point) else { return (false, false) }
            isPressed = true
            return (true, false)
        case .pointerMoved(let point, _):
            isHovered = frame.contains(point)
            return (isPressed, false)
        case .pointerUp(let point, .primary, _):
            guard isPressed else { return (false, false) }
            isPressed = false
            return (true, frame.contains(point))
        case .pointerExited:
            isHovered = false
            isPressed = false
            return (false, false)
        default:
            return (false, false)
        }
    }

    /// Whether to draw a highlight.
    package var isHighlighted: Bool { isPressed || isHovered }
}
