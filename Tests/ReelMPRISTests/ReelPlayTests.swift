import Foundation
import ReelCore
import ReelPulse
import ReelTestSupport
import ReelTesting
import Testing

/// `reel play` on libmpv publishes itself on the session bus unless `--no-mpris` is given.
@Suite("reel play and MPRIS")
struct ReelPlayTests {
    @Test func reelPlayIsListedAndDrivenByPlayerctl() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let bus = try await PrivateBus.start()
        defer { bus.stop() }
        let reel = try ReelChild(["play", clip.path, "--headless", "--no-audio", "--json"], bus: bus)
        defer { reel.terminate() }
        #expect(await reel.waitForLine(containing: #""state":"playing""#))
        let name = await Tool.run(["playerctl", "-l"], on: bus).output
        #expect(name.hasPrefix("reel.instance"))
        #expect(await Tool.run(["playerctl", "-p", "reel", "status"], on: bus).output == "Playing")
        #expect(
            await Tool.run(["playerctl", "-p", "reel", "metadata", "xesam:url"], on: bus).output == clip.absoluteString)
        #expect(await Tool.run(["playerctl", "-p", "reel", "play-pause"], on: bus).status == 0)
        #expect(await reel.waitForLine(containing: #""reason":"userInitiated","state":"paused""#))
        #expect(await Tool.run(["playerctl", "-p", "reel", "position", "4"], on: bus).status == 0)
        let position = await Tool.run(["playerctl", "-p", "reel", "position"], on: bus).output
        #expect(Double(position).map { abs($0 - 4) < 0.5 } == true, "position \(position)")
        let quit = await Tool.run(
            [
                "busctl", "--address=\(bus.address)", "call", "org.mpris.MediaPlayer2.\(name)",
                "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2", "Quit",
            ], on: bus)
        #expect(quit.status == 0, "\(quit.error)")
        #expect(await reel.exitStatus() == 0)
    }

    /// The same script as the windowed `reel play` (WindowedReelPlayTests), without the window.
    @Test func headlessReelPlayAnswersTheMediaControls() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let bus = try await PrivateBus.start()
        defer { bus.stop() }
        let reel = try ReelChild(["play", clip.path, "--headless", "--no-audio", "--json"], bus: bus)
        defer { reel.terminate() }
        try await MediaControlsScript.run(reel, on: bus, windowed: false)
    }

    @MainActor
    @Test func reelPlayPausesWhenItsAudioOutputGoesAway() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let bus = try await PrivateBus.start()
        defer { bus.stop() }
        let sound = try await PrivateSoundServer.start(outputs: ["reel_headphones", "reel_speakers"])
        defer { sound.stop() }
        let reel = try ReelChild(
            ["play", clip.path, "--headless", "--json"], bus: bus, environment: ["PULSE_SERVER": sound.address])
        defer { reel.terminate() }
        #expect(await reel.waitForLine(containing: #""state":"playing""#))
        // The test watches reel's stream too, to know when it plays on the headphones.
        let watcher = AudioOutputMonitor(
            server: sound.address, streams: AudioStreamSelection(processID: reel.processIdentifier)
        ) { _ in }
        try await watcher.start()
        let onHeadphones = await ObservationWait.until(
            timeout: .seconds(10), observing: { _ = watcher.activeOutputs },
            { watcher.activeOutputs.map(\.name) == ["reel_headphones"] })
        #expect(onHeadphones)

        let module = try #require(await sound.module(ofOutput: "reel_headphones"))
        await sound.removeOutput(module: module)
        #expect(await reel.waitForLine(containing: #""reason":"interrupted","state":"paused""#))
        #expect(await Tool.run(["playerctl", "-p", "reel", "status"], on: bus).output == "Paused")
        watcher.stop()
        reel.terminate()
    }

    @Test func noMprisStaysOffTheBus() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let bus = try await PrivateBus.start()
        defer { bus.stop() }
        let reel = try ReelChild(["play", clip.path, "--headless", "--no-audio", "--json", "--no-mpris"], bus: bus)
        defer { reel.terminate() }
        #expect(await reel.waitForLine(containing: #""state":"playing""#))
        let list = await Tool.run(["playerctl", "-l"], on: bus)
        #expect(list.output.isEmpty)
        #expect(list.error == "No players found")
        #expect(await reel.exitStatus() == 0)
    }
}
