import Foundation
import MetricsTestKit
import ReelCore
import ReelFeed
import ReelMetrics
import ReelPlayer
import ReelTesting
import Testing

/// The feed's exporter on a pool of ``FakeEngine``s, recorded by swift-metrics' `TestMetrics`.
@MainActor
@Suite("FeedMetricsExporter")
struct FeedMetricsExporterTests {
    @Test func eachSwipeBecomesCountersAndTimersWithWhetherItWasPreloaded() async throws {
        let metrics = TestMetrics()
        let items = (0..<4).map { MediaItem(url: URL(fileURLWithPath: "/feed/\($0).mp4")) }
        let pool = try FeedPlayerPool(items: items) { FakeEngine() }
        let exporter = FeedMetricsExporter(pool: pool, factory: metrics)
        try pool.show(index: 0)
        try await pool.visiblePlayer?.until(state: .playing)
        let next = try #require(pool.player(for: 1))
        try await next.until("its first frame") { $0.metrics.item?.timeToFirstFrame != nil }
        try pool.moveForward()
        try await next.until(state: .playing)
        await pool.shutdown()
        await exporter.finished()

        let cold = [("preloaded", "false")]
        let warm = [("preloaded", "true")]
        #expect(try metrics.expectCounter("reel_feed_swipes", cold).totalValue == 1)
        #expect(try metrics.expectCounter("reel_feed_swipes", warm).totalValue == 1)
        #expect(try metrics.expectTimer("reel_feed_swipe_to_first_frame", warm).values == [0])
        #expect(try metrics.expectTimer("reel_feed_swipe_to_playing", cold).values.count == 1)
        #expect(try metrics.expectTimer("reel_feed_swipe_to_playing", warm).values.count == 1)
        #expect(metrics.counters(label: "reel_feed_stalls").isEmpty)
        #expect(metrics.counters(label: "reel_feed_failed_items").isEmpty)
    }

    @Test func aSwipeToAFailedItemCountsItsCode() async throws {
        let metrics = TestMetrics()
        let items = (0..<2).map { MediaItem(url: URL(fileURLWithPath: "/feed/\($0).mp4")) }
        let lost = PlayerError(.connectionLost(at: 1))
        let pool = try FeedPlayerPool(items: items) { () throws(PlayerError) in
            let engine = FakeEngine()
            engine.setFailure(lost, for: items[1].url)
            return engine
        }
        let exporter = FeedMetricsExporter(pool: pool, factory: metrics)
        try pool.show(index: 1)
        try await pool.visiblePlayer?.until(state: .paused(reason: .error(lost)))
        try pool.show(index: 0)
        await pool.shutdown()
        await exporter.finished()
        #expect(try metrics.expectCounter("reel_feed_failed_items", [("code", "connectionLost")]).totalValue == 1)
    }
}
