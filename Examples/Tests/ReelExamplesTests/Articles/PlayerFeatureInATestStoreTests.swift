import Clocks
import Foundation
import ReelComposable
import ReelCore
import ReelTesting
import Testing

/// `PlayerFeature` in a `TestStore`: every state change and every engine command is asserted,
/// and time comes from a `TestClock` (effects) and a `TestNow` (positions).
@MainActor
@Suite("Article: PlayerFeature in a TestStore")
struct PlayerFeatureInATestStoreTests {
    @Test func aLoadIsOneCommandAndTheEngineAnswersAreState() async {
        let (clock, now, ids) = (TestClock(), TestNow(), SequentialIDs())
        let store = TestStore(
            initialState: PlayerFeature.State(),
            reducer: PlayerFeature(clock: clock, now: { now.now }, makeItemID: { ids.make() }))
        let item = MediaItem(url: URL(fileURLWithPath: "/media/clip.mp4"))
        let request = LoadRequest(item: item, id: ItemID(rawValue: 1))
        let t = now.now
        await store.send(.queue(.loadRequested(item))) {
            $0.playback.apply(.sent(.load(request), reason: .user), at: t)
            $0.queue = PlayQueue([item])
        }
        store.expectCommands(.load(request))  // a command is an effect, never state
        #expect(store.state.playerState == .buffering(reason: .evaluatingBufferRate))
        let opening: [EngineEvent] = [
            .itemStarted(request.id), .property(.duration(10)), .itemLoaded(request.id), .playbackRestarted,
        ]
        for event in opening {  // what libmpv reports while the item opens
            await store.send(.engine(event)) {
                $0.playback.apply(.received(event), at: t)
                if case .itemLoaded = event { $0.queue.noteSuccess() }
            }
        }
        #expect(store.state.playerState == .playing)
        #expect(store.state.durationLabel == "0:10")
        await store.send(.transport(.pauseRequested())) { $0.playback.apply(.sent(.pause, reason: .user), at: t) }
        store.expectCommands(.pause)
        #expect(store.state.playerState == .paused(reason: .userInitiated))
        await store.finish()
    }
}
