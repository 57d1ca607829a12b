import Clocks
import Foundation
import ReelComposable
import ReelCore
import ReelExamples
import ReelTesting
import Testing

@MainActor
@Suite("AutoReplayFeature")
struct AutoReplayFeatureTests {
    let clock = TestClock()
    let now = TestNow()
    let ids = SequentialIDs()
    let item = MediaItem(url: URL(fileURLWithPath: "/media/loop.mp4"), title: "Loop")

    func makeStore() -> TestStore<AutoReplayFeature.State, AutoReplayFeature.Action> {
        let (now, ids) = (now, ids)
        return TestStore(
            initialState: AutoReplayFeature.State(),
            reducer: AutoReplayFeature(
                player: PlayerFeature(
                    clock: clock, now: { now.now }, makeItemID: { ids.make() }, tickInterval: .seconds(1000))))
    }

    /// Loads the item (10 s long) and answers like an engine until it plays.
    func loadAndPlay(_ store: TestStore<AutoReplayFeature.State, AutoReplayFeature.Action>) async {
        let t = now.now
        let request = LoadRequest(item: item, id: ItemID(rawValue: 1))
        await store.send(.player(.queue(.loadRequested(item)))) {
            $0.player.playback.apply(.sent(.load(request), reason: .user), at: t)
            $0.player.queue = PlayQueue([item])
        }
        store.expectCommands(.load(request))
        await store.open(request.id, duration: 10, at: t)
    }

    /// The engine reports the end of the media after the item played through.
    func playToTheEnd(_ store: TestStore<AutoReplayFeature.State, AutoReplayFeature.Action>, replays: Int) async {
        now.advance(by: 10)
        let t = now.now
        await store.engine(.property(.endReached(true)), at: t) {
            $0.player.elapsedTime = 10
            $0.replayCount = replays
        }
    }

    @Test func anEndedItemSeeksToTheStartAndPlaysAgain() async {
        let store = makeStore()
        await loadAndPlay(store)
        for replay in 1...2 {
            await playToTheEnd(store, replays: replay)
            let t = now.now
            await store.receive(.player(.transport(.playRequested()))) {
                $0.player.playback.apply(.sent(.seek(.absolute(0), precision: .keyframe), reason: .user), at: t)
                $0.player.playback.apply(.sent(.play, reason: .user), at: t)
                $0.player.elapsedTime = 0
            }
            store.expectCommands(.seek(.absolute(0), precision: .keyframe), .play)
            await store.engine(.property(.endReached(false)), at: t)
            await store.engine(.playbackRestarted, at: t)
            #expect(store.state.player.playerState == .playing)
        }
        #expect(store.state.replayCount == 2)
        await store.pauseAndFinish(at: now.now)
    }

    @Test func turnedOffTheItemStaysEnded() async {
        let store = makeStore()
        await loadAndPlay(store)
        await store.send(.autoReplayToggled(false)) { $0.isEnabled = false }
        await playToTheEnd(store, replays: 0)
        #expect(store.state.player.playerState == .paused(reason: .endOfMedia))
        #expect(store.state.player.playButton == .replay)
        await store.finish()
    }

    @Test func aStoppedItemIsNotReplayed() async {
        let store = makeStore()
        await loadAndPlay(store)
        let t = now.now
        await store.send(.player(.transport(.stopRequested()))) {
            $0.player.playback.apply(.sent(.stop, reason: .user), at: t)
        }
        store.expectCommands(.stop)
        await store.engine(.itemEnded(ItemID(rawValue: 1), .stopped), at: t)
        #expect(store.state.replayCount == 0)
        await store.finish()
    }
}
