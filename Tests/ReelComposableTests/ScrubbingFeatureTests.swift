import Foundation
import ReelCore
import ReelTesting
import Testing

@testable import ReelComposable

/// The scrubbing child alone: optimistic scrubs that seek on release.
@MainActor
@Suite("PlayerFeature's scrubbing")
struct ScrubbingFeatureTests {
    let harness = ChildHarness()

    @Test func aScrubPausesFollowsTheFingerWithinTheItemSeeksOnReleaseAndResumes() async {
        let t = harness.now.now
        let store = harness.store(harness.feature.scrubbing, from: harness.playing(duration: 60))
        await store.send(.scrub(.began)) {
            $0.scrub = PlayerFeature.Scrub(position: 0, resumesPlayback: true)
            $0.playback.apply(.sent(.pause, reason: .user), at: t)
        }
        store.expectCommands(.pause)
        await store.send(.scrub(.changed(to: 75))) { $0.scrub?.position = 60 }
        await store.send(.scrub(.changed(to: 42))) { $0.scrub?.position = 42 }
        await store.send(.scrub(.ended)) {
            $0.scrub = nil
            $0.playback.apply(.sent(.seek(.absolute(42), precision: .exact), reason: .user), at: t)
            $0.playback.apply(.sent(.play, reason: .user), at: t)
        }
        store.expectCommands(.seek(.absolute(42), precision: .exact), .play)
        await store.finish()
    }

    @Test func withoutAScrubNothingHappensAndACancelledOneResumesWithoutASeek() async {
        let t = harness.now.now
        let store = harness.store(harness.feature.scrubbing, from: harness.playing())
        await store.send(.scrub(.changed(to: 30)))
        await store.send(.scrub(.ended))
        await store.send(.scrub(.cancelled))
        store.expectCommands()
        await store.send(.scrub(.began)) {
            $0.scrub = PlayerFeature.Scrub(position: 0, resumesPlayback: true)
            $0.playback.apply(.sent(.pause, reason: .user), at: t)
        }
        store.expectCommands(.pause)
        await store.send(.scrub(.cancelled)) {
            $0.scrub = nil
            $0.playback.apply(.sent(.play, reason: .user), at: t)
        }
        store.expectCommands(.play)
        await store.finish()
    }

    @Test func aPausedPlayerStaysPausedAfterTheScrub() async {
        let t = harness.now.now
        let paused = harness.state(after: [.transport(.pauseRequested())], from: harness.playing())
        let store = harness.store(harness.feature.scrubbing, from: paused)
        await store.send(.scrub(.began)) { $0.scrub = PlayerFeature.Scrub(position: 0, resumesPlayback: false) }
        await store.send(.scrub(.changed(to: 10))) { $0.scrub?.position = 10 }
        await store.send(.scrub(.ended)) {
            $0.scrub = nil
            $0.playback.apply(.sent(.seek(.absolute(10), precision: .exact), reason: .user), at: t)
        }
        store.expectCommands(.seek(.absolute(10), precision: .exact))
        await store.finish()
    }
}
