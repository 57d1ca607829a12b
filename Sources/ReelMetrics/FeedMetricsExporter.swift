import CoreMetrics
import Foundation
import ReelCore
import ReelFeed

/// Records a ``/ReelFeed/FeedPlayerPool``'s swipes through swift-metrics, next to each player's
/// ``PlayerMetricsExporter`` figures.
///
/// ```swift
/// let exporter = FeedMetricsExporter(pool: pool)
/// ```
///
/// Each complete swipe (``/ReelFeed/FeedPlayerPool/swipeLog``) adds to:
///
/// | label | kind | what |
/// | --- | --- | --- |
/// | `reel_feed_swipes` | counter | swipes, with the dimension `preloaded` (`true`/`false`) |
/// | `reel_feed_swipe_to_first_frame` | timer | from the swipe to the item's first frame (0 when preloaded) |
/// | `reel_feed_swipe_to_playing` | timer | from the swipe to the item playing |
/// | `reel_feed_stalls` | counter | stalls of the item on screen, after it played |
/// | `reel_feed_watched_seconds` | floating-point counter | seconds played on screen |
/// | `reel_feed_failed_items` | counter | swipes to an item that failed, with the dimension `code` (`connectionLost`, `httpStatus`…) |
///
/// A swipe whose item left the screen before its first frame (or before it played) records no
/// time for it. The prefix `reel_feed` is ``prefix``.
@MainActor
public final class FeedMetricsExporter {
    /// The labels' prefix.
    public let prefix: String

    private let factory: any MetricsFactory
    private var task: Task<Void, Never>?

    /// Starts recording `pool`'s swipes from now on, with `factory` (by default the process's,
    /// `MetricsSystem.factory`).
    public init(pool: FeedPlayerPool, prefix: String = "reel_feed", factory: any MetricsFactory = MetricsSystem.factory)
    {
        self.prefix = prefix
        self.factory = factory
        let log = pool.swipeLog
        task = Task { [weak self] in
            for await swipe in log {
                guard let self else { return }
                self.record(swipe)
            }
        }
    }

    /// Waits until the pool's log has finished (at its shutdown) and everything is recorded.
    public func finished() async { await task?.value }

    /// Stops recording.
    public func stop() {
        task?.cancel()
        task = nil
    }

    /// Records one swipe.
    public func record(_ swipe: FeedSwipe) {
        let preloaded = [("preloaded", swipe.wasPreloaded ? "true" : "false")]
        Counter(label: label("swipes"), dimensions: preloaded, factory: factory).increment()
        if let time = swipe.timeToFirstFrame {
            Timer(label: label("swipe_to_first_frame"), dimensions: preloaded, factory: factory).recordSeconds(time)
        }
        if let time = swipe.timeToPlaying {
            Timer(label: label("swipe_to_playing"), dimensions: preloaded, factory: factory).recordSeconds(time)
        }
        if swipe.stallCount > 0 {
            Counter(label: label("stalls"), factory: factory).increment(by: Int64(swipe.stallCount))
        }
        FloatingPointCounter(label: label("watched_seconds"), factory: factory).increment(by: swipe.watchedDuration)
        if let error = swipe.error {
            Counter(label: label("failed_items"), dimensions: [("code", error.code.identifier)], factory: factory)
                .increment()
        }
    }

    private func label(_ name: String) -> String { "\(prefix)_\(name)" }
}
