extension InputEvent {
    /// The event's host time in seconds.
    public var time: Double {
        switch self {
        case .pointerDown(_, _, let time), .pointerMoved(_, let time), .pointerUp(_, _, let time),
            .pointerExited(let time), .scroll(_, _, _, let time), .keyDown(_, _, let time), .keyUp(_, _, let time),
            .tick(let time), .magnify(_, _, let time), .drop(_, _, let time):
            time
        }
    }

    /// The pointer's position, for pointer and scroll events.
    public var location: Point? {
        switch self {
        case .pointerDown(let point, _, _), .pointerMoved(let point, _), .pointerUp(let point, _, _),
            .scroll(_, _, let point, _), .magnify(_, let point, _):
            point
        case .pointerExited, .keyDown, .keyUp, .tick, .drop: nil
        }
    }

    /// Whether this is a primary-button press inside `frame`.
    public func isPrimaryDown(in frame: Rect) -> Bool {
        if case .pointerDown(let point, .primary, _) = self { return frame.contains(point) }
        return false
    }

    /// Whether this is user input (anything but a tick).
    public var isUserInput: Bool {
        if case .tick = self { return false }
        return true
    }
}
