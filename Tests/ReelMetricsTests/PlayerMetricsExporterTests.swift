import Foundation
import MetricsTestKit
import ReelCore
import ReelMetrics
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// The exporter on a player driven by ``FakeEngine``, recorded by swift-metrics' `TestMetrics`.
@MainActor
@Suite("PlayerMetricsExporter")
struct PlayerMetricsExporterTests {
    let clip = URL(fileURLWithPath: "/media/clip.mp4")

    @Test func anItemsFiguresBecomeCountersTimersAndGaugesWithTheItemAsADimension() async throws {
        let metrics = TestMetrics()
        let engine = FakeEngine()
        engine.setMedia(.init(duration: 10), for: clip)
        let player = Player(engine: engine)
        let exporter = PlayerMetricsExporter(player: player, factory: metrics)
        try player.load(MediaItem(url: clip, title: "Clip"))
        try await player.until(state: .playing)
        engine.stall()
        try await player.until(state: .buffering(reason: .toMinimizeStalls))
        engine.resumeFromStall()
        try await player.until(state: .playing)
        engine.emit(
            .property(
                .statistics(EngineStatistics(droppedFrames: 4, inputRate: 10_000, bytesTransferred: 250_000))))
        engine.advance(by: 10)
        try await player.until(state: .paused(reason: .endOfMedia))
        await player.shutdown()
        await exporter.finished()

        let item = [("item", "Clip")]
        #expect(try metrics.expectCounter("reel_stalls", item).totalValue == 1)
        #expect(try metrics.expectCounter("reel_bytes_transferred", item).totalValue == 250_000)
        #expect(try metrics.expectCounter("reel_dropped_frames", item).totalValue == 4)
        #expect(try metrics.expectTimer("reel_time_to_first_frame", item).values.count == 1)
        #expect(try metrics.expectTimer("reel_startup_time", item).values.count == 1)
        #expect(try metrics.expectGauge("reel_observed_bitrate", item).lastValue == 80_000)
        let ratio = try #require(try metrics.expectGauge("reel_rebuffering_ratio", item).lastValue)
        #expect(ratio > 0 && ratio <= 1)
        #expect(metrics.counters(label: "reel_errors").isEmpty)
    }

    @Test func aFailedItemCountsAnErrorWithItsCode() async throws {
        let metrics = TestMetrics()
        let engine = FakeEngine()
        engine.setFailure(PlayerError(.httpStatus(404)), for: clip)
        let player = Player(engine: engine)
        let exporter = PlayerMetricsExporter(player: player, prefix: "app", factory: metrics)
        try player.load(MediaItem(url: clip))
        try await player.until("a failure") { player in
            if case .paused(reason: .error) = player.state { true } else { false }
        }
        await player.shutdown()
        await exporter.finished()
        let counter = try metrics.expectCounter("app_errors", [("item", "clip.mp4"), ("code", "httpStatus")])
        #expect(counter.totalValue == 1)
        #expect(player.errorLog.first?.error.code == .httpStatus(404))
    }
}
