import Foundation

/// Turns raw ``/ReelCanvas/InputEvent``s into ``Gesture``s with explicit thresholds; time comes only from
/// the events, so the same sequence always gives the same gestures.
///
/// - A press released within ``GestureThresholds/tapSlop`` is a tap, reported once the double
///   tap interval has passed without a second press (at the next event, a tick included).
/// - A second press within the interval and distance, released in place, is a double tap (and
///   no tap).
/// - A press held for ``GestureThresholds/longPressDuration`` without moving past the slop is
///   a long press, reported at the first event after that time; its release ends it.
/// - A press that moves past ``GestureThresholds/dragThreshold`` is a drag, locked to the axis
///   it moved most along. Between the slop and the threshold it is neither tap nor drag.
/// - Only the primary button makes gestures; moves without a button are hover.
public struct GestureRecognizer: Sendable {
    private enum Phase: Equatable {
        case pressed
        case longPress
        case drag(DragAxis)
    }

    private struct Press: Equatable {
        var start: Point
        var time: Double
        var location: Point
        var phase = Phase.pressed
        var leftSlop = false
        var isSecondTap = false
    }

    /// The thresholds.
    public var thresholds: GestureThresholds
    private var press: Press?
    private var pendingTap: (point: Point, time: Double)?

    /// Creates a recogniser.
    public init(thresholds: GestureThresholds = .standard) { self.thresholds = thresholds }

    /// Whether a press is in progress.
    public var isPressed: Bool { press != nil }

    /// When time alone completes a gesture next: a pending tap's double-tap window closes, or a
    /// press held in place becomes a long press (a millisecond after, so an event then sees it
    /// done); nil when none waits.
    public var nextDeadline: Double? {
        var times: [Double] = []
        if let pending = pendingTap, press == nil { times.append(pending.time + thresholds.doubleTapInterval) }
        if let current = press, current.phase == .pressed, !current.leftSlop {
            times.append(current.time + thresholds.longPressDuration)
        }
        return times.min().map { $0 + 0.001 }
    }

    /// Feeds one event; returns the gestures it completes, in order.
    public mutating func handle(_ event: InputEvent) -> [Gesture] {
        var gestures = advance(to: event.time)
        switch event {
        case .pointerDown(let point, .primary, let time):
            if let pending = pendingTap, distance(pending.point, point) <= thresholds.doubleTapDistance {
                press = Press(start: point, time: time, location: point, isSecondTap: true)
            } else {
                gestures += flushTap()
                press = Press(start: point, time: time, location: point)
            }
        case .pointerMoved(let point, _):
            guard var current = press else { return gestures + [.hover(point)] }
            current.location = point
            let moved = distance(current.start, point)
            if moved > thresholds.tapSlop { current.leftSlop = true }
            switch current.phase {
            case .pressed where moved > thresholds.dragThreshold:
                let axis: DragAxis =
                    abs(point.x - current.start.x) >= abs(point.y - current.start.y) ? .horizontal : .vertical
                current.phase = .drag(axis)
                gestures += flushTap()
                gestures += [
                    .dragBegan(axis, start: current.start),
                    .dragChanged(axis, start: current.start, location: point),
                ]
            case .drag(let axis):
                gestures.append(.dragChanged(axis, start: current.start, location: point))
            case .pressed, .longPress:
                break
            }
            press = current
        case .pointerUp(let point, .primary, let time):
            guard let current = press else { break }
            press = nil
            gestures += release(current, at: point, time: time)
        case .pointerExited:
            guard let current = press else { break }
            press = nil
            switch current.phase {
            case .drag(let axis): gestures.append(.dragEnded(axis, start: current.start, location: current.location))
            case .longPress: gestures.append(.longPressEnded(current.location))
            case .pressed: gestures += flushTap()
            }
        case .scroll(let dx, let dy, let point, _):
            gestures.append(.scroll(dx: dx, dy: dy, at: point))
        case .magnify(let factor, let point, _):
            gestures.append(.magnify(by: factor, at: point))
        case .pointerDown, .pointerUp, .keyDown, .keyUp, .tick, .drop:
            break
        }
        return gestures
    }

    /// Reports what time alone completes: a tap whose double-tap window closed, a long press.
    private mutating func advance(to time: Double) -> [Gesture] {
        var gestures: [Gesture] = []
        if let pending = pendingTap, press == nil, time - pending.time > thresholds.doubleTapInterval {
            gestures += flushTap()
        }
        if var current = press, current.phase == .pressed, !current.leftSlop,
            time - current.time >= thresholds.longPressDuration
        {
            gestures += flushTap()
            current.phase = .longPress
            press = current
            gestures.append(.longPressBegan(current.start))
        }
        return gestures
    }

    private mutating func release(_ current: Press, at point: Point, time: Double) -> [Gesture] {
        switch current.phase {
        case .drag(let axis): return [.dragEnded(axis, start: current.start, location: point)]
        case .longPress: return [.longPressEnded(point)]
        case .pressed:
            if current.leftSlop || distance(current.start, point) > thresholds.tapSlop { return flushTap() }
            if current.isSecondTap {
                pendingTap = nil
                return [.doubleTap(point)]
            }
            pendingTap = (point, time)
            return []
        }
    }

    private mutating func flushTap() -> [Gesture] {
        guard let pending = pendingTap else { return [] }
        pendingTap = nil
        return [.tap(pending.point)]
    }

    private func distance(_ a: Point, _ b: Point) -> Double { hypot(a.x - b.x, a.y - b.y) }
}
