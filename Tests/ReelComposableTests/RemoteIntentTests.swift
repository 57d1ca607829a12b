import Foundation
import ReelComposable
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

/// A remote control's commands (MPRIS, media keys) reach the feature with their reason, so a
/// parent feature or analytics can tell them from the user's taps.
@MainActor
@Suite("Remote intents in PlayerFeature")
struct RemoteIntentTests {
    @Test func theIntentKeepsWhoAsked() async throws {
        let engine = FakeEngine()
        let item = MediaItem(url: URL(string: "https://media.test/clip.mp4")!)
        engine.setMedia(FakeEngine.Media(duration: 60), for: item.url)
        let store = Store(initialState: PlayerFeature.State(), reducer: PlayerFeature()) { $0.playbackEngine = engine }
        store.bridge(engine.events) { .engine($0) }
        store.send(.queue(.loadRequested(item)))
        try await store.until("playing") { $0.playerState == .playing }

        store.send(.transport(.pauseRequested(reason: .remote)))
        #expect(store.state.playback.intent == PlayIntent(playWhenReady: false, reason: .remote))
        #expect(store.state.playerState == .paused(reason: .userInitiated))

        store.send(.transport(.playPauseToggled(reason: .user)))
        #expect(store.state.playback.intent == PlayIntent(playWhenReady: true, reason: .user))

        store.send(.transport(.pauseRequested(reason: .interruption)))
        #expect(store.state.playerState == .paused(reason: .interrupted))
        await engine.shutdown()
    }
}
