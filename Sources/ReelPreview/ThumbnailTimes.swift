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

    /// The positions in `thumbnails` of those whose picture one with an earlier requested time
    /// already shows (the same ``Thumbnail/time``): the tiles a contact sheet would repeat.
    ///
    /// Keyframe thumbnails at 1, 2 and 3 s of a video with keyframes at 0 and 2.5 s show 0, 0
    /// and 2.5 s: the second one (position 1) repeats the first.
    public static func repeatedPictures(_ thumbnails: [Thumbnail]) -> Set<Int> {
        var shown: Set<Double> = []
        var repeated: Set<Int> = []
        for index in thumbnails.indices.sorted(by: { thumbnails[$0].requestedTime < thumbnails[$1].requestedTime }) {
            if !shown.insert(thumbnails[index].time).inserted { repeated.insert(index) }
        }
        return repeated
    }

    /// `count` times spread over `duration` as ``evenlySpaced(count:duration:)`` spreads them,
    /// but leaving out its first `skipStart` and its last `skipEnd` seconds (both ignored when
    /// they would leave nothing).
    ///
    /// `evenlySpaced(count: 2, duration: 60, skipStart: 10, skipEnd: 10)` is `[20, 40]`.
    public static func evenlySpaced(count: Int, duration: Double, skipStart: Double, skipEnd: Double) -> [Double] {
        let start = max(0, skipStart.isFinite ? skipStart : 0)
        let end = max(0, skipEnd.isFinite ? skipEnd : 0)
        guard start + end < duration else { return evenlySpaced(count: count, duration: duration) }
        return evenlySpaced(count: count, duration: duration - start - end).map { $0 + start }
    }
}
