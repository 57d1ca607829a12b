import Foundation
import ReelComposable
import ReelCore
import ReelMPV
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// An HLS stream in three variants (ffmpeg's `-var_stream_map`) from the loopback server.
@MainActor
@Suite("Streaming quality on libmpv", .serialized)
struct StreamingQualityTests {
    private func server() async throws -> LoopbackHTTPServer {
        let server = LoopbackHTTPServer(routes: try await LoopbackHTTPServer.hlsVariantsRoutes())
        try server.start()
        return server
    }

    /// Measured on libmpv 0.35.1 with FFmpeg 5.1: each variant is a video track (and its own
    /// audio track), the engine opens the highest, and a fixed choice switches the picture and
    /// fetches that variant's segments; Auto goes back to the engine's choice.
    @Test func variantsAreListedAndChosen() async throws {
        let server = try await server()
        defer { server.stop() }
        let player = Player(engine: try MPVEngine(configuration: .headless))
        try player.load(MediaItem(url: server.url("/v/master.m3u8")))
        try await player.until("three variants", timeout: .seconds(20)) {
            $0.playback.status == .ready && $0.variants.count == 3 && $0.playback.video != nil
        }
        #expect(player.variants.map(\.height) == Fixture.hlsVariantHeights)
        #expect(player.variants.allSatisfy { $0.audioTrackID != nil })
        #expect(player.streamingQuality == .auto)
        #expect(player.playback.currentVariant?.height == 360)
        #expect(player.playback.video?.height == 360)
        #expect(!player.isLive)

        let lowest = try #require(player.variants.last)
        try player.setStreamingQuality(.variant(lowest))
        // The picture's new size and the track list's new selection are separate events.
        try await player.until("the 90p picture and its sound", timeout: .seconds(10)) {
            $0.playback.video?.height == 90 && $0.playback.selectedTrack(.audio)?.id == lowest.audioTrackID
        }
        #expect(player.playback.currentVariant == lowest)
        #expect(server.requestCount("/v/90p/index.m3u8") >= 1)

        try player.setStreamingQuality(.auto)
        try await player.until("the 360p picture again", timeout: .seconds(10)) { $0.playback.video?.height == 360 }
        #expect(player.streamingQuality == .auto)
        await player.shutdown()
    }

    /// A plain file has no variants.
    /// `preferredPeakBitRate` picks the variant the stream opens on (libmpv's `hls-bitrate`):
    /// 0, below every variant, opens the lowest; the app can step up from there.
    @Test func aPeakBitRateOpensALowerVariant() async throws {
        let server = try await server()
        defer { server.stop() }
        let player = Player(engine: try MPVEngine(configuration: .headless))
        var item = MediaItem(url: server.url("/v/master.m3u8"))
        item.preferredPeakBitRate = 0
        try player.load(item)
        try await player.until("the stream open", timeout: .seconds(20)) {
            $0.playback.status == .ready && $0.variants.count == 3 && $0.playback.video != nil
        }
        #expect(player.playback.currentVariant?.height == 90)
        #expect(player.playback.video?.height == 90)
        // FFmpeg reads the first two segments of every variant when it opens the stream (to find
        // its streams); from then on only the variant played.
        #expect(await server.waitForRequests("/v/90p/segment4.ts", timeout: .seconds(20)))
        #expect((2..<6).allSatisfy { server.requestCount("/v/360p/segment\($0).ts") == 0 })
        await player.shutdown()
    }

    @Test func aFileHasNoVariants() async throws {
        let player = Player(engine: try MPVEngine(configuration: .headless))
        try player.load(MediaItem(url: try await MediaFixtures.url(for: .shortClip)))
        try await player.until(status: .ready, timeout: .seconds(10))
        #expect(player.variants.isEmpty)
        await player.shutdown()
    }
}
