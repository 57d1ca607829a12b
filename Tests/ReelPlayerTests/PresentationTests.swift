import Foundation
import Observation
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// Set once from Observation's `onChange`, which may run on any thread.
private final class ChangeFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// The player's state owns the presentation; a window (here, its reports) follows it.
@MainActor
@Suite("Player presentation")
struct PresentationTests {
    @Test func withoutAWindowThereIsNoPresentationAndSwitchingThrows() {
        let player = Player(engine: FakeEngine())
        #expect(player.presentation == .none)
        #expect(!player.isPictureInPicturePossible)
        #expect(throws: PlayerError(.invalidArgument, message: "Nothing shows this player's video.")) {
            try player.startPictureInPicture()
        }
    }

    @Test func requestsChangeThePresentationOnceAWindowShowsTheVideo() throws {
        let player = Player(engine: FakeEngine())
        player.presentationDidChange(to: .inline, pictureInPicturePossible: true)
        #expect(player.presentation == .inline)
        #expect(player.isPictureInPicturePossible)

        try player.startPictureInPicture()
        #expect(player.isPictureInPictureActive)
        try player.stopPictureInPicture()
        #expect(player.presentation == .inline)
        try player.stopPictureInPicture()  // not active: nothing changes
        #expect(player.presentation == .inline)
        try player.setPresentation(.fullscreen)
        #expect(player.presentation == .fullscreen)
        try player.setPresentation(.inline)
        #expect(player.presentation == .inline)
    }

    @Test func pictureInPictureTheWindowCannotShowIsRefused() {
        let player = Player(engine: FakeEngine())
        player.presentationDidChange(to: .inline, pictureInPicturePossible: false)
        #expect(throws: PlayerError(.invalidArgument, message: "Picture in picture is not possible now.")) {
            try player.startPictureInPicture()
        }
        #expect(player.presentation == .inline)
    }

    @Test func changesTheWindowMakesByItselfAreObserved() {
        let player = Player(engine: FakeEngine())
        player.presentationDidChange(to: .inline, pictureInPicturePossible: true)
        let changed = ChangeFlag()
        withObservationTracking {
            _ = player.isPictureInPictureActive
        } onChange: {
            changed.set()
        }
        player.presentationDidChange(to: .pictureInPicture, pictureInPicturePossible: true)
        #expect(changed.isSet)
        #expect(player.isPictureInPictureActive)
        player.presentationDidChange(to: .none, pictureInPicturePossible: false)
        #expect(player.presentation == .none)
        #expect(!player.isPictureInPicturePossible)
    }

    @Test func presentingNothingIsRefused() {
        let player = Player(engine: FakeEngine())
        player.presentationDidChange(to: .inline, pictureInPicturePossible: true)
        #expect(throws: PlayerError.self) { try player.setPresentation(.none) }
        #expect(player.presentation == .inline)
    }

    @Test func afterShutdownSwitchingThrowsEngineGone() async {
        let player = Player(engine: FakeEngine())
        player.presentationDidChange(to: .inline, pictureInPicturePossible: true)
        await player.shutdown()
        #expect(throws: PlayerError(.engineGone)) { try player.setPresentation(.pictureInPicture) }
    }
}
