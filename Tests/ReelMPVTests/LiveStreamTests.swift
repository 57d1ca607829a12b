import Foundation
import ReelComposable
import ReelCore
import ReelMPV
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// Live HLS on real libmpv: a loopback server publishes one more segment of a sliding-window
/// playlist on every request for it (``LiveHLSPublisher``), so the stream grows as the player
/// asks for it, and stops growing when the test freezes it.
@MainActor
@Suite("Live streams on libmpv", .serialized)
struct LiveStreamTests {
    private func start(
        patience: Int = 6, reload: PlayerFeature.LiveReload = .standard
    ) async throws -> (Player, LiveHLSPublisher, LoopbackHTTPServer) {
        let publisher = try await LiveHLSPublisher(window: 6)
        let server = LoopbackHTTPServer(routes: publisher.routes)
        try server.start()
        var configuration = MPVConfiguration.headless
        configuration.livePlaylistPatience = patience
        let player = Player(
            engine: try MPVEngine(configuration: configuration), feature: PlayerFeature(liveReload: reload))
        try player.load(MediaItem(url: server.url(LiveHLSPublisher.playlistPath)))
        return (player, publisher, server)
    }

    /// Measured on libmpv 0.35.1 with FFmpeg 5.1: the stream opens three segments before the
    /// newest, is seekable only through mpv's cache, and its window grows as segments arrive.
    @Test func aLiveStreamHasAWindowAnEdgeAndGoesLive() async throws {
        let (player, _, server) = try await start()
        defer { server.stop() }
        try await player.until("live with a window", timeout: .seconds(20)) {
            $0.playback.status == .ready && $0.isLive && $0.liveWindow != nil
        }
        #expect(player.duration == nil)
        #expect(player.store.state.remainingLabel == "LIVE")
        // Playing from where FFmpeg starts a live playlist: a few seconds behind the newest segment.
        try await player.until("at the live edge", timeout: .seconds(10)) { $0.store.state.isAtLiveEdge }
        // Wait for a DVR window worth seeking back in.
        try await player.until("a window of 6 s", timeout: .seconds(30)) {
            ($0.liveWindow.map { $0.end - $0.start } ?? 0) >= 6
        }
        let window = try #require(player.liveWindow)
        try player.seek(to: window.start + 0.5)
        try await player.until("behind live", timeout: .seconds(10)) {
            $0.playback.status == .ready && $0.playback.waiting == .none
                && ($0.playback.behindLive() ?? 0) > PlaybackInfo.liveEdgeTolerance
        }
        #expect(player.store.state.liveLabel?.hasPrefix("-") == true)
        #expect(player.store.state.progress.map { $0 < 0.5 } == true)
        try player.goLive()
        try await player.until("back at the live edge", timeout: .seconds(10)) {
            $0.playback.status == .ready && $0.playback.waiting == .none && $0.playback.isAtLiveEdge()
        }
        #expect(player.state == .playing)
        #expect(server.requestCount(LiveHLSPublisher.playlistPath) > 3)
        await player.shutdown()
    }

    /// A playlist that stops growing ends the item (FFmpeg's `m3u8_hold_counters`, here 2); the
    /// player reloads it at its live edge, and it plays again once the playlist grows again.
    @Test func aStreamThatRunsDryIsReloadedAndRecovers() async throws {
        let (player, publisher, server) = try await start(patience: 2)
        defer { server.stop() }
        try await player.until("live", timeout: .seconds(20)) { $0.playback.status == .ready && $0.isLive }
        publisher.freeze()
        let firstItem = player.playback.itemID
        try await player.until("reloaded", timeout: .seconds(30)) { $0.store.state.liveReloads.attempts == 1 }
        #expect(player.playback.itemID != firstItem)
        publisher.resume()
        try await player.until("live again", timeout: .seconds(20)) {
            $0.playback.status == .ready && $0.isLive && $0.state == .playing
        }
        await player.shutdown()
    }

    /// A stream that stays dry is reloaded `maximumAttempts` times, then fails with a typed error.
    @Test func aStreamThatStaysDryFailsAfterTheReloads() async throws {
        let (player, publisher, server) = try await start(
            patience: 1, reload: PlayerFeature.LiveReload(maximumAttempts: 2, recovery: 60))
        defer { server.stop() }
        try await player.until("live", timeout: .seconds(20)) { $0.playback.status == .ready && $0.isLive }
        publisher.freeze()
        try await player.until("failed", timeout: .seconds(60)) {
            if case .failed = $0.playback.status { return true }
            return false
        }
        #expect(player.playback.status == .failed(PlayerError(.liveStreamStopped)))
        #expect(player.state == .paused(reason: .error(PlayerError(.liveStreamStopped))))
        await player.shutdown()
    }

    /// A VOD HLS playlist (with `#EXT-X-ENDLIST`) is not live: it keeps its duration.
    @Test func aFinishedPlaylistIsNotLive() async throws {
        let folder = try await MediaFixtures.url(for: .hlsStream)
        var routes: [String: LoopbackHTTPServer.Behaviour] = [
            "/hls/index.m3u8": .file(folder.appendingPathComponent("index.m3u8"))
        ]
        for index in 0..<6 {
            routes["/hls/segment\(index).ts"] = .file(folder.appendingPathComponent("segment\(index).ts"))
        }
        let server = LoopbackHTTPServer(routes: routes)
        try server.start()
        defer { server.stop() }
        let player = Player(engine: try MPVEngine(configuration: .headless))
        try player.load(MediaItem(url: server.url("/hls/index.m3u8")))
        try await player.until(status: .ready, timeout: .seconds(20))
        #expect(!player.isLive)
        #expect(player.liveWindow == nil)
        #expect(player.duration.map { abs($0 - 6) < 0.2 } == true)
        await player.shutdown()
    }
}
