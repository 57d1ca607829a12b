/// Where to take thumbnails of a whole item.
public enum ThumbnailTimes {
    /// The middle of each of `count` equal parts of `duration`, so that each thumbnail stands for
    /// its part and neither the (often black) first frame nor the very end is chosen.
    ///
    /// `evenlySpaced(count: 4, duration: 60)` is `[7.5, 22.5, 37.5, 52.5]`; empty for a count
    /// below 1 or a duration that is not positive and finite.
    public static func evenlySpaced(count: Int, duration: Double) -> [Double] {
        guard count > 0, duration.isFinite, duration > 0 else { return [] }
        let part = duration / Double(count)
        return (0..<count).map { (Double($0) + 0.5) * part }
    }
}
