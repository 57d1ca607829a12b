import Clocks
import Foundation
import ReelComposable
import ReelCore
import ReelExamples
import ReelTesting
import Testing

@MainActor
@Suite("PlayWhenBufferedFeature")
struct PlayWhenBufferedFeatureTests {
    let clock = TestClock()
    let now = TestNow()
    let ids = SequentialIDs()
    let item = MediaItem(url: URL(string: "https://example.com/stream.mp4")!, title: "Stream")

    func makeStore() -> TestStore<PlayWhenBufferedFeature.State, PlayWhenBufferedFeature.Action> {
        let (now, ids) = (now, ids)
        return TestStore(
            initialState: PlayWhenBufferedFeature.State(),
            reducer: PlayWhenBufferedFeature(
                player: PlayerFeature(
                    clock: clock, now: { now.now }, makeItemID: { ids.make() }, tickInterval: .seconds(1000)),
                minimumBuffer: 3))
    }

    /// Loads the item paused through the feature and answers like an engine until it is open.
    func load(
        _ store: TestStore<PlayWhenBufferedFeature.State, PlayWhenBufferedFeature.Action>, duration: Double
    ) async {
        let t = now.now
        let request = LoadRequest(item: item, autoplay: false, id: ItemID(rawValue: 1))
        await store.send(.load(item)) { $0.isWaitingForBuffer = true }
        await store.receive(.player(.queue(.loadRequested(item, autoplay: false)))) {
            $0.player.playback.apply(.sent(.load(request), reason: .user), at: t)
            $0.player.queue = PlayQueue([item])
        }
        store.expectCommands(.load(request))
        await store.engine(.property(.paused(true)), at: t)
        await store.open(request.id, duration: duration, at: t)
        #expect(store.state.player.playerState == .paused(reason: .userInitiated))
    }

    /// The engine reports the cache, and the feature sends play.
    func bufferAndPlay(
        _ store: TestStore<PlayWhenBufferedFeature.State, PlayWhenBufferedFeature.Action>, until end: Double
    ) async {
        let t = now.now
        let ranges = [TimeRange(start: 0, end: end)]
        await store.engine(.property(.bufferedRanges(ranges)), at: t) { $0.isWaitingForBuffer = false }
        await store.receive(.player(.transport(.playRequested()))) {
            $0.player.playback.apply(.sent(.play, reason: .user), at: t)
        }
        store.expectCommands(.play)
        await store.engine(.property(.paused(false)), at: t)
        #expect(store.state.player.playerState == .playing)
    }

    @Test func playsOnceThreeSecondsAreBuffered() async {
        let store = makeStore()
        await load(store, duration: 100)
        let t = now.now
        for end in [1.0, 2.9] {
            await store.engine(.property(.bufferedRanges([TimeRange(start: 0, end: end)])), at: t)
            #expect(store.state.isWaitingForBuffer)
        }
        #expect(store.state.bufferedAhead == 2.9)
        await bufferAndPlay(store, until: 3)
        await store.pauseAndFinish(at: t)
    }

    @Test func aCacheThatReachesTheEndOfAShortItemStillPlays() async {
        let store = makeStore()
        await load(store, duration: 2)
        await store.engine(.property(.bufferedRanges([TimeRange(start: 0, end: 1.85)])), at: now.now)
        #expect(store.state.isWaitingForBuffer)
        await bufferAndPlay(store, until: 1.95)
        await store.pauseAndFinish(at: now.now)
    }

    @Test func playsOnlyOnce() async {
        let store = makeStore()
        await load(store, duration: 100)
        await bufferAndPlay(store, until: 5)
        let t = now.now
        await store.send(.player(.transport(.pauseRequested()))) {
            $0.player.playback.apply(.sent(.pause, reason: .user), at: t)
        }
        store.expectCommands(.pause)
        // More cache arrives while paused: the user's pause stands.
        await store.engine(.property(.bufferedRanges([TimeRange(start: 0, end: 30)])), at: t)
        await store.finish()
    }

    @Test func aPlayFromTheUserEndsTheWait() async {
        let store = makeStore()
        await load(store, duration: 100)
        let t = now.now
        await store.send(.player(.transport(.playPauseToggled(reason: .user)))) {
            $0.player.playback.apply(.sent(.play, reason: .user), at: t)
            $0.isWaitingForBuffer = false
        }
        store.expectCommands(.play)
        await store.engine(.property(.bufferedRanges([TimeRange(start: 0, end: 10)])), at: t)
        await store.pauseAndFinish(at: t)
    }

    @Test func aFailedItemEndsTheWait() async {
        let store = makeStore()
        await load(store, duration: 100)
        let t = now.now
        let error = PlayerError(.networkUnreachable)
        await store.engine(.itemEnded(ItemID(rawValue: 1), .failed(error)), at: t) {
            $0.isWaitingForBuffer = false
            _ = $0.player.queue.noteFailure(error)
        }
        await store.finish()
    }
}
