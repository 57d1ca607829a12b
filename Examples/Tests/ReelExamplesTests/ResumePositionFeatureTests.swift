import Clocks
import Foundation
import ReelComposable
import ReelCore
import ReelExamples
import ReelTesting
import Testing

@MainActor
@Suite("ResumePositionFeature")
struct ResumePositionFeatureTests {
    let clock = TestClock()
    let now = TestNow()
    let ids = SequentialIDs()
    let log = PositionLog()
    let item = MediaItem(url: URL(fileURLWithPath: "/media/film.mkv"), title: "Film")

    /// A store whose position store starts with `saved`; the player ticks every 5 s, and a tick
    /// saves once playback moved 10 s.
    func makeStore(
        saved: [URL: Double]
    ) -> (TestStore<ResumePositionFeature.State, ResumePositionFeature.Action>, PositionStore) {
        let (now, ids) = (now, ids)
        let positions = PositionStore.inMemory(saved)
        let store = TestStore(
            initialState: ResumePositionFeature.State(),
            reducer: ResumePositionFeature(
                player: PlayerFeature(
                    clock: clock, now: { now.now }, makeItemID: { ids.make() }, tickInterval: .seconds(5)),
                positions: log.recording(positions), saveInterval: 10))
        return (store, positions)
    }

    /// Loads the item through the feature, which looks its position up and starts there.
    func load(
        _ store: TestStore<ResumePositionFeature.State, ResumePositionFeature.Action>, saved: Double?,
        startingAt start: Double?
    ) async -> LoadRequest {
        var resumed = item
        resumed.startPosition = start
        let request = LoadRequest(item: resumed, id: ItemID(rawValue: 1))
        let t = now.now
        await store.send(.load(item))
        await store.receive(.savedPositionLoaded(item, autoplay: true, position: saved))
        await store.receive(.player(.queue(.loadRequested(resumed)))) {
            $0.player.playback.apply(.sent(.load(request), reason: .user), at: t)
            $0.player.queue = PlayQueue([resumed])
            $0.player.elapsedTime = start ?? 0
            $0.pendingResume = start
            $0.lastSavedPosition = start ?? 0
        }
        store.expectCommands(.load(request))
        return request
    }

    @Test func startsAtTheSavedPositionAndSavesWhilePlayingAndOnPause() async {
        let (store, positions) = makeStore(saved: [item.url: 42])
        let request = await load(store, saved: 42, startingAt: 42)
        await store.open(request.id, duration: 100, at: now.now) { event, state in
            if case .property(.duration) = event { state.pendingResume = nil }
        }
        #expect(store.state.player.playerState == .playing)

        // The ticks at 47 s and 52 s: the second one is 10 s past the start, so it saves.
        now.advance(by: 5)
        await clock.advanceOnceAsleep(by: .seconds(5))
        await store.receive(.player(.timerTicked)) { $0.player.elapsedTime = 47 }
        now.advance(by: 5)
        await clock.advanceOnceAsleep(by: .seconds(5))
        await store.receive(.player(.timerTicked)) {
            $0.player.elapsedTime = 52
            $0.lastSavedPosition = 52
        }

        now.advance(by: 1.5)
        await store.pauseAndFinish(at: now.now) { $0.lastSavedPosition = 53.5 }
        #expect(log.writes == [.save(item.url, 52), .save(item.url, 53.5)])
        #expect(await positions.load(item.url) == 53.5)
    }

    @Test func aSavedPositionNearTheEndStartsAtZero() async {
        let (store, positions) = makeStore(saved: [item.url: 97])
        let request = await load(store, saved: 97, startingAt: 97)
        let t = now.now
        await store.engine(.itemStarted(request.id), at: t)
        await store.engine(.property(.duration(100)), at: t) {
            $0.pendingResume = nil
            $0.lastSavedPosition = 0
        }
        await store.receive(.player(.transport(.seekRequested(to: 0)))) {
            $0.player.playback.apply(.sent(.seek(.absolute(0), precision: .exact), reason: .user), at: t)
            $0.player.elapsedTime = 0
        }
        store.expectCommands(.seek(.absolute(0), precision: .exact))
        await store.engine(.itemLoaded(request.id), at: t)
        await store.engine(.playbackRestarted, at: t)

        // Paused where it was last saved: nothing to write.
        await store.pauseAndFinish(at: t)
        #expect(log.writes == [])
        #expect(await positions.load(item.url) == 97)
    }

    @Test func theEndOfTheItemClearsItsPosition() async {
        let (store, positions) = makeStore(saved: [item.url: 42])
        let request = await load(store, saved: 42, startingAt: 42)
        await store.open(request.id, duration: 50, at: now.now) { event, state in
            if case .property(.duration) = event { state.pendingResume = nil }
        }
        now.advance(by: 8)
        await store.engine(.property(.endReached(true)), at: now.now) {
            $0.player.elapsedTime = 50
            $0.lastSavedPosition = nil
        }
        await store.finish()
        #expect(log.writes == [.clear(item.url)])
        #expect(await positions.load(item.url) == nil)
    }

    @Test func anItemWithoutASavedPositionStartsAtTheBeginningAndAStopSavesIt() async {
        let (store, positions) = makeStore(saved: [:])
        let request = await load(store, saved: nil, startingAt: nil)
        await store.open(request.id, duration: 100, at: now.now)
        now.advance(by: 3)
        let t = now.now
        await store.send(.player(.transport(.stopRequested()))) {
            $0.player.playback.apply(.sent(.stop, reason: .user), at: t)
            $0.player.elapsedTime = 0
            $0.lastSavedPosition = nil
        }
        store.expectCommands(.stop)
        await store.finish()
        #expect(log.writes == [.save(item.url, 3)])
        #expect(await positions.load(item.url) == 3)
    }
}
