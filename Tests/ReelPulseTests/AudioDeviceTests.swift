import Foundation
import ReelCore
import ReelMPV
import ReelPlayer
import ReelPulse
import ReelTestSupport
import ReelTesting
import Testing

/// Choosing the audio output on a private PulseAudio server with two null outputs, with libmpv
/// playing real sound into it; the sound server's monitor (ReelPulse) says where the stream is.
@MainActor
@Suite("Choosing the audio output", .timeLimit(.minutes(1)))
struct AudioDeviceTests {
    @Test func theListMarksTheOutputInUseSwitchingMovesTheStreamAndALostOneFallsBack() async throws {
        let server = try await PrivateSoundServer.start(outputs: ["reel_speakers", "reel_headphones"])
        defer { server.stop() }
        var configuration = MPVConfiguration()
        configuration.audio = .system
        configuration.options = ["pulse-host": server.address]
        let player = Player(engine: try MPVEngine(configuration: configuration))
        // Only watches: nothing pauses when an output goes away.
        let monitor = AudioOutputMonitor(server: server.address) { _ in }
        try await monitor.start()
        func until(_ what: String, _ condition: @escaping @MainActor () -> Bool) async throws {
            let observe: @MainActor () -> Void = {
                _ = monitor.activeOutputs
                _ = player.playback
            }
            let held = await ObservationWait.until(timeout: .seconds(10), observing: observe, condition)
            try #require(held, "Timed out waiting for \(what)")
        }

        let names = ["auto", "pulse/reel_speakers", "pulse/reel_headphones"]
        try await until("the outputs") { player.audioDevices.map(\.name) == names }
        #expect(player.currentAudioDevice == .automatic)
        #expect(player.audioDevices.dropFirst().allSatisfy { $0.description == "Null Output" })

        try player.load(MediaItem(url: try await MediaFixtures.url(for: .tenSecondClip)))
        try await player.until(state: .playing)
        // The sound server and libmpv (`current-ao`) each say so in their own time.
        try await until("the stream on the default, through pulse") {
            monitor.activeOutputs.map(\.name) == ["reel_speakers"] && player.playback.audioOutputDriver == "pulse"
        }

        #expect(throws: PlayerError.self) { try player.setAudioDevice(named: "pulse/reel_nowhere") }
        try player.setAudioDevice(player.audioDevices[2])
        try await until("the stream on the headphones") { monitor.activeOutputs.map(\.name) == ["reel_headphones"] }
        #expect(player.currentAudioDevice?.name == "pulse/reel_headphones")
        #expect(await sinkOfTheStream(on: server) == "reel_headphones")

        // The chosen output goes away: the sound server moves the stream to the default, and the
        // player falls back to Automatic, which it says.
        let module = try #require(await server.module(ofOutput: "reel_headphones"))
        await server.removeOutput(module: module)
        try await until("the fallback") {
            player.currentAudioDevice == .automatic && player.audioDevices.count == 2
                && monitor.activeOutputs.map(\.name) == ["reel_speakers"]
        }
        #expect(player.playback.intent.playWhenReady, "the engine plays on; pausing is ReelPulse's to decide")
        // It comes back: the stream stays where it is, and so does the choice.
        _ = await server.addOutput("reel_headphones")
        try await until("the output back") { player.audioDevices.count == 3 }
        #expect(player.currentAudioDevice == .automatic)
        #expect(await sinkOfTheStream(on: server) == "reel_speakers")
        monitor.stop()
        await player.shutdown()
    }

    /// The output the one stream on `server` plays on, by `pactl`.
    private func sinkOfTheStream(on server: PrivateSoundServer) async -> String? {
        let inputs = await server.pactl("list", "short", "sink-inputs").split(separator: "\n")
        let sinks = await server.pactl("list", "short", "sinks").split(separator: "\n")
        guard inputs.count == 1, let sink = inputs[0].split(separator: "\t").dropFirst().first else { return nil }
        return sinks.map { $0.split(separator: "\t") }.first { $0.first == sink }?.dropFirst().first.map(String.init)
    }
}
