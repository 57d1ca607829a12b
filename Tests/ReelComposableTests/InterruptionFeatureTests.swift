import Foundation
import ReelCore
import ReelTesting
import Testing

@testable import ReelComposable

/// The interruption child alone: what an interruption pauses, and what its end resumes.
@MainActor
@Suite("PlayerFeature's interruptions")
struct InterruptionFeatureTests {
    let harness = ChildHarness()

    @Test func anInterruptionPausesWhatPlaysAndItsEndResumesIt() async {
        let t = harness.now.now
        let store = harness.store(harness.feature.interruptions, from: harness.playing())
        await store.send(.interruption(.began)) {
            $0.playback.apply(.sent(.pause, reason: .interruption), at: t)
            $0.interruption.isActive = true
            $0.interruption.wasPlaying = true
            $0.interruption.intentAfterBegin = PlayIntent(playWhenReady: false, reason: .interruption)
        }
        store.expectCommands(.pause)
        await store.send(.interruption(.ended(shouldResume: true))) {
            $0.interruption.isActive = false
            $0.playback.apply(.sent(.play, reason: .interruption), at: t)
        }
        store.expectCommands(.play)
        // An end without a beginning does nothing.
        await store.send(.interruption(.ended(shouldResume: true)))
        await store.finish()
    }

    @Test func theNeverPolicyAndALostOutputDoNotResume() async {
        let t = harness.now.now
        let store = harness.store(harness.feature.interruptions, from: harness.playing())
        await store.send(.interruption(.policyChanged(.never))) { $0.interruption.policy = .never }
        await store.send(.interruption(.began)) {
            $0.playback.apply(.sent(.pause, reason: .interruption), at: t)
            $0.interruption.isActive = true
            $0.interruption.wasPlaying = true
            $0.interruption.intentAfterBegin = PlayIntent(playWhenReady: false, reason: .interruption)
        }
        store.expectCommands(.pause)
        await store.send(.interruption(.ended(shouldResume: true))) { $0.interruption.isActive = false }
        await store.send(.interruption(.policyChanged(.always))) { $0.interruption.policy = .always }
        await store.send(.interruption(.began)) {
            $0.interruption.isActive = true
            $0.interruption.wasPlaying = false
        }
        await store.send(.interruption(.audioOutputLost)) { $0.interruption.resumeForfeited = true }
        await store.send(.interruption(.ended(shouldResume: true))) { $0.interruption.isActive = false }
        store.expectCommands()
        await store.finish()
    }
}
