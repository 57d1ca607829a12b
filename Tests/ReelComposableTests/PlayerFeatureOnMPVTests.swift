import Foundation
import ReelComposable
import ReelCore
import ReelMPV
import ReelTestSupport
import ReelTesting
import Testing

/// The player feature on the real libmpv engine, headless: the same intents, real media.
@MainActor
@Suite("PlayerFeature on libmpv", .serialized)
struct PlayerFeatureOnMPVTests {
    @Test func playPauseScrubAndReplayOnARealEngine() async throws {
        let engine = try MPVEngine(configuration: .headless)
        let store = Store(initialState: PlayerFeature.State(), reducer: PlayerFeature()) {
            $0.playbackEngine = engine
        }
        store.bridge(engine.events) { .engine($0) }
        let clip = try await MediaFixtures.url(for: .tenSecondClip)

        store.send(.queue(.loadRequested(MediaItem(url: clip, title: "Ten seconds"))))
        try await store.until("playing") { $0.playerState == .playing }
        try await store.until("the duration label") { $0.durationLabel == "0:10" }

        store.send(.transport(.playPauseToggled(reason: .user)))
        #expect(store.state.playerState == .paused(reason: .userInitiated))
        #expect(store.state.playButton == .play)
        // A repeated play after an outside pause still plays.
        store.send(.transport(.playPauseToggled(reason: .user)))
        try await store.until("playing again") { $0.playerState == .playing }

        store.send(.scrub(.began))
        store.send(.scrub(.changed(to: 8.5)))
        #expect(store.state.currentLabel == "0:08")
        store.send(.scrub(.ended))
        try await store.until("playing after the scrub", timeout: .seconds(15)) {
            $0.playerState == .playing && $0.elapsedTime >= 8.4
        }
        try await store.until("the end", timeout: .seconds(15)) { $0.playerState == .paused(reason: .endOfMedia) }
        #expect(store.state.playButton == .replay)
        #expect(store.state.currentLabel == "0:10")

        store.send(.transport(.playPauseToggled(reason: .user)))
        try await store.until("playing from the start", timeout: .seconds(15)) {
            $0.playerState == .playing && $0.elapsedTime < 2
        }
        store.send(.transport(.stopRequested()))
        await engine.shutdown()
    }
}
