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

    @Test func theControlsShowAndHideAndSeeNothingElse() async {
        let store = TestStore(initialState: true, reducer: PlayerFeature.ControlsFeature())
        await store.send(.hideControls) { $0 = false }
        await store.send(.play())
        await store.send(.showControls) { $0 = true }
        await store.send(.showControls)
        await store.send(.hideControls) { $0 = false }
        store.expectCommands()
        await store.finish()
    }

    @Test func theFeatureScopesTheControlsToTheirField() async {
        let playing = harness.playing()
        let store = harness.store(harness.feature.controls, from: playing)
        await store.send(.hideControls) { $0.controlsVisible = false }
        // The scope hands the controls every action, and they change nothing else.
        await store.send(.pause())
        await store.send(.showControls) { $0.controlsVisible = true }
        store.expectCommands()
        await store.finish()
    }
}
