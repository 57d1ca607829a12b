import Foundation
import ReelCore
import ReelTesting
import Testing

@testable import ReelComposable

/// The presentation child alone: requests the window can show, and what it reports.
@MainActor
@Suite("PlayerFeature's presentation")
struct PresentationFeatureTests {
    let harness = ChildHarness()

    @Test func aRequestNeedsAWindowAndAnAcceptedOneWithAutoplayPlays() async {
        let t = harness.now.now
        let paused = harness.state(after: [.transport(.pauseRequested())], from: harness.playing())
        let store = harness.store(harness.feature.presenting, from: paused)
        await store.send(.presentation(.requested(.fullscreen, autoplay: true))) {
            $0.commandError = PlayerError(.invalidArgument, message: "Nothing shows this player's video.")
            $0.refusalCount = 1
        }
        store.expectCommands()
        await store.send(.presentation(.changed(.inline, pictureInPicturePossible: false))) {
            $0.presentation = .inline
        }
        await store.send(.presentation(.requested(.pictureInPicture, autoplay: true))) {
            $0.commandError = PlayerError(.invalidArgument, message: "Picture in picture is not possible now.")
            $0.refusalCount = 2
        }
        store.expectCommands()
        await store.send(.presentation(.requested(.fullscreen, autoplay: true))) {
            $0.commandError = nil
            $0.presentation = .fullscreen
            $0.playback.apply(.sent(.play, reason: .user), at: t)
        }
        store.expectCommands(.play)
        await store.finish()
    }

    @Test func theWindowsReportIsTheState() async {
        let store = harness.store(harness.feature.presenting, from: PlayerFeature.State())
        await store.send(.presentation(.changed(.pictureInPicture, pictureInPicturePossible: true))) {
            $0.presentation = .pictureInPicture
            $0.isPictureInPicturePossible = true
        }
        await store.send(.presentation(.changed(.none, pictureInPicturePossible: false))) {
            $0.presentation = .none
            $0.isPictureInPicturePossible = false
        }
        store.expectCommands()
        await store.finish()
    }

    @Test func aToggleGoesThereOrBackInlineAndLeavingReturnsInline() async {
        var inline = PlayerFeature.State()
        inline.presentation = .inline
        let store = harness.store(harness.feature.presenting, from: inline)
        await store.send(.presentation(.toggled(.fullscreen))) { $0.presentation = .fullscreen }
        await store.send(.presentation(.toggled(.fullscreen))) { $0.presentation = .inline }
        await store.send(.presentation(.leaveRequested))
        await store.send(.presentation(.toggled(.pictureInPicture))) {
            $0.commandError = PlayerError(.invalidArgument, message: "Picture in picture is not possible now.")
            $0.refusalCount = 1
        }
        await store.send(.presentation(.toggled(.fullscreen))) {
            $0.commandError = nil
            $0.presentation = .fullscreen
        }
        await store.send(.presentation(.leaveRequested)) { $0.presentation = .inline }
        store.expectCommands()
        await store.finish()
    }
}
