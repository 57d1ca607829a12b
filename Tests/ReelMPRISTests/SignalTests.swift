import Foundation
import ReelCore
import ReelMPRIS
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// `PropertiesChanged` and `Seeked`, seen by a second connection to the test's bus.
@MainActor
@Suite("MPRIS signals")
struct SignalTests {
    @Test func propertiesChangedFollowsThePlayersObservableState() async throws {
        let harness = try await MPRISHarness()
        let recorder = try SignalRecorder(bus: harness.bus)
        try await harness.load()
        #expect(await recorder.signals.wait { $0.contains(where: Self.changed("Metadata")) })
        #expect(await recorder.signals.wait { $0.contains(where: Self.changed("PlaybackStatus")) })
        try harness.player.setVolume(0.25)
        #expect(await recorder.signals.wait { $0.contains(where: Self.changed("Volume")) })
        // A window shows the video (the stand-in reports it as a window does): Fullscreen can be
        // set, and follows the player's presentation.
        harness.player.presentationDidChange(to: .inline, pictureInPicturePossible: true)
        #expect(
            await recorder.signals.wait {
                $0.contains(.propertiesChanged(interface: "org.mpris.MediaPlayer2", names: ["CanSetFullscreen"]))
            })
        try harness.player.setPresentation(.fullscreen)
        #expect(
            await recorder.signals.wait {
                $0.contains(.propertiesChanged(interface: "org.mpris.MediaPlayer2", names: ["Fullscreen"]))
            })
        // Position is never in PropertiesChanged: clients read it.
        #expect(!recorder.signals.values.contains(where: Self.changed("Position")))
        recorder.stop()
        await harness.tearDown()
    }

    @Test func seekedReportsRemoteAndLocalSeeks() async throws {
        let harness = try await MPRISHarness()
        let recorder = try SignalRecorder(bus: harness.bus)
        try await harness.load(autoplay: false)
        #expect(await harness.playerctl("position", "2+").status == 0)
        #expect(await recorder.signals.wait { $0.contains(.seeked(2_000_000)) })
        try harness.player.seek(to: 30)
        #expect(await recorder.signals.wait { $0.contains(.seeked(30_000_000)) })
        recorder.stop()
        await harness.tearDown()
    }

    nonisolated private static func changed(_ name: String) -> @Sendable (MPRISSignal) -> Bool {
        { signal in
            guard case .propertiesChanged(_, let names) = signal else { return false }
            return names.contains(name)
        }
    }
}
