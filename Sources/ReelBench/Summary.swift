/// The median, minimum and maximum of a metric's samples.
struct Summary: Sendable {
    /// The middle sample (the mean of the two middle ones for an even count).
    var median: Double
    /// The smallest sample.
    var minimum: Double
    /// The largest sample.
    var maximum: Double

    /// Summarizes `samples`; nil when there are none.
    init?(_ samples: [Double]) {
        let sorted = samples.sorted()
        guard let first = sorted.first, let last = sorted.last else { return nil }
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        minimum = first
        maximum = last
    }
}
