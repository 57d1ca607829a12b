import Clocks
import Foundation
import ReelComposable
import ReelCore
import ReelExamples
import ReelTesting
import Testing

@MainActor
@Suite("RetryFeature")
struct RetryFeatureTests {
    let clock = TestClock()
    let now = TestNow()
    let ids = SequentialIDs()
    let item = MediaItem(url: URL(string: "https://example.com/live.mp4")!, title: "Stream")

    func makeStore(maxAttempts: Int = 5) -> TestStore<RetryFeature.State, RetryFeature.Action> {
        let (now, ids) = (now, ids)
        return TestStore(
            initialState: RetryFeature.State(),
            reducer: RetryFeature(
                player: PlayerFeature(
                    clock: clock, now: { now.now }, makeItemID: { ids.make() }, tickInterval: .seconds(1000),
                    readinessDeadline: .none),
                baseDelay: .seconds(1), maxAttempts: maxAttempts))
    }

    /// Loads the item, plays it for 12 s, and returns the item as a retry reloads it (from 12 s).
    func loadAndPlay(_ store: TestStore<RetryFeature.State, RetryFeature.Action>) async -> MediaItem {
        let t = now.now
        let request = LoadRequest(item: item, id: ItemID(rawValue: 1))
        await store.send(.player(.queue(.loadRequested(item)))) {
            $0.player.playback.apply(.sent(.load(request), reason: .user), at: t)
            $0.player.queue = PlayQueue([item])
            $0.player.queue = PlayQueue([item])
        }
        store.expectCommands(.load(request))
        await store.open(request.id, duration: 100, at: t)
        now.advance(by: 12)
        var resumed = item
        resumed.startPosition = 12
        return resumed
    }

    /// The engine reports that item `id` failed with `error`; `update` adds the feature's reaction.
    func fail(
        _ store: TestStore<RetryFeature.State, RetryFeature.Action>, _ id: UInt64, with error: PlayerError,
        assert update: @escaping (inout RetryFeature.State) -> Void
    ) async {
        await store.engine(.itemEnded(ItemID(rawValue: id), .failed(error)), at: now.now) {
            $0.player.elapsedTime = 12
            _ = $0.player.queue.noteFailure(error)
            update(&$0)
        }
        #expect(store.state.player.errorMessage == error.message)
    }

    /// Moves the clock to just before `delay` (nothing may happen), then to `delay`, where the
    /// feature reloads the item as load number `id`.
    func retry(
        _ store: TestStore<RetryFeature.State, RetryFeature.Action>, after delay: Duration, item: MediaItem,
        id: UInt64
    ) async {
        await clock.advanceOnceAsleep(by: delay - .milliseconds(1))
        await store.expectNoReceivedActions()
        await clock.advance(by: .milliseconds(1))
        let request = LoadRequest(item: item, id: ItemID(rawValue: id))
        let t = now.now
        await store.receive(.player(.transport(.retryTapped))) {
            $0.player.playback.apply(.sent(.load(request), reason: .user), at: t)
            $0.nextRetryIn = nil
        }
        store.expectCommands(.load(request))
    }

    @Test func aNetworkFailureIsRetriedAndASuccessfulStartResetsTheCount() async {
        let store = makeStore()
        let resumed = await loadAndPlay(store)
        await fail(store, 1, with: PlayerError(.networkUnreachable)) {
            $0.attempt = 1
            $0.nextRetryIn = .seconds(1)
        }
        await retry(store, after: .seconds(1), item: resumed, id: 2)
        await store.open(ItemID(rawValue: 2), duration: 100, at: now.now) { event, state in
            if event == .playbackRestarted { state.attempt = 0 }
        }
        #expect(store.state.player.playerState == .playing)
        await store.pauseAndFinish(at: now.now)
    }

    @Test func theDelaysDoubleAndTheFeatureGivesUpAfterTheMaximum() async {
        let store = makeStore(maxAttempts: 3)
        let resumed = await loadAndPlay(store)
        await fail(store, 1, with: PlayerError(.networkUnreachable)) {
            $0.attempt = 1
            $0.nextRetryIn = .seconds(1)
        }
        await retry(store, after: .seconds(1), item: resumed, id: 2)
        await fail(store, 2, with: PlayerError(.httpStatus(503))) {
            $0.attempt = 2
            $0.nextRetryIn = .seconds(2)
        }
        await retry(store, after: .seconds(2), item: resumed, id: 3)
        await fail(store, 3, with: PlayerError(.networkUnreachable)) {
            $0.attempt = 3
            $0.nextRetryIn = .seconds(4)
        }
        await retry(store, after: .seconds(4), item: resumed, id: 4)
        await fail(store, 4, with: PlayerError(.networkUnreachable)) { $0.gaveUp = true }
        await clock.run()
        await store.finish()
    }

    @Test func aRetryTappedAfterGivingUpStartsOver() async {
        let store = makeStore(maxAttempts: 1)
        let resumed = await loadAndPlay(store)
        await fail(store, 1, with: PlayerError(.networkUnreachable)) {
            $0.attempt = 1
            $0.nextRetryIn = .seconds(1)
        }
        await retry(store, after: .seconds(1), item: resumed, id: 2)
        await fail(store, 2, with: PlayerError(.networkUnreachable)) { $0.gaveUp = true }

        let request = LoadRequest(item: resumed, id: ItemID(rawValue: 3))
        await store.send(.player(.transport(.retryTapped))) {
            $0.player.playback.apply(.sent(.load(request), reason: .user), at: self.now.now)
            $0.attempt = 0
            $0.gaveUp = false
        }
        store.expectCommands(.load(request))
        await fail(store, 3, with: PlayerError(.networkUnreachable)) {
            $0.attempt = 1
            $0.nextRetryIn = .seconds(1)
        }
        await store.send(.player(.transport(.stopRequested()))) {
            $0.player.playback.apply(.sent(.stop, reason: .user), at: self.now.now)
            $0.player.elapsedTime = 0
            $0.attempt = 0
            $0.nextRetryIn = nil
        }
        store.expectCommands(.stop)
        await store.finish()
    }

    @Test func aMissingResourceIsNotRetried() async {
        let store = makeStore()
        _ = await loadAndPlay(store)
        await fail(store, 1, with: PlayerError(.httpStatus(404))) { _ in }
        await clock.run()
        await store.finish()
    }

    @Test func aMissingFileIsNotRetried() async {
        let store = makeStore()
        _ = await loadAndPlay(store)
        await fail(store, 1, with: PlayerError(.fileNotFound)) { _ in }
        await store.finish()
    }

    @Test func loadingAnotherItemCancelsThePendingRetry() async {
        let store = makeStore()
        _ = await loadAndPlay(store)
        await fail(store, 1, with: PlayerError(.networkUnreachable)) {
            $0.attempt = 1
            $0.nextRetryIn = .seconds(1)
        }
        let other = MediaItem(url: URL(string: "https://example.com/other.mp4")!, title: "Other")
        let request = LoadRequest(item: other, id: ItemID(rawValue: 2))
        let t = now.now
        await store.send(.player(.queue(.loadRequested(other)))) {
            $0.player.playback.apply(.sent(.load(request), reason: .user), at: t)
            $0.player.queue = PlayQueue([other])
            $0.player.elapsedTime = 0
            $0.attempt = 0
            $0.nextRetryIn = nil
        }
        store.expectCommands(.load(request))
        // The retry's time passes: nothing is sent.
        await clock.advance(by: .seconds(10))
        await store.finish()
    }
}
