import Foundation
import ReelComposable
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// Several consumers of one engine: each read of `events` is a subscription of its own, and
/// every subscription sees every event (an `AsyncStream` would hand each event to one of them).
extension EngineContractTests {
    @Test(arguments: EngineKind.allCases)
    func twoSubscriptionsEachSeeEveryEventToTheEnd(_ kind: EngineKind) async throws {
        let engine = try EngineUnderTest(kind)
        let request = LoadRequest(item: MediaItem(url: try await engine.media(.shortClip)))
        let signal = CountSignal()
        let first = Self.follow(engine.engine.events, loading: request, as: "first", signal: signal)
        let second = Self.follow(engine.engine.events, loading: request, as: "second", signal: signal)
        try engine.engine.send(.load(request))
        engine.letTimePass(3)
        let firstEnded = await signal.wait(for: "first", atLeast: 1, timeout: engine.timeout)
        let secondEnded = await signal.wait(for: "second", atLeast: 1, timeout: engine.timeout)
        await engine.engine.shutdown()
        let (firstSeen, secondSeen) = (await first.value, await second.value)
        // Each folded its own events to paused(endOfMedia). (The shutdown then stops the item,
        // so the end is checked when it happens, not after the streams finish.)
        #expect(firstEnded, "the first subscription never saw the end")
        #expect(secondEnded, "the second subscription never saw the end")
        // The first subscription also got what the engine said before anyone subscribed; from
        // the second's subscription on, both saw the same events in the same order.
        #expect(secondSeen.contains(.itemStarted(request.id)))
        #expect(secondSeen.contains(.property(.endReached(true))))
        #expect(secondSeen.last == .shutdown)
        #expect(Array(firstSeen.suffix(secondSeen.count)) == secondSeen)
    }

    @Test(arguments: EngineKind.allCases)
    func aPlayerAndAStoreOnOneEngineBothSeeTheEnd(_ kind: EngineKind) async throws {
        let engine = try EngineUnderTest(kind)
        let player = engine.player
        let item = MediaItem(url: try await engine.media(.shortClip))
        // The player sends the load. A model follows only items it loaded (PlaybackReducer
        // ignores others), so the store starts out knowing the player's request, as a feature
        // sharing the engine with a player would be told; it subscribes before the load.
        let events = engine.engine.events
        try player.load(item)
        var initial = PlayerFeature.State()
        initial.playback = player.playback
        let store = Store(initialState: initial, reducer: PlayerFeature()) { $0.playbackEngine = engine.engine }
        store.bridge(events) { .engine($0) }
        try await player.until(state: .playing, timeout: engine.timeout)
        engine.letTimePass(3)
        try await player.until(state: .paused(reason: .endOfMedia), timeout: engine.timeout)
        try await store.until("the store's end", timeout: engine.timeout) {
            $0.playerState == .paused(reason: .endOfMedia)
        }
        #expect(store.state.playButton == .replay)
        #expect(store.state.playback.duration == player.duration)
        await player.shutdown()
    }

    /// A raw subscriber: folds what `events` delivers with the reducer, as a model does (told of
    /// `request` first), signals `name` while that state is `paused(endOfMedia)`, and returns
    /// everything it saw when the stream finishes.
    private static func follow(
        _ events: AsyncStream<EngineEvent>, loading request: LoadRequest, as name: String, signal: CountSignal
    ) -> Task<[EngineEvent], Never> {
        Task.detached {
            var playback = PlaybackInfo()
            PlaybackReducer.reduce(&playback, .sent(.load(request), reason: .user), at: .now)
            var seen: [EngineEvent] = []
            for await event in events {
                seen.append(event)
                PlaybackReducer.reduce(&playback, .received(event), at: .now)
                if playback.playerState == .paused(reason: .endOfMedia) { signal.increment(name) }
            }
            return seen
        }
    }
}
