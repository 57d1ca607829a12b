import Foundation
import ReelCore
import ReelTesting

@testable import ReelComposable

/// The feature's dependencies pinned, and the states a child is tested from: a child reducer
/// runs alone in its `TestStore`, without the feature's timers and queue bookkeeping around it.
@MainActor
struct ChildHarness {
    let now = TestNow()
    let ids = SequentialIDs()
    let item = MediaItem(url: URL(fileURLWithPath: "/media/clip.mp4"), title: "Clip")

    /// The feature whose dependencies the children use.
    var feature: PlayerFeature {
        let (now, ids) = (now, ids)
        return PlayerFeature(
            now: { now.now }, makeItemID: { ids.make() }, readinessDeadline: .none, makeShuffleSeed: { 7 })
    }

    /// A store that runs `child` alone.
    func store<Child: Reducer>(_ child: Child, from state: PlayerFeature.State) -> TestStore<
        PlayerFeature.State, PlayerFeature.Action
    > where Child.State == PlayerFeature.State, Child.Action == PlayerFeature.Action {
        TestStore(initialState: state, reducer: child)
    }

    /// The state after `actions` went through the whole feature (their effects dropped).
    func state(after actions: [PlayerFeature.Action], from start: PlayerFeature.State = .init()) -> PlayerFeature.State
    {
        var state = start
        for action in actions { _ = feature.reduce(into: &state, action: action) }
        return state
    }

    /// The item loaded (id 1), `duration` long, playing at the start.
    func playing(duration: Double = 100) -> PlayerFeature.State {
        state(after: [
            .queue(.loadRequested(item)), .engine(.property(.paused(false))),
            .engine(.itemStarted(ItemID(rawValue: 1))),
            .engine(.property(.duration(duration))), .engine(.itemLoaded(ItemID(rawValue: 1))),
            .engine(.playbackRestarted),
        ])
    }
}
