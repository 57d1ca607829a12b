import Foundation
import ReelCore
import ReelProbe
import ReelTestSupport
import ReelTesting
import Testing

/// ReelProbe over HTTP from the loopback server: HLS manifests, HTTP errors, servers that stall,
/// and the protocol whitelist.
@Suite("MediaProbe over HTTP")
struct NetworkProbeTests {
    /// The six-segment HLS stream under `prefix` (`/a/index.m3u8`, `/a/segment0.ts`, …).
    private func hlsRoutes(under prefix: String) async throws -> [String: LoopbackHTTPServer.Behaviour] {
        let folder = try await MediaFixtures.url(for: .hlsStream)
        var routes: [String: LoopbackHTTPServer.Behaviour] = [
            "\(prefix)/index.m3u8": .file(
                folder.appendingPathComponent("index.m3u8"), contentType: "application/vnd.apple.mpegurl")
        ]
        for index in 0..<6 {
            routes["\(prefix)/segment\(index).ts"] = .file(
                folder.appendingPathComponent("segment\(index).ts"), contentType: "video/mp2t")
        }
        return routes
    }

    @Test("An HLS media playlist: its streams and duration, without playing it")
    func hlsMediaPlaylist() async throws {
        let server = LoopbackHTTPServer(routes: try await hlsRoutes(under: "/hls"))
        try server.start()
        defer { server.stop() }
        let media = try await MediaProbe().probe(server.url("/hls/index.m3u8"))
        #expect(media.container == "hls")
        #expect(media.duration.map { abs($0 - 6) < 0.12 } == true, "\(media.duration as Any)")
        #expect(media.streams.map(\.codec) == ["h264", "aac"])
        #expect(media.streams.first?.video?.width == 320 && media.streams.first?.video?.height == 240)
        #expect(media.isPlayable)
        // Reading the parameters needs the first segments, not the whole stream.
        #expect(server.requestCount("/hls/segment5.ts") == 0)
    }

    @Test("An HLS master playlist: each variant is a program with its bandwidth")
    func hlsMasterPlaylist() async throws {
        var routes = try await hlsRoutes(under: "/low")
        routes.merge(try await hlsRoutes(under: "/high")) { first, _ in first }
        routes["/master.m3u8"] = .text(
            """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=320x240
            high/index.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=320x240
            low/index.m3u8

            """, contentType: "application/vnd.apple.mpegurl")
        let server = LoopbackHTTPServer(routes: routes)
        try server.start()
        defer { server.stop() }
        let media = try await MediaProbe().probe(server.url("/master.m3u8"))
        #expect(media.container == "hls")
        #expect(media.programs.map(\.bitRate) == [800_000, 400_000])
        #expect(media.programs.map(\.streams.count) == [2, 2])
        #expect(media.streams.count == 4)
        #expect(media.streams.map(\.codec).sorted() == ["aac", "aac", "h264", "h264"])
        #expect(media.streams.allSatisfy { $0.metadata["variant_bitrate"] != nil })
    }

    @Test("A DASH manifest: its representations' streams and duration")
    func dashManifest() async throws {
        let folder = try await MediaFixtures.url(for: .dashStream)
        var routes: [String: LoopbackHTTPServer.Behaviour] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            routes["/dash/\(name)"] = .file(folder.appendingPathComponent(name), contentType: nil)
        }
        let server = LoopbackHTTPServer(routes: routes)
        try server.start()
        defer { server.stop() }
        let media = try await MediaProbe().probe(server.url("/dash/manifest.mpd"))
        #expect(media.container == "dash")
        #expect(media.duration == 4)
        #expect(media.streams.map(\.codec) == ["h264", "aac"])
        #expect(media.streams.first?.video?.width == 320 && media.streams.first?.video?.height == 240)
        #expect(media.streams.last?.audio?.sampleRate == 48000)
        #expect(server.requestCount("/dash/manifest.mpd") >= 1)
    }

    @Test("A remote manifest cannot reach local files: file segments are not on its whitelist")
    func remoteManifestCannotReadLocalFiles() async throws {
        let folder = try await MediaFixtures.url(for: .hlsStream)
        let segments = (0..<6).map {
            "#EXTINF:1.0,\n\(folder.appendingPathComponent("segment\($0).ts").absoluteString)"
        }
        let playlist =
            "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-PLAYLIST-TYPE:VOD\n"
            + segments.joined(separator: "\n") + "\n#EXT-X-ENDLIST\n"
        let server = LoopbackHTTPServer(routes: [
            "/local.m3u8": .text(playlist, contentType: "application/vnd.apple.mpegurl")
        ])
        try server.start()
        defer { server.stop() }
        // Whether FFmpeg then fails or reports no streams, no segment's picture may be read.
        let media = try? await MediaProbe().probe(server.url("/local.m3u8"))
        #expect(media?.streams.contains { $0.video != nil && $0.video?.width == 320 } != true)
    }

    @Test("A local manifest cannot reach the network")
    func localManifestCannotReachTheNetwork() async throws {
        let server = LoopbackHTTPServer(routes: try await hlsRoutes(under: "/hls"))
        try server.start()
        defer { server.stop() }
        let segments = (0..<6).map { "#EXTINF:1.0,\n\(server.url("/hls/segment\($0).ts").absoluteString)" }
        let playlist =
            "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-PLAYLIST-TYPE:VOD\n"
            + segments.joined(separator: "\n") + "\n#EXT-X-ENDLIST\n"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reel-probe-\(UUID().uuidString).m3u8")
        try Data(playlist.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try? await MediaProbe().probe(file)
        #expect(server.requests().isEmpty, "\(server.requests().map(\.path))")
    }

    @Test("HTTP errors are typed: 404 by number, a 5xx by class")
    func httpErrors() async throws {
        let server = LoopbackHTTPServer(routes: ["/missing.mp4": .status(404), "/broken.mp4": .status(503)])
        try server.start()
        defer { server.stop() }
        let missing = await #expect(throws: ProbeError.self) {
            try await MediaProbe().probe(server.url("/missing.mp4"))
        }
        #expect(missing?.code == .httpStatus(404))
        let broken = await #expect(throws: ProbeError.self) { try await MediaProbe().probe(server.url("/broken.mp4")) }
        #expect(broken?.code == .httpStatus(nil))
        #expect(broken?.message.contains("5xx") == true)
    }

    @Test("Nothing listening: networkUnreachable")
    func connectionRefused() async throws {
        let server = LoopbackHTTPServer()
        try server.start()
        let url = server.url("/clip.mp4")
        server.stop()
        let error = await #expect(throws: ProbeError.self) { try await MediaProbe().probe(url) }
        #expect(error?.code == .networkUnreachable)
    }

    @Test("A server that stalls: the deadline ends the probe")
    func stallingServerTimesOut() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let gate = StallGate()
        let server = LoopbackHTTPServer(routes: ["/stall.mp4": .stallAfter(bytes: 0, of: clip, gate: gate)])
        try server.start()
        defer {
            gate.open()
            server.stop()
        }
        let started = ContinuousClock.now
        let error = await #expect(throws: ProbeError.self) {
            try await MediaProbe(timeout: .milliseconds(500)).probe(server.url("/stall.mp4"))
        }
        let elapsed = ContinuousClock.now - started
        #expect(error?.code == .timedOut)
        #expect(elapsed >= .milliseconds(500) && elapsed < hangBound(after: .seconds(1)), "\(elapsed)")
        #expect(gate.isOpen == false)
    }

    @Test("Cancelling the task interrupts FFmpeg")
    func cancellation() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let gate = StallGate()
        let server = LoopbackHTTPServer(routes: ["/stall.mp4": .stallAfter(bytes: 0, of: clip, gate: gate)])
        try server.start()
        defer {
            gate.open()
            server.stop()
        }
        let url = server.url("/stall.mp4")
        let task = Task { try await MediaProbe(timeout: .seconds(60)).probe(url) }
        #expect(await gate.waitUntilReached(timeout: .seconds(10)))
        let started = ContinuousClock.now
        task.cancel()
        let result = await task.result
        #expect(ContinuousClock.now - started < hangBound(after: .seconds(1)))
        if case .failure(let error as ProbeError) = result {
            #expect(error.code == .cancelled)
        } else {
            Issue.record("\(result)")
        }
    }
}
