import Foundation
import ReelComposable
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

@testable import ReelMPV

/// Live sources beyond HTTP from loopback: ffmpeg in listen mode as an RTMP server and as an SRT
/// listener, and Perl's RTSP::Server relaying what ffmpeg publishes, each looping a clip in real
/// time. Each scheme is opt-in through the URL policy.
@MainActor
@Suite("Live sources on libmpv", .serialized)
struct LiveSourceTests {
    /// The ffmpeg on `PATH`.
    nonisolated static func ffmpeg() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("ffmpeg") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Whether Debian's ffmpeg (and so the FFmpeg libmpv uses) has `name` as a protocol.
    nonisolated static func hasProtocol(_ name: String) -> Bool {
        guard let ffmpeg = ffmpeg(), let result = BlockingCommand.run(ffmpeg.path, ["-hide_banner", "-protocols"])
        else {
            return false
        }
        return String(decoding: result.output, as: UTF8.self).split(whereSeparator: \.isWhitespace).contains {
            $0 == name
        }
    }

    /// Whether a TCP socket listens on 127.0.0.1:`port` (the kernel's table, `/proc/net/tcp`: no
    /// connection is made, so a server that accepts one client keeps it for the player).
    private static func isListening(port: Int) -> Bool {
        guard let table = try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8) else { return false }
        let local = String(format: "0100007F:%04X", port)
        return table.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.count > 3 && fields[1] == local && fields[3] == "0A"
        }
    }

    /// Waits (polling the kernel's table, bounded) until a TCP server listens on `port`.
    private func waitForListener(port: Int) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while !Self.isListening(port: port) {
            guard ContinuousClock.now < deadline else {
                Issue.record("nothing listens on port \(port)")
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Starts ffmpeg sending the ten-second clip, looped in real time, to `output` as `format`.
    private func serve(format: String, to output: String) async throws -> Process {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        guard let ffmpeg = Self.ffmpeg() else { throw MediaFixtureError.ffmpegNotFound(searched: "PATH") }
        let process = Process()
        process.executableURL = ffmpeg
        process.arguments =
            ["-hide_banner", "-loglevel", "error", "-nostdin", "-re", "-stream_loop", "-1", "-i", clip.path]
            + ["-c", "copy", "-f", format] + (format == "flv" ? ["-listen", "1"] : []) + [output]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Loads `url` until it plays: the listener may not be up yet when the first load connects,
    /// and that load fails at once (RTMP: refused) or after the handshake's timeout (SRT).
    private func playWhenListening(_ url: URL, on player: Player) async throws {
        for _ in 0..<20 {
            try player.load(MediaItem(url: url))
            try await player.until("ready or failed", timeout: .seconds(20)) {
                switch $0.playback.status {
                case .ready, .failed: true
                default: false
                }
            }
            if player.playback.status == .ready { return }
        }
        Issue.record("\(url) never played: \(player.playback.status)")
    }

    private func player(allowing scheme: String, rtspTransport: MPVConfiguration.RTSPTransport = .tcp) throws -> (
        Player, MPVEngine
    ) {
        var configuration = MPVConfiguration.headless
        configuration.urlPolicy = URLPolicy.standard.allowing(scheme)
        configuration.rtspTransport = rtspTransport
        let engine = try MPVEngine(configuration: configuration)
        return (Player(engine: engine), engine)
    }

    @Test func liveSchemesAreRefusedUnlessAllowed() async throws {
        let player = Player(engine: try MPVEngine(configuration: .headless))
        for address in ["rtsp://127.0.0.1:1/x", "rtmp://127.0.0.1:1/live/x", "srt://127.0.0.1:1"] {
            let url = try #require(URL(string: address))
            #expect(throws: PlayerError.self) { try player.load(MediaItem(url: url)) }
            #expect(player.playback.status == .failed(PlayerError(.refusedScheme(url.scheme ?? ""))))
        }
        await player.shutdown()
    }

    @Test(.enabled(if: hasProtocol("rtmp"), "Debian's FFmpeg has no RTMP"))
    func rtmpFromAListeningServerPlaysLiveWithoutACache() async throws {
        let port = LoopbackPort.free(udp: false)
        let address = "rtmp://127.0.0.1:\(port)/live/reel"
        let server = try await serve(format: "flv", to: address)
        defer { kill(server.processIdentifier, SIGKILL) }
        try await waitForListener(port: port)
        let (player, engine) = try player(allowing: "rtmp")
        try await playWhenListening(try #require(URL(string: address)), on: player)
        #expect(player.isLive)
        #expect(player.duration == nil)
        #expect(engine.propertyText("cache") == "no")
        let start = player.currentTime
        try await player.until("two seconds played", timeout: .seconds(20)) { $0.currentTime > start + 2 }
        await player.shutdown()
    }

    @Test(.enabled(if: hasProtocol("srt"), "Debian's FFmpeg has no SRT (libsrt)"))
    func srtFromAListenerPlaysLive() async throws {
        let port = LoopbackPort.free(udp: true)
        let server = try await serve(format: "mpegts", to: "srt://127.0.0.1:\(port)?mode=listener")
        defer { kill(server.processIdentifier, SIGKILL) }
        let (player, engine) = try player(allowing: "srt")
        try await playWhenListening(try #require(URL(string: "srt://127.0.0.1:\(port)")), on: player)
        #expect(player.isLive)
        #expect(engine.propertyText("cache") == "no")
        let start = player.currentTime
        try await player.until("two seconds played", timeout: .seconds(20)) { $0.currentTime > start + 2 }
        await player.shutdown()
    }
    @Test(.enabled(if: LoopbackRTSPServer.isAvailable, "needs librtsp-server-perl (make deps)"))
    func rtspFromARelayPlaysLiveOverUDP() async throws {
        let server = try await LoopbackRTSPServer.start(publishing: try await MediaFixtures.url(for: .tenSecondClip))
        defer { server.stop() }
        let (player, engine) = try player(allowing: "rtsp", rtspTransport: .udp)
        try player.load(MediaItem(url: server.url))
        try await player.until(status: .ready, timeout: .seconds(20))
        #expect(player.isLive)
        #expect(player.duration == nil)
        #expect(engine.propertyText("cache") == "no")
        #expect(engine.propertyText("rtsp-transport") == "udp")
        #expect(player.playback.tracks.contains { $0.kind == .video })
        let start = player.currentTime
        try await player.until("two seconds played", timeout: .seconds(20)) { $0.currentTime > start + 2 }
        await player.shutdown()
    }
}
