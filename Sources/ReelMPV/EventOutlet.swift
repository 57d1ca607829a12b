import NIOConcurrencyHelpers
import ReelCore

/// Where the event pump's events go out: the engine's broadcast (every subscriber of
/// `events`), with positions thinned by a
/// ``PositionThrottle`` that follows the pause and speed reported through it.
///
/// Only the event thread yields; the lock makes the class `Sendable` at the cost of an
/// uncontended lock per event.
final class EventOutlet: Sendable {
    private let broadcast: EngineEventBroadcast
    private let throttle = NIOLockedValueBox(PositionThrottle())

    init(_ broadcast: EngineEventBroadcast) {
        self.broadcast = broadcast
    }

    /// Sends `event`, or holds it when it is a position playback was predicted to reach.
    func yield(_ event: EngineEvent) {
        let (send, held) = throttle.withLockedValue { throttle -> (Bool, PropertyChange?) in
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
        if let held { broadcast.yield(.property(held)) }
        if send { broadcast.yield(event) }
    }

    /// Sends the held position, if any, then ends every subscription.
    func finish() {
        if let held = throttle.withLockedValue({ $0.flush() }) { broadcast.yield(.property(held)) }
        broadcast.finish()
    }
}
