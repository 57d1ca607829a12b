import ReelCore
import Synchronization

/// Where the event pump's events go out: the engine's stream, with positions thinned by a
/// ``PositionThrottle`` that follows the pause and speed reported through it.
///
/// Only the event thread yields; the lock makes the class `Sendable` at the cost of an
/// uncontended lock per event.
final class EventOutlet: Sendable {
    private let continuation: AsyncStream<EngineEvent>.Continuation
    private let throttle = Mutex(PositionThrottle())

    init(_ continuation: AsyncStream<EngineEvent>.Continuation) {
        self.continuation = continuation
    }

    /// Sends `event`, or holds it when it is a position playback was predicted to reach.
    func yield(_ event: EngineEvent) {
        let (send, held) = throttle.withLock { throttle -> (Bool, PropertyChange?) in
            if case .property(.position(let position, let time)) = event {
                return (throttle.admit(position, at: time), nil)
            }
            let held = throttle.flush()
            switch event {
            case .property(.paused(let paused)): throttle.isPaused = paused
            case .property(.speed(let speed)): throttle.speed = speed
            default: break
            }
            return (true, held)
        }
        if let held { continuation.yield(.property(held)) }
        if send { continuation.yield(event) }
    }

    /// Sends the held position, if any, then ends the stream.
    func finish() {
        if let held = throttle.withLock({ $0.flush() }) { continuation.yield(.property(held)) }
        continuation.finish()
    }
}
