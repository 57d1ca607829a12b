import Foundation
import ReelComposable
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

/// The audio output, the subtitle style and the secondary subtitles in `PlayerFeature`, step by
/// step on a `TestStore`.
@MainActor
@Suite("PlayerFeature: audio output and subtitles")
struct OutputsFeatureTests {
    let harness = FeatureHarness()
    var store: TestStore<PlayerFeature.State, PlayerFeature.Action> { harness.store }

    private let devices = [
        AudioDevice.automatic, AudioDevice(name: "pulse/speakers", description: "Speakers"),
        AudioDevice(name: "pulse/headset", description: "USB Headset"),
    ]

    private func receive(_ change: PropertyChange) async {
        let t = harness.now.now
        await store.send(.engine(.property(change))) { $0.playback.apply(.received(.property(change)), at: t) }
    }

    @Test func aListedOutputIsChosenAnUnknownOneRefusedAndALostOneFallsBack() async {
        let t = harness.now.now
        await receive(.audioDevices(devices))
        #expect(store.state.playback.currentAudioDevice == .automatic)
        await store.send(.outputs(.audioDeviceSelected("pulse/headset"))) {
            $0.playback.apply(.sent(.setAudioDevice("pulse/headset"), reason: .user), at: t)
        }
        store.expectCommands(.setAudioDevice("pulse/headset"))
        #expect(store.state.playback.currentAudioDevice?.description == "USB Headset")
        // A name the engine does not list: refused, nothing sent.
        await store.send(.outputs(.audioDeviceSelected("pulse/nowhere"))) {
            $0.commandError = PlayerError(
                .invalidArgument,
                message: "There is no audio output named \"pulse/nowhere\" (auto, pulse/speakers, pulse/headset).")
            $0.refusalCount = 1
        }
        // The headset goes away: back to the system's default, on the engine's word.
        let remaining = Array(devices.prefix(2))
        await store.send(.engine(.property(.audioDevices(remaining)))) {
            $0.playback.apply(.received(.property(.audioDevices(remaining))), at: t)
            $0.playback.apply(.sent(.setAudioDevice("auto"), reason: .engine), at: t)
            $0.commandError = nil
        }
        store.expectCommands(.setAudioDevice("auto"))
        #expect(store.state.playback.currentAudioDevice == .automatic)
        // It comes back: the choice stays Automatic.
        await receive(.audioDevices(devices))
        #expect(store.state.playback.audioDevice == "auto")
        await store.finish()
    }

    @Test func beforeTheEngineListsItsOutputsAnyNameIsSent() async {
        let t = harness.now.now
        await store.send(.outputs(.audioDeviceSelected("pulse/later"))) {
            $0.playback.apply(.sent(.setAudioDevice("pulse/later"), reason: .user), at: t)
        }
        store.expectCommands(.setAudioDevice("pulse/later"))
        #expect(store.state.playback.currentAudioDevice == nil)
        // The list comes without it: the engine plays on the default, and the state says so.
        await store.send(.engine(.property(.audioDevices(devices)))) {
            $0.playback.apply(.received(.property(.audioDevices(self.devices))), at: t)
            $0.playback.apply(.sent(.setAudioDevice("auto"), reason: .engine), at: t)
        }
        store.expectCommands(.setAudioDevice("auto"))
        await store.finish()
    }

    @Test func theStyleIsCheckedThenSentAndKeptAcrossAStop() async {
        let t = harness.now.now
        let large = SubtitleStyle(fontSize: 75, backgroundColor: SubtitleStyle.presetBackground)
        await store.send(.outputs(.subtitleStyleChanged(large))) {
            $0.playback.apply(.sent(.setSubtitleStyle(large), reason: .user), at: t)
        }
        store.expectCommands(.setSubtitleStyle(large))
        #expect(store.state.playback.subtitleStyle.hasBackground)
        var wrong = large
        wrong.position = 200
        await store.send(.outputs(.subtitleStyleChanged(wrong))) {
            $0.commandError = PlayerError(.invalidArgument, message: "The subtitle position must be between 0 and 150.")
            $0.refusalCount = 1
        }
        await store.send(.transport(.stopRequested())) {
            $0.playback.apply(.sent(.stop, reason: .user), at: t)
            $0.commandError = nil
        }
        store.expectCommands(.stop)
        #expect(store.state.playback.subtitleStyle == large)
        await store.finish()
    }

    @Test func aSecondaryTrackIsMarkedAndTheMainOneRefused() async {
        await harness.loadAndPlay()
        let t = harness.now.now
        let tracks = [
            Track(id: 1, kind: .subtitle, language: "eng", isSelected: true),
            Track(id: 2, kind: .subtitle, language: "ger"),
        ]
        await receive(.tracks(tracks))
        await store.send(.outputs(.secondarySubtitleSelected(id: 2))) {
            $0.playback.apply(.sent(.selectSecondarySubtitle(id: 2), reason: .user), at: t)
        }
        store.expectCommands(.selectSecondarySubtitle(id: 2))
        #expect(store.state.playback.secondarySubtitleTrack?.language == "ger")
        #expect(store.state.playback.selectedTrack(.subtitle)?.language == "eng")
        await store.send(.outputs(.secondarySubtitleSelected(id: 1))) {
            $0.commandError = PlayerError(
                .invalidArgument, message: "That subtitle track already shows as the main one.")
            $0.refusalCount = 1
        }
        await store.send(.outputs(.secondarySubtitleSelected(id: nil))) {
            $0.playback.apply(.sent(.selectSecondarySubtitle(id: nil), reason: .user), at: t)
            $0.commandError = nil
        }
        store.expectCommands(.selectSecondarySubtitle(id: nil))
        #expect(store.state.playback.secondarySubtitleTrack == nil)
        await harness.pauseToFinish()
    }
}
