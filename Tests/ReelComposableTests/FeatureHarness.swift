import Clocks
import Foundation
import ReelComposable
import ReelCore
import ReelTestSupport
import ReelTesting

/// A `PlayerFeature` under test with its clocks, and the engine answers that bring it to a state.
@MainActor
struct FeatureHarness {
    let clock = TestClock()
    let now = TestNow()
    let ids = SequentialIDs()
    let item = MediaItem(url: URL(fileURLWithPath: "/media/clip.mp4"), title: "Clip")
    let store: TestStore<PlayerFeature.State, PlayerFeature.Action>

    init(liveReload: PlayerFeature.LiveReload = .standard) {
        let (now, ids) = (now, ids)
        store = TestStore(
            initialState: PlayerFeature.State(),
            reducer: PlayerFeature(
                clock: clock, now: { now.now }, makeItemID: { ids.make() }, tickInterval: .seconds(1),
                readinessDeadline: .none, liveReload: liveReload))
    }

    /// Loads the item and answers like an engine until it plays, asserting every step.
    func loadAndPlay(duration: Double = 100) async {
        let t = now.now
        await store.send(.queue(.loadRequested(item))) {
            $0.playback.apply(.sent(.load(LoadRequest(item: self.item, id: ItemID(rawValue: 1))), reason: .user), at: t)
            $0.queue = PlayQueue([self.item])
        }
        store.expectCommands(.load(LoadRequest(item: item, id: ItemID(rawValue: 1))))
        for event in [EngineEvent.property(.paused(false)), .itemStarted(ItemID(rawValue: 1))] {
            await store.send(.engine(event)) { $0.playback.apply(.received(event), at: t) }
        }
        await store.send(.engine(.property(.duration(duration)))) {
            $0.playback.apply(.received(.property(.duration(duration))), at: t)
        }
        await store.send(.engine(.itemLoaded(ItemID(rawValue: 1)))) {
            $0.playback.apply(.received(.itemLoaded(ItemID(rawValue: 1))), at: t)
        }
        await store.send(.engine(.playbackRestarted)) {
            $0.playback.apply(.received(.playbackRestarted), at: t)
        }
    }

    /// Pauses, which stops the ticker, so the test can finish.
    func pauseToFinish() async {
        let t = now.now
        await store.send(.transport(.pauseRequested())) {
            $0.playback.apply(.sent(.pause, reason: .user), at: t)
            $0.elapsedTime = $0.playback.position(at: t)
        }
        store.expectCommands(.pause)
        await store.finish()
    }
}
