import Clocks
import Foundation
import ReelComposable
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

/// The queue's rules in `PlayerFeature`, every state change asserted (`TestStore`): the next
/// item is prepared once the current one is ready, the engine's move to it is adopted with the
/// reasons kept right, a failed item is skipped, and editing the queue re-prepares what follows.
@MainActor
@Suite("PlayerFeature: the queue")
struct QueueFeatureTests {
    let clock = TestClock()
    let now = TestNow()
    let ids = SequentialIDs()
    let items = (1...3).map { MediaItem(url: URL(fileURLWithPath: "/media/\($0).mp4"), title: "\($0)") }
    let store: TestStore<PlayerFeature.State, PlayerFeature.Action>

    init() {
        let (now, ids) = (now, ids)
        store = TestStore(
            initialState: PlayerFeature.State(),
            reducer: PlayerFeature(
                clock: clock, now: { now.now }, makeItemID: { ids.make() }, tickInterval: .seconds(3600),
                readinessDeadline: .none, makeShuffleSeed: { 7 }))
    }

    private func request(_ index: Int, id: UInt64) -> LoadRequest {
        LoadRequest(item: items[index], id: ItemID(rawValue: id))
    }

    /// The engine's answers for an item that opens and shows its first frame.
    private func open(_ id: UInt64) async {
        let t = now.now
        for event in [EngineEvent.itemStarted(ItemID(rawValue: id)), .property(.duration(10))] {
            await store.send(.engine(event)) { $0.playback.apply(.received(event), at: t) }
        }
    }

    /// Replaces the queue with the three items and opens the first; returns its entry ids.
    private func start() async -> [QueueEntryID] {
        let t = now.now
        var queue = PlayQueue(items)
        await store.send(.queue(.replaceRequested(items))) {
            $0.playback.apply(.sent(.load(self.request(0, id: 1)), reason: .user), at: t)
            $0.queue = queue
        }
        store.expectCommands(.load(request(0, id: 1)))
        await store.send(.engine(.property(.paused(false)))) {
            $0.playback.apply(.received(.property(.paused(false))), at: t)
        }
        await open(1)
        queue.noteSuccess()
        await store.send(.engine(.itemLoaded(ItemID(rawValue: 1)))) {
            $0.playback.apply(.received(.itemLoaded(ItemID(rawValue: 1))), at: t)
        }
        // Ready (its first frame): the entry after it is prepared.
        await store.send(.engine(.playbackRestarted)) {
            $0.playback.apply(.received(.playbackRestarted), at: t)
            $0.preparedNext = PlayerFeature.PreparedNext(entry: queue.entries[1].id, request: self.request(1, id: 2))
        }
        store.expectCommands(.prepareNext(request(1, id: 2)))
        return queue.entries.map(\.id)
    }

    @Test func theEndOfAnItemMovesToThePreparedOneWithoutAPause() async {
        let entries = await start()
        let t = now.now
        #expect(store.state.playerState == .playing)
        // libmpv moves on by itself: the item ends, the prepared one is adopted and loading.
        await store.send(.engine(.itemEnded(ItemID(rawValue: 1), .endOfMedia))) {
            $0.playback.apply(.received(.itemEnded(ItemID(rawValue: 1), .endOfMedia)), at: t)
            // Playing on, because the item ended: the intent keeps that reason.
            $0.playback.apply(.sent(.load(self.request(1, id: 2)), reason: .endOfMedia), at: t)
            $0.queue.makeCurrent(entries[1])
            $0.preparedNext = nil
        }
        #expect(store.state.playerState == .buffering(reason: .evaluatingBufferRate))
        store.expectCommands()
        await open(2)
        await store.send(.engine(.itemLoaded(ItemID(rawValue: 2)))) {
            $0.playback.apply(.received(.itemLoaded(ItemID(rawValue: 2))), at: t)
        }
        await store.send(.engine(.playbackRestarted)) {
            $0.playback.apply(.received(.playbackRestarted), at: t)
            $0.preparedNext = PlayerFeature.PreparedNext(entry: entries[2], request: self.request(2, id: 3))
        }
        store.expectCommands(.prepareNext(request(2, id: 3)))
        await store.send(.transport(.pauseRequested())) {
            $0.playback.apply(.sent(.pause, reason: .user), at: t)
        }
        store.expectCommands(.pause)
        await store.finish()
    }

    @Test func aFailedItemIsSkippedAndEditingTheQueueChangesWhatIsPrepared() async {
        let entries = await start()
        let t = now.now
        // Shuffled with seed 7, the entry that follows changes: it is prepared instead.
        var shuffled = store.state.queue
        shuffled.shuffle(seed: 7)
        let following = shuffled.entry(after: entries[0], wrapping: false)!
        let index = items.firstIndex(of: following.item)!
        await store.send(.queue(.shuffleChanged(true))) {
            $0.queue = shuffled
            if following.id != entries[1] {
                $0.preparedNext = PlayerFeature.PreparedNext(entry: following.id, request: self.request(index, id: 3))
            }
        }
        if following.id != entries[1] { store.expectCommands(.prepareNext(request(index, id: 3))) }
        await store.send(.queue(.shuffleChanged(false))) {
            $0.queue.unshuffle()
            if following.id != entries[1] {
                $0.preparedNext = PlayerFeature.PreparedNext(entry: entries[1], request: self.request(1, id: 4))
            }
        }
        if following.id != entries[1] { store.expectCommands(.prepareNext(request(1, id: 4))) }
        let prepared = store.state.preparedNext!
        // The current item fails: the queue notes it and opens the next one (a load empties what
        // the engine had prepared).
        let error = PlayerError(.unsupportedFormat)
        let nextID = ItemID(rawValue: prepared.request.id.rawValue + 1)
        await store.send(.engine(.itemEnded(ItemID(rawValue: 1), .failed(error)))) {
            $0.playback.apply(.received(.itemEnded(ItemID(rawValue: 1), .failed(error))), at: t)
            _ = $0.queue.noteFailure(error)
            $0.queue.makeCurrent(entries[1])
            $0.preparedNext = nil
            $0.playback.apply(
                .sent(.load(LoadRequest(item: self.items[1], id: nextID)), reason: .user), at: t)
        }
        store.expectCommands(.load(LoadRequest(item: items[1], id: nextID)))
        #expect(store.state.queue.entries[0].error == error)
        await store.send(.transport(.stopRequested())) {
            $0.playback.apply(.sent(.stop, reason: .user), at: t)
        }
        store.expectCommands(.stop)
        await store.finish()
    }
}
