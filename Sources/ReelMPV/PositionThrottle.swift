import ReelCore

/// Thins libmpv's `time-pos` notifications — one per video frame — to what a consumer of
/// positions needs: a sample whenever playback does not go where the last one predicted (a seek,
/// a stall, a speed change), and one every ``interval`` otherwise. Consumers extrapolate
/// positions from an anchor (see ``ReelCore/PositionAnchor``), so the samples in between change
/// nothing but cost an event, a main-actor hop and a reducer run each.
///
/// A held sample is never lost at a transition: ``flush()`` hands it over before any other event
/// goes out, so a pause, an end or a new item is always preceded by the latest position.
struct PositionThrottle {
    /// The longest time between two samples passed on while playback flows as predicted.
    static let interval = 0.25
    /// How far a sample may be from the prediction and still count as predicted, in seconds.
    static let tolerance = 0.05

    /// The playback speed positions advance at (libmpv's `speed`).
    var speed = 1.0
    /// Whether playback is paused (positions then stay where they are).
    var isPaused = true

    private var last: (position: Double, time: HostTime)?
    private var held: (position: Double, time: HostTime)?

    /// Whether a sample should go out now; false means it is held until the next one, the
    /// interval, or a ``flush()``.
    mutating func admit(_ position: Double?, at time: HostTime) -> Bool {
        guard let position else {
            last = nil
            held = nil
            return true
        }
        if let last {
            let elapsed = time.seconds(since: last.time)
            let predicted = last.position + (isPaused ? 0 : elapsed * speed)
            if abs(position - predicted) <= Self.tolerance, elapsed < Self.interval {
                held = (position, time)
                return false
            }
        }
        last = (position, time)
        held = nil
        return true
    }

    /// The held sample, if any, as the position change to send before another event.
    mutating func flush() -> PropertyChange? {
        guard let sample = held else { return nil }
        held = nil
        last = sample
        return .position(sample.position, at: sample.time)
    }
}
