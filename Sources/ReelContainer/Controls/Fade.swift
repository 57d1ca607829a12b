/// A linear change of opacity over time, driven by input times.
public struct Fade: Hashable, Sendable {
    /// The opacity at ``start``.
    public var from: Double
    /// The opacity at the end.
    public var to: Double
    /// When the fade began, in seconds.
    public var start: Double
    /// How long it takes, in seconds.
    public var duration: Double

    /// Creates a fade.
    public init(from: Double, to: Double, start: Double, duration: Double) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = max(0, duration)
    }

    /// A fade that stays at `value`.
    public static func constant(_ value: Double) -> Fade { Fade(from: value, to: value, start: 0, duration: 0) }

    /// The opacity at `time`.
    public func value(at time: Double) -> Double {
        guard duration > 0 else { return time >= start ? to : from }
        let progress = min(1, max(0, (time - start) / duration))
        return from + (to - from) * progress
    }

    /// Whether the opacity still changes after `time`.
    public func isRunning(at time: Double) -> Bool { from != to && time < start + duration }

    /// A fade from the opacity at `time` to `target`, taking the part of `fullDuration` that the
    /// remaining distance needs.
    public func retargeted(to target: Double, at time: Double, fullDuration: Double) -> Fade {
        let current = value(at: time)
        return Fade(from: current, to: target, start: time, duration: fullDuration * abs(target - current))
    }
}
