import Foundation
import ReelCore
import ReelTesting
import Testing

@testable import ReelComposable

/// The controls child: whether the controls show, scoped to that one field.
@MainActor
@Suite("PlayerFeature's controls")
struct ControlsFeatureTests {
    let harness = ChildHarness()

    @Test func theControlsShowAndHide() async {
        let store = TestStore(initialState: true, reducer: PlayerFeature.ControlsFeature())
        await store.send(.hideRequested) { $0 = false }
        await store.send(.hideRequested)
        await store.send(.showRequested) { $0 = true }
        await store.send(.showRequested)
        await store.send(.hideRequested) { $0 = false }
        store.expectCommands()
        await store.finish()
    }

    @Test func theFeatureScopesTheControlsToTheirFieldAndActions() async {
        let playing = harness.playing()
        let store = harness.store(harness.feature.controls, from: playing)
        await store.send(.controls(.hideRequested)) { $0.controlsVisible = false }
        // The scope hands the controls only their actions, and they change nothing else.
        await store.send(.transport(.pauseRequested()))
        await store.send(.controls(.showRequested)) { $0.controlsVisible = true }
        store.expectCommands()
        await store.finish()
    }
}
