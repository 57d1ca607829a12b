import Foundation
import Observation
import ReelCore
import ReelPlayer
import ReelTesting
import Testing

/// A window stand-in: shows what it is told, and can change by itself like a real one.
@MainActor
private final class StandInHost: PresentationHost {
    var presentation = Presentation.inline
    var isPictureInPicturePossible = true
    var requests: [Presentation] = []
    weak var player: Player?

    func present(_ presentation: Presentation) throws(PlayerError) {
        requests.append(presentation)
        guard presentation != .none else { throw PlayerError(.invalidArgument) }
        self.presentation = presentation
        player?.presentationDidChange(to: presentation, pictureInPicturePossible: isPictureInPicturePossible)
    }
}

/// Set once from Observation's `onChange`, which may run on any thread.
private final class ChangeFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

@MainActor
@Suite("Player presentation")
struct PresentationTests {
    @Test func withoutAHostThereIsNoPresentationAndSwitchingThrows() {
        let player = Player(engine: FakeEngine())
        #expect(player.presentation == .none)
        #expect(!player.isPictureInPicturePossible)
        #expect(throws: PlayerError(.invalidArgument, message: "Nothing shows this player's video.")) {
            try player.startPictureInPicture()
        }
    }

    @Test func aHostDrivesPictureInPictureBothWays() throws {
        let player = Player(engine: FakeEngine())
        let host = StandInHost()
        host.player = player
        player.attachPresentation(host)
        #expect(player.presentation == .inline)
        #expect(player.isPictureInPicturePossible)

        try player.startPictureInPicture()
        #expect(player.isPictureInPictureActive)
        try player.stopPictureInPicture()
        #expect(player.presentation == .inline)
        // Stopping when not active asks the host nothing.
        try player.stopPictureInPicture()
        try player.setPresentation(.fullscreen)
        #expect(host.requests == [.pictureInPicture, .inline, .fullscreen])
        #expect(player.presentation == .fullscreen)
    }

    @Test func changesTheHostMakesByItselfAreObserved() {
        let player = Player(engine: FakeEngine())
        let host = StandInHost()
        player.attachPresentation(host)
        let changed = ChangeFlag()
        withObservationTracking {
            _ = player.isPictureInPictureActive
        } onChange: {
            changed.set()
        }
        player.presentationDidChange(to: .pictureInPicture, pictureInPicturePossible: true)
        #expect(changed.isSet)
        #expect(player.isPictureInPictureActive)
        player.detachPresentation()
        #expect(player.presentation == .none)
        #expect(!player.isPictureInPicturePossible)
    }

    @Test func theHostsRefusalReachesTheCaller() {
        let player = Player(engine: FakeEngine())
        player.attachPresentation(StandInHost())
        #expect(throws: PlayerError.self) { try player.setPresentation(.none) }
    }

    @Test func afterShutdownSwitchingThrowsEngineGone() async {
        let player = Player(engine: FakeEngine())
        player.attachPresentation(StandInHost())
        await player.shutdown()
        #expect(throws: PlayerError(.engineGone)) { try player.setPresentation(.pictureInPicture) }
    }
}
