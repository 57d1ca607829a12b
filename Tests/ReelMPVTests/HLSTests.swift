import Foundation
import ReelCore
import ReelMPV
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// HLS from the loopback server, with faults in single segments.
@MainActor
@Suite("MPVEngine with HLS", .serialized)
struct HLSTests {
    /// Routes for the six-segment stream under `/hls/`, with `missing` answering 404.
    private func routes(missing: Int) async throws -> [String: LoopbackHTTPServer.Behaviour] {
        let folder = try await MediaFixtures.url(for: .hlsStream)
        let playlist = folder.appendingPathComponent("index.m3u8")
        var routes: [String: LoopbackHTTPServer.Behaviour] = [
            "/hls/index.m3u8": .file(playlist, contentType: "application/vnd.apple.mpegurl")
        ]
        for index in 0..<6 {
            let segment = folder.appendingPathComponent("segment\(index).ts")
            routes["/hls/segment\(index).ts"] =
                index == missing ? .status(404) : .file(segment, contentType: "video/mp2t")
        }
        return routes
    }

    /// Measured on libmpv 0.35.1 with FFmpeg 5.1: the HLS demuxer asks for the missing segment
    /// again (six requests in all), logs "Failed to open segment 2", skips it and plays the rest
    /// to the end; the item never fails and ends normally.
    @Test func aMissingSegmentIsSkippedAndPlaybackEndsNormally() async throws {
        let server = LoopbackHTTPServer(routes: try await routes(missing: 2))
        try server.start()
        defer { server.stop() }
        var configuration = MPVConfiguration.headless
        configuration.options = ["untimed": "yes", "ao-null-untimed": "yes"]
        let player = Player(engine: try MPVEngine(configuration: configuration))
        let transitions = player.recordStates()
        try player.load(MediaItem(url: server.url("/hls/index.m3u8")))
        try await player.until(state: .paused(reason: .endOfMedia), timeout: .seconds(30))
        #expect(player.playback.status == .ended)
        #expect(player.duration.map { abs($0 - 6) < 0.1 } == true)
        // Decoding untimed may outrun the retries: a stall for the network is allowed, an error is not.
        let allowed: Set<PlayerState> = [
            .buffering(reason: .evaluatingBufferRate), .playing, .buffering(reason: .toMinimizeStalls),
            .paused(reason: .endOfMedia),
        ]
        #expect(transitions.states.first == .buffering(reason: .evaluatingBufferRate))
        #expect(transitions.states.filter { !allowed.contains($0) } == [])
        #expect(transitions.states.filter { $0 == .paused(reason: .endOfMedia) }.count == 1)
        #expect(server.requestCount("/hls/segment2.ts") >= 1)
        for index in [0, 1, 3, 4, 5] {
            #expect(server.requestCount("/hls/segment\(index).ts") >= 1, "segment \(index) was never asked for")
        }
        await player.shutdown()
    }

    @Test func aMissingPlaylistFailsWithItsStatus() async throws {
        var routes = try await routes(missing: -1)
        routes["/hls/index.m3u8"] = .status(404)
        let server = LoopbackHTTPServer(routes: routes)
        try server.start()
        defer { server.stop() }
        let error = try await MPVFailure.loading(server.url("/hls/index.m3u8"))
        #expect(error.code == .httpStatus(404))
    }
}
