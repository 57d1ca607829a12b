import Dispatch

/// A point on the host's monotonic clock, in nanoseconds since an arbitrary origin.
///
/// Position anchors are stamped with it so that a position can be extrapolated without an
/// event per frame. Tests build their own values with ``init(nanoseconds:)`` or ``init(seconds:)``.
public struct HostTime: Hashable, Comparable, Sendable, Codable {
    /// Nanoseconds since the origin.
    public var nanoseconds: UInt64

    /// Creates a time from nanoseconds.
    public init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    /// Creates a time from seconds.
    public init(seconds: Double) { nanoseconds = UInt64(max(0, seconds) * 1e9) }

    /// The current monotonic time. Safe to call from any thread.
    public static var now: HostTime { HostTime(nanoseconds: DispatchTime.now().uptimeNanoseconds) }

    /// Seconds from `earlier` to `self` (negative when `earlier` is later).
    public func seconds(since earlier: HostTime) -> Double {
        nanoseconds >= earlier.nanoseconds
            ? Double(nanoseconds - earlier.nanoseconds) / 1e9
            : -Double(earlier.nanoseconds - nanoseconds) / 1e9
    }

    /// This time moved by `seconds`.
    public func advanced(by seconds: Double) -> HostTime {
        let delta = Int64(seconds * 1e9)
        return HostTime(nanoseconds: UInt64(max(0, Int64(nanoseconds) + delta)))
    }

    public static func < (lhs: HostTime, rhs: HostTime) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
}

/// Where playback was at a moment, and how fast it was moving: position without per-frame events.
///
/// The position at any later moment is ``position(at:)``: the anchored position plus the elapsed
/// host time times ``rate``, clamped to `[0, duration]`.
public struct PositionAnchor: Hashable, Sendable, Codable {
    /// The media time, in seconds, at ``time``.
    public var position: Double
    /// The host time of the sample.
    public var time: HostTime
    /// Media seconds per host second: the speed while playing, 0 otherwise.
    public var rate: Double
    /// The upper clamp (the item's duration), when known.
    public var duration: Double?

    /// Creates an anchor.
    public init(position: Double, time: HostTime, rate: Double = 0, duration: Double? = nil) {
        self.position = position
        self.time = time
        self.rate = rate
        self.duration = duration
    }

    /// The extrapolated position at `now`, clamped to `[0, duration]`.
    public func position(at now: HostTime) -> Double {
        let raw = position + max(0, now.seconds(since: time)) * rate
        return Self.clamp(raw, duration: duration)
    }

    static func clamp(_ value: Double, duration: Double?) -> Double {
        let lower = max(0, value.isFinite ? value : 0)
        guard let duration, duration.isFinite, duration > 0 else { return lower }
        return min(lower, duration)
    }
}
