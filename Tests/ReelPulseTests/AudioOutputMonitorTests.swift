import Foundation
import Glibc
import ReelCore
import ReelMPV
import ReelPlayer
import ReelPulse
import ReelTestSupport
import ReelTesting
import Testing

/// The audio output going away, on a private PulseAudio server with null outputs, with libmpv
/// playing real sound into it.
@MainActor
@Suite("The audio output going away pauses playback", .timeLimit(.minutes(1)))
struct AudioOutputMonitorTests {
    /// A player whose engine plays its sound on `server`, watched by an interrupting monitor.
    @MainActor
    struct Rig {
        let server: PrivateSoundServer
        let player: Player
        let monitor: AudioOutputMonitor

        init(server: PrivateSoundServer) async throws {
            self.server = server
            var configuration = MPVConfiguration()
            configuration.audio = .system
            configuration.options = ["pulse-host": server.address]
            player = Player(engine: try MPVEngine(configuration: configuration))
            monitor = AudioOutputMonitor.interrupting(player, server: server.address)
            try await monitor.start()
        }

        /// Loads the ten-second clip and waits until it plays on the output `output`.
        func play(on output: String) async throws {
            try player.load(MediaItem(url: try await MediaFixtures.url(for: .tenSecondClip)))
            // Opening the sound server's stream takes seconds under ThreadSanitizer beside the
            // other suites (10 s ran out in 2 of 6 runs): the bound is the suite's minute.
            try await player.until(state: .playing, timeout: .seconds(40))
            try await until("playing on \(output)") { monitor.activeOutputs.map(\.name) == [output] }
        }

        /// Waits until `condition` holds, re-checking at every change of the monitor.
        func until(_ what: String, _ condition: () -> Bool) async throws {
            let monitor = monitor
            let observe: @MainActor () -> Void = {
                _ = monitor.outputs
                _ = monitor.activeOutputs
                _ = monitor.losses
                _ = monitor.isRunning
            }
            let held = await ObservationWait.until(timeout: .seconds(10), observing: observe, condition)
            try #require(held, "Timed out waiting for \(what)")
        }

        func tearDown() async {
            monitor.stop()
            await player.shutdown()
            server.stop()
        }
    }

    @Test(arguments: [true, false])
    func removingTheOutputItPlaysOnPausesWithTheInterruptedReason(rescuesStreams: Bool) async throws {
        let server = try await PrivateSoundServer.start(
            outputs: ["reel_headphones", "reel_speakers"], rescuesStreams: rescuesStreams)
        let rig = try await Rig(server: server)
        try await rig.play(on: "reel_headphones")
        #expect(rig.monitor.outputs.map(\.name) == ["reel_headphones", "reel_speakers"])

        let module = try #require(await server.module(ofOutput: "reel_headphones"))
        await server.removeOutput(module: module)
        try await rig.player.until(state: .paused(reason: .interrupted))
        #expect(rig.player.playback.intent == PlayIntent(playWhenReady: false, reason: .interruption))
        #expect(rig.monitor.losses == [AudioOutputLoss(output: "reel_headphones", cause: .outputRemoved)])
        #expect(!rig.player.isInterrupted, "an output loss does not end by itself: nothing resumes")
        #expect(rig.monitor.outputs.map(\.name) == ["reel_speakers"])
        await rig.tearDown()
    }

    @Test func aStreamTheUserMovesAndOutputsItDoesNotUseLeaveItPlaying() async throws {
        let server = try await PrivateSoundServer.start(outputs: ["reel_headphones", "reel_speakers", "reel_hdmi"])
        let rig = try await Rig(server: server)
        try await rig.play(on: "reel_headphones")

        let stream = try #require(await server.streams().first)
        await server.pactl("move-sink-input", stream, "reel_speakers")
        try await rig.until("the stream on reel_speakers") {
            rig.monitor.activeOutputs.map(\.name) == ["reel_speakers"]
        }
        let hdmi = try #require(await server.module(ofOutput: "reel_hdmi"))
        await server.removeOutput(module: hdmi)
        try await rig.until("reel_hdmi gone") { !rig.monitor.outputs.map(\.name).contains("reel_hdmi") }

        #expect(rig.player.state == .playing)
        #expect(rig.monitor.losses.isEmpty)
        await rig.tearDown()
    }

    @Test func aPausedPlayerStaysPausedForTheUserAndTheLossIsStillReported() async throws {
        let server = try await PrivateSoundServer.start(outputs: ["reel_usb", "reel_speakers"])
        let rig = try await Rig(server: server)
        try await rig.play(on: "reel_usb")
        try rig.player.pause()
        try await rig.player.until(state: .paused(reason: .userInitiated))

        let module = try #require(await server.module(ofOutput: "reel_usb"))
        await server.removeOutput(module: module)
        try await rig.until("the loss") { !rig.monitor.losses.isEmpty }
        #expect(rig.player.state == .paused(reason: .userInitiated))
        await rig.tearDown()
    }

    @Test func theServerGoingAwayStopsTheMonitorAndSaysWhy() async throws {
        let server = try await PrivateSoundServer.start(outputs: ["reel_speakers"])
        let monitor = AudioOutputMonitor(server: server.address) { _ in }
        let (failures, failed) = AsyncStream<String>.makeStream()
        monitor.onFailure = { failed.yield($0) }
        try await monitor.start()
        #expect(monitor.outputs.map(\.name) == ["reel_speakers"])

        monitor.reconnects = false
        server.stop()
        var iterator = failures.makeAsyncIterator()
        let reason = await iterator.next()
        #expect(reason?.isEmpty == false)
        #expect(!monitor.isRunning)
        #expect(monitor.outputs.isEmpty)
    }

    /// A sound server that restarts (PipeWire's does on every update) is watched again: the
    /// monitor says once that it lost the connection, then connects again by itself, after
    /// tries refused while the server was down (which are not failures of their own).
    @Test func aRestartedServerIsWatchedAgain() async throws {
        let server = try await PrivateSoundServer.start(outputs: ["reel_speakers"])
        let monitor = AudioOutputMonitor(server: server.address) { _ in }
        monitor.reconnectDelay = .milliseconds(20)
        let signal = CountSignal()
        var failures: [String] = []
        monitor.onFailure = {
            failures.append($0)
            signal.increment("failed")
        }
        monitor.onReconnect = { signal.increment("reconnected") }
        try await monitor.start()

        // Down for 0.3 s: tries at 20, 60, 140 ms … are refused.
        let restarted = try await server.restarted(after: .milliseconds(300))
        defer { restarted.stop() }
        #expect(await signal.wait(for: "failed", atLeast: 1, timeout: .seconds(10)))
        #expect(await signal.wait(for: "reconnected", atLeast: 1, timeout: .seconds(20)))
        #expect(monitor.isRunning)
        #expect(monitor.outputs.map(\.name) == ["reel_speakers"])
        #expect(failures.count == 1)

    }

    /// An app that stops the monitor when it hears of the failure stops the tries to connect
    /// again too.
    @Test func stoppingFromOnFailureEndsTheReconnection() async throws {
        let server = try await PrivateSoundServer.start(outputs: ["reel_speakers"])
        let monitor = AudioOutputMonitor(server: server.address) { _ in }
        monitor.reconnectDelay = .milliseconds(20)
        let signal = CountSignal()
        // Weak, as an app's would be: a monitor whose handler holds it is never freed.
        monitor.onFailure = { [weak monitor] _ in
            monitor?.stop()
            signal.increment("failed")
        }
        monitor.onReconnect = { signal.increment("reconnected") }
        try await monitor.start()
        let restarted = try await server.restarted()
        defer { restarted.stop() }
        #expect(await signal.wait(for: "failed", atLeast: 1, timeout: .seconds(10)))
        // A restarted server is watched again within about 0.3 s when the tries go on (above);
        // here none may come in 2 s.
        #expect(!(await signal.wait(for: "reconnected", atLeast: 1, timeout: .seconds(2))))
        #expect(!monitor.isRunning)
    }

    @Test func aServerThatNeverAnswersTimesOutWithATypedError() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "reel-mute-\(UUID().uuidString.prefix(8))")
        let listener = try #require(Self.listen(at: path.path), "could not listen at \(path.path)")
        defer {
            close(listener)
            unlink(path.path)
        }
        let monitor = AudioOutputMonitor(server: "unix:\(path.path)") { _ in }
        let started = ContinuousClock.now
        let error = try await #require(throws: SoundServerError.self) { try await monitor.start() }
        #expect(error.message == "Cannot connect to the sound server: it did not answer within 5 s.")
        #expect(ContinuousClock.now - started < .seconds(15))
        #expect(!monitor.isRunning)
    }

    /// A Unix socket that takes connections into its backlog and never accepts or answers them.
    private static func listen(at path: String) -> Int32? {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, Glibc.listen(descriptor, 8) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    @Test func withoutASoundServerStartThrowsATypedError() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("reel-no-server/native")
        let monitor = AudioOutputMonitor(server: "unix:\(missing.path)") { _ in }
        let error = try await #require(throws: SoundServerError.self) { try await monitor.start() }
        #expect(error.action == "connect to the sound server")
        #expect(error.message.hasPrefix("Cannot connect to the sound server: "))
        #expect(!monitor.isRunning)
        monitor.stop()
    }
}
