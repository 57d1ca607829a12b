/// A number moving from one value to another over time with an easing, driven by input times:
/// the one way the container animates (the controls' transitions, plugins, toasts, panels).
///
/// Layers keep a tween per thing that shows and hides (0 hidden, 1 shown), read it when they
/// draw, and ask the host for frames only while one runs (``isRunning(at:)``), so nothing is
/// drawn while nothing changes.
///
/// ```
/// var shown = Tween.constant(0)
/// shown = shown.retargeted(to: 1, at: time, animation: .easeOut(duration: 0.2))
/// let halfway = shown.value(at: time + 0.1)  // 0.5 would be linear; easeOut is further along
/// ```
package struct Tween: Hashable, Sendable {
    /// The value at ``start``.
    package var from: Double
    /// The value at the end.
    package var to: Double
    /// When the change began, in seconds (input time).
    package var start: Double
    /// How long it takes, in seconds.
    package var duration: Double
    /// How it speeds up and slows down.
    package var easing: Easing

    /// Creates a tween; a negative or non-finite duration is 0.
    package init(from: Double, to: Double, start: Double, duration: Double, easing: Easing = .linear) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration.isFinite ? max(0, duration) : 0
        self.easing = easing
    }

    /// Creates a tween timed by `animation`.
    package init(from: Double, to: Double, start: Double, animation: Animation) {
        self.init(from: from, to: to, start: start, duration: animation.duration, easing: animation.easing)
    }

    /// A tween that stays at `value`.
    package static func constant(_ value: Double) -> Tween { Tween(from: value, to: value, start: 0, duration: 0) }

    /// The value at `time`: ``from`` before ``start``, ``to`` once ``duration`` has passed.
    package func value(at time: Double) -> Double {
        guard time >= start else { return from }
        guard duration > 0, !Timing.hasElapsed(duration, since: start, at: time) else { return to }
        return from + (to - from) * easing.value(at: (time - start) / duration)
    }

    /// Whether the value still changes after `time`.
    package func isRunning(at time: Double) -> Bool {
        from != to && duration > 0 && !Timing.hasElapsed(duration, since: start, at: time)
    }

    /// When the value stops changing, while it still changes after `time`; nil otherwise.
    package func end(after time: Double) -> Double? { isRunning(at: time) ? start + duration : nil }

    /// A tween from the value at `time` to `target`, timed by `animation` and taking the part of
    /// its duration that the remaining distance needs (of a whole 0…1 way): a fade reversed
    /// halfway takes half as long back.
    package func retargeted(to target: Double, at time: Double, animation: Animation) -> Tween {
        let current = value(at: time)
        let distance = min(1, abs(target - current))
        return Tween(
            from: current, to: target, start: time, duration: animation.duration * distance, easing: animation.easing)
    }
}
