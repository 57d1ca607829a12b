import Foundation
import ReelCore
import ReelMPV
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// Playback metrics on libmpv, over a loopback server that throttles, stalls and fails.
@MainActor
@Suite("Playback metrics on libmpv", .serialized)
struct MetricsNetworkTests {
    private func size(of file: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
    }

    /// Waits until the player's observable metrics satisfy `condition`.
    private func waitForMetrics(
        _ player: Player, _ what: String, timeout: Duration = .seconds(15),
        _ condition: @escaping @MainActor (PlaybackMetrics) -> Bool
    ) async throws {
        let observe: @MainActor () -> Void = { _ = player.metrics }
        let met = await ObservationWait.until(timeout: timeout, observing: observe) { condition(player.metrics) }
        #expect(met, "timed out waiting for \(what); the player was \(player.state)")
        try #require(met)
    }

    @Test func aStallIsCountedWithItsDurationAndTheItemsFiguresAreLogged() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let size = try size(of: clip)
        let gate = StallGate()
        let server = LoopbackHTTPServer(routes: ["/clip.mp4": .stallAfter(bytes: size * 4 / 10, of: clip, gate: gate)])
        try server.start()
        defer {
            gate.open()
            server.stop()
        }
        let player = Player(engine: try MPVEngine(configuration: .headless))
        let log = player.metricsLog
        try player.load(MediaItem(url: server.url("/clip.mp4"), title: "Stalling"))
        try await player.until(state: .playing, timeout: .seconds(15))
        try await player.until(state: .buffering(reason: .toMinimizeStalls), timeout: .seconds(30))
        try await waitForMetrics(player, "a stall") { $0.item?.stallCount == 1 }
        let stalled = try #require(player.metrics.item)
        #expect((stalled.timeToFirstFrame ?? 0) > 0)
        #expect((stalled.startupTime ?? 0) >= (stalled.timeToFirstFrame ?? 0))
        gate.open()
        try await player.until(state: .playing, timeout: .seconds(20))
        try await player.until(state: .paused(reason: .endOfMedia), timeout: .seconds(30))
        await player.shutdown()

        var entries: [MetricsLogEntry] = []
        for await entry in log { entries.append(entry) }
        #expect(entries.count == 1)
        guard case .access(let entry) = try #require(entries.first) else {
            Issue.record("expected an access-log entry, got \(entries)")
            return
        }
        let figures = entry.metrics
        #expect(figures.title == "Stalling")
        #expect(figures.stallCount == 1)
        #expect(figures.stallDuration > 0)
        #expect(figures.playingDuration > 5)
        let ratio = try #require(figures.rebufferingRatio)
        #expect(ratio > 0 && ratio < 1)
        #expect((figures.timeToFirstFrame ?? 0) > 0)
        // Taken at the end of the item, after the whole file came.
        let bytes = try #require(figures.bytesTransferred)
        #expect(bytes > size / 2 && bytes < size * 2, "\(bytes) bytes of a \(size)-byte file")
        #expect(figures.droppedFrames != nil)
        #expect(figures.decoder == "h264 (software)")
        #expect(entry.endReason == .endOfMedia)
        #expect(player.accessLog == [entry])
        #expect(player.metrics.session.stallCount == 1)
        #expect(player.metrics.item == nil)
    }

    @Test func aThrottledServersRateIsObservedAndItsBytesCounted() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let size = try size(of: clip)
        // Half the file a second: it keeps up with playback, and takes about two seconds.
        let rate = size / 2
        let server = LoopbackHTTPServer(routes: ["/slow.mp4": .throttled(clip, bytesPerSecond: rate)])
        try server.start()
        defer { server.stop() }
        let player = Player(engine: try MPVEngine(configuration: .headless))
        try player.load(MediaItem(url: server.url("/slow.mp4")))
        try await player.until(state: .playing, timeout: .seconds(15))
        try await player.until(position: 2.5, timeout: .seconds(15))
        player.refreshStatistics()
        try await waitForMetrics(player, "a statistics sample") { $0.item?.observedBitrate != nil }
        let item = try #require(player.metrics.item)
        let observed = try #require(item.observedBitrate)
        #expect(observed > 0 && observed <= Double(rate) * 8 * 2, "observed \(observed) b/s, sent \(rate * 8) b/s")
        #expect((item.audioBitrate ?? 0) > 0)
        try await player.until(state: .paused(reason: .endOfMedia), timeout: .seconds(20))
        await player.shutdown()
        let entry = try #require(player.accessLog.last)
        let bytes = try #require(entry.metrics.bytesTransferred)
        #expect(bytes > size / 2 && bytes < size * 2, "\(bytes) bytes of a \(size)-byte file")
        #expect(entry.metrics.stallCount == 0)
        #expect(entry.metrics.rebufferingRatio == 0)
    }

    @Test func aFailingItemLeavesAnErrorLogEntryWithItsTypedErrorAndLogLines() async throws {
        let server = LoopbackHTTPServer(routes: ["/gone.mp4": .status(404)])
        try server.start()
        defer { server.stop() }
        let player = Player(engine: try MPVEngine(configuration: .headless))
        let log = player.metricsLog
        let url = server.url("/gone.mp4")
        try player.load(MediaItem(url: url))
        try await player.until("a failure", timeout: .seconds(20)) { player in
            if case .paused(reason: .error) = player.state { true } else { false }
        }
        let entry = try #require(player.errorLog.first)
        #expect(player.errorLog.count == 1)
        #expect(entry.error.code == .httpStatus(404))
        #expect(entry.url == url)
        #expect(entry.itemID == player.playback.itemID)
        #expect(entry.command == nil)
        #expect(entry.engineLog.count >= 2, "\(entry.engineLog)")
        #expect(abs(entry.date.timeIntervalSinceNow) < 60)
        #expect(player.metrics.session.failedItemCount == 1)
        await player.shutdown()
        var errors = 0
        for await case .error(let logged) in log {
            #expect(logged == entry)
            errors += 1
        }
        #expect(errors == 1)
    }

    @Test func anItemReplacedBeforeItsEndReportsTheBytesItFetched() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let size = try size(of: clip)
        let server = LoopbackHTTPServer(routes: [
            "/a.mp4": .throttled(clip, bytesPerSecond: size / 5), "/b.mp4": .file(clip),
        ])
        try server.start()
        defer { server.stop() }
        let player = Player(engine: try MPVEngine(configuration: .headless))
        try player.load(MediaItem(url: server.url("/a.mp4")))
        try await player.until(state: .playing, timeout: .seconds(15))
        #expect(await server.waitForBytes("/a.mp4", atLeast: size * 2 / 5, timeout: .seconds(15)))
        let sentBefore = server.bytesSent("/a.mp4")
        try player.load(MediaItem(url: server.url("/b.mp4")))
        try await player.until(state: .playing, timeout: .seconds(15))
        let sent = server.bytesSent("/a.mp4")
        let entry = try #require(player.accessLog.first { $0.metrics.url == server.url("/a.mp4") })
        // Read while the item unloaded: at most what the server sent until the connection
        // closed, and at least half of what it had sent before the replacement was asked for
        // (the rest still in the sockets' buffers).
        let bytes = try #require(entry.metrics.bytesTransferred, "no bytes for the replaced item")
        #expect(bytes >= sentBefore / 2 && bytes <= sent, "\(bytes): \(sentBefore) sent before, \(sent) in all")
        await player.shutdown()
    }

    @Test func statisticsAreSampledOnlyWhenAskedOrAtTheEnd() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let engine = try MPVEngine(configuration: .headless)
        let events = engine.events
        let player = Player(engine: engine)
        try player.load(MediaItem(url: clip))
        try await player.until(state: .paused(reason: .endOfMedia), timeout: .seconds(15))
        player.refreshStatistics()
        try await waitForMetrics(player, "a sample") { $0.item?.droppedFrames != nil }
        await player.shutdown()
        var samples = 0
        var total = 0
        for await event in events {
            total += 1
            if case .property(.statistics) = event { samples += 1 }
        }
        // The one at the end and the one asked for.
        #expect(samples == 2, "\(samples) samples among \(total) events")
    }
}
