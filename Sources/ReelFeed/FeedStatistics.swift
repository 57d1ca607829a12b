import Foundation

/// A feed's figures so far, from its complete swipes (``FeedPlayerPool/statistics``): what the
/// Feed example's `i` overlay shows beside the visible player's.
///
/// ```swift
/// let figures = pool.statistics
/// print(figures.swipeCount, figures.timeToFirstFrame(percentile: 0.95) ?? 0, figures.stallsPer100Swipes)
/// ```
///
/// Times are kept for the last ``recentLimit`` swipes only, so a long session costs no more.
public struct FeedStatistics: Hashable, Sendable {
    /// How many swipes' times are kept for the percentiles.
    public static let recentLimit = 100

    /// Complete swipes.
    public private(set) var swipeCount = 0
    /// Swipes to an item that had its first frame already (a preloaded neighbour).
    public private(set) var preloadedSwipeCount = 0
    /// Stalls of the items on screen, after they played.
    public private(set) var stallCount = 0
    /// Swipes to an item that failed (``FeedSwipe/error``).
    public private(set) var failedSwipeCount = 0
    /// Seconds played on screen.
    public private(set) var watchedDuration: TimeInterval = 0
    /// The times from swipe to first frame of the last ``recentLimit`` swipes that had one.
    private var recentTimesToFirstFrame: [TimeInterval] = []

    /// No swipes yet (the pool's, before its first swipe).
    package init() {}

    /// Counts `swipe`, a complete one (the pool does, as each arrives on its swipe log).
    package mutating func add(_ swipe: FeedSwipe) {
        swipeCount += 1
        if swipe.wasPreloaded { preloadedSwipeCount += 1 }
        stallCount += swipe.stallCount
        if swipe.error != nil { failedSwipeCount += 1 }
        watchedDuration += swipe.watchedDuration
        if let time = swipe.timeToFirstFrame {
            recentTimesToFirstFrame.append(time)
            if recentTimesToFirstFrame.count > Self.recentLimit { recentTimesToFirstFrame.removeFirst() }
        }
    }

    /// The time from swipe to first frame that `percentile` (0…1) of the recent swipes did not
    /// exceed (nearest rank: 0.5 is the median); nil before any swipe had a first frame.
    public func timeToFirstFrame(percentile: Double) -> TimeInterval? {
        guard !recentTimesToFirstFrame.isEmpty else { return nil }
        let sorted = recentTimesToFirstFrame.sorted()
        let rank = Int((min(1, max(0, percentile)) * Double(sorted.count)).rounded(.up))
        return sorted[max(0, rank - 1)]
    }

    /// Stalls per 100 swipes; 0 before any swipe.
    public var stallsPer100Swipes: Double {
        swipeCount == 0 ? 0 : Double(stallCount) * 100 / Double(swipeCount)
    }
}
