import Foundation
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

@testable import ReelMPV

/// Buffering policies on real libmpv: the options reach it, at creation and at run time, and on
/// a server that stops sending, "play immediately" plays what it has where "wait to minimise
/// stalls" waits.
@MainActor
@Suite("Buffering policy", .serialized)
struct BufferingPolicyTests {
    private static var custom: BufferingPolicy {
        var policy = BufferingPolicy()
        policy.waiting = .toMinimizeStalls
        policy.resumeAfter = 3
        policy.forwardBufferDuration = 12
        policy.maximumForwardBytes = 64 << 20
        policy.maximumBackwardBytes = 8 << 20
        policy.networkTimeout = 7
        policy.reconnectsHTTP = true
        return policy
    }

    /// What libmpv holds for each option a policy sets.
    private func libmpvOptions(_ engine: MPVEngine) -> [String: String] {
        let names = [
            "cache-pause", "cache-pause-initial", "cache-pause-wait", "cache-secs", "demuxer-readahead-secs",
            "demuxer-max-bytes", "demuxer-max-back-bytes", "network-timeout", "stream-lavf-o",
        ]
        return Dictionary(uniqueKeysWithValues: names.map { ($0, engine.propertyText($0) ?? "?") })
    }

    @Test func theConfigurationsPolicyReachesLibmpvAndAPlayerChangesIt() async throws {
        let standard = try MPVEngine(configuration: .headless)
        let defaults = libmpvOptions(standard)
        #expect(defaults["cache-pause"] == "yes")
        #expect(defaults["cache-pause-initial"] == "no")
        #expect(defaults["cache-secs"] == "1000.000000")
        #expect(defaults["demuxer-readahead-secs"] == "1.000000")
        #expect(defaults["network-timeout"] == "20.000000")
        #expect(defaults["stream-lavf-o"] == "reconnect=0")
        await standard.shutdown()

        var configuration = MPVConfiguration.headless
        configuration.buffering = Self.custom
        #expect(configuration.networkTimeout == 7)
        let engine = try MPVEngine(configuration: configuration)
        let options = libmpvOptions(engine)
        #expect(options["cache-pause"] == "yes")
        #expect(options["cache-pause-initial"] == "yes")
        #expect(options["cache-pause-wait"] == "3.000000")
        #expect(options["cache-secs"] == "12.000000")
        #expect(options["demuxer-readahead-secs"] == "12.000000")
        #expect(options["demuxer-max-bytes"] == String(64 << 20))
        #expect(options["demuxer-max-back-bytes"] == String(8 << 20))
        #expect(options["network-timeout"] == "7.000000")
        let reconnect = options["stream-lavf-o"] ?? ""
        #expect(reconnect.contains("reconnect=1") && reconnect.contains("reconnect_streamed=1"), "\(reconnect)")

        let player = Player(engine: engine)
        #expect(player.bufferingPolicy == nil)
        try player.setBufferingPolicy(.playImmediately)
        await engine.commandsCompleted()
        #expect(player.bufferingPolicy == .playImmediately)
        let changed = libmpvOptions(engine)
        #expect(changed["cache-pause"] == "no")
        #expect(changed["cache-pause-initial"] == "no")
        #expect(changed["cache-pause-wait"] == "1.000000")
        #expect(changed["cache-secs"] == "1000.000000")
        #expect(changed["network-timeout"] == "20.000000")
        #expect(changed["stream-lavf-o"] == "reconnect=0")
        var small = BufferingPolicy.standard
        small.receiveBufferBytes = 256 << 10
        small.reconnectsHTTP = true
        try player.setBufferingPolicy(small)
        await engine.commandsCompleted()
        let streamOptions = libmpvOptions(engine)["stream-lavf-o"] ?? ""
        #expect(streamOptions.contains("recv_buffer_size=262144") && streamOptions.contains("reconnect=1"))
        try player.setBufferingPolicy(.playImmediately)
        var bad = BufferingPolicy.standard
        bad.resumeAfter = -1
        #expect(throws: PlayerError.self) { try player.setBufferingPolicy(bad) }
        bad = .standard
        bad.receiveBufferBytes = 1000
        #expect(throws: PlayerError.self) { try player.setBufferingPolicy(bad) }
        #expect(player.bufferingPolicy == .playImmediately)
        await player.shutdown()
    }

    /// A server that sends 40 % of a 10 s clip (its index first) and then nothing until the
    /// test opens the gate.
    private func stallingServer() async throws -> (LoopbackHTTPServer, StallGate) {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: clip.path)[.size] as? Int)
        let gate = StallGate()
        let server = LoopbackHTTPServer(routes: ["/clip.mp4": .stallAfter(bytes: size * 4 / 10, of: clip, gate: gate)])
        try server.start()
        return (server, gate)
    }

    @Test func playingImmediatelyStartsWithWhatHasArrived() async throws {
        let (server, gate) = try await stallingServer()
        defer { server.stop() }
        var configuration = MPVConfiguration.headless
        configuration.buffering = .playImmediately
        let player = Player(engine: try MPVEngine(configuration: configuration))
        try player.load(MediaItem(url: server.url("/clip.mp4")))
        #expect(await gate.waitUntilReached(timeout: .seconds(15)))
        try await player.until(state: .playing, timeout: .seconds(15))
        // Plays into what it has with the server still silent, never waiting for more.
        try await player.until(position: 2, timeout: .seconds(15))
        #expect(!gate.isOpen)
        #expect(player.playback.stallCount == 0)
        await player.shutdown()
    }

    @Test func waitingToMinimizeStallsBuffersBeforeItStarts() async throws {
        let (server, gate) = try await stallingServer()
        defer { server.stop() }
        let player = Player(engine: try MPVEngine(configuration: .headless))
        let states = player.recordStates()
        // 8 s wanted before playing; the server holds back all but 4 s.
        var policy = BufferingPolicy.minimizingStalls
        policy.resumeAfter = 8
        try player.setBufferingPolicy(policy)
        try player.load(MediaItem(url: server.url("/clip.mp4")))
        #expect(await gate.waitUntilReached(timeout: .seconds(15)))
        try await player.until(state: .buffering(reason: .toMinimizeStalls), timeout: .seconds(15))
        #expect(!states.states.contains(.playing), "\(states.states)")
        #expect(player.currentTime < 0.1)
        gate.open()
        try await player.until(state: .playing, timeout: .seconds(20))
        await player.shutdown()
    }
}
