/// Comparisons of input times that forgive floating-point rounding (1.2 − 1.0 is a little
/// less than 0.2).
enum Timing {
    /// Half a microsecond: far below any frame, far above rounding errors of times in seconds.
    static let tolerance = 0.000_000_5

    /// Whether `duration` seconds have passed from `start` to `time`.
    static func hasElapsed(_ duration: Double, since start: Double, at time: Double) -> Bool {
        time - start + tolerance >= duration
    }

    /// The earliest of `times` that is set; nil when none is (the next of several timers).
    static func earliest(_ times: some Sequence<Double?>) -> Double? { times.compactMap { $0 }.min() }
}
