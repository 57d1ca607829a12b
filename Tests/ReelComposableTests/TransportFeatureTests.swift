import Foundation
import ReelCore
import ReelTesting
import Testing

@testable import ReelComposable

/// The transport child alone: play, pause, seeks, volume, stop.
@MainActor
@Suite("PlayerFeature's transport")
struct TransportFeatureTests {
    let harness = ChildHarness()

    @Test func aToggleKeepsItsReasonAndAnEndedItemPlaysFromTheStart() async {
        let t = harness.now.now
        let store = harness.store(harness.feature.transport, from: harness.playing(duration: 5))
        await store.send(.transport(.playPauseToggled(reason: .remote))) {
            $0.playback.apply(.sent(.pause, reason: .remote), at: t)
        }
        store.expectCommands(.pause)
        let ended = harness.state(after: [.engine(.property(.endReached(true)))], from: store.state)
        let replay = harness.store(harness.feature.transport, from: ended)
        await replay.send(.transport(.playPauseToggled(reason: .user))) {
            $0.playback.apply(.sent(.seek(.absolute(0), precision: .keyframe), reason: .user), at: t)
            $0.playback.apply(.sent(.play, reason: .user), at: t)
        }
        replay.expectCommands(.seek(.absolute(0), precision: .keyframe), .play)
        await replay.finish()
    }

    @Test func aSeekIsKeptWithinTheItemAndANegativeVolumeIsZero() async {
        let t = harness.now.now
        let store = harness.store(harness.feature.transport, from: harness.playing(duration: 100))
        await store.send(.transport(.seekRequested(to: 250))) {
            $0.playback.apply(.sent(.seek(.absolute(100), precision: .exact), reason: .user), at: t)
        }
        store.expectCommands(.seek(.absolute(100), precision: .exact))
        await store.send(.transport(.seekRequested(to: -3, precision: .keyframe))) {
            $0.playback.apply(.sent(.seek(.absolute(0), precision: .keyframe), reason: .user), at: t)
        }
        store.expectCommands(.seek(.absolute(0), precision: .keyframe))
        await store.send(.transport(.volumeChanged(-0.5))) {
            $0.playback.apply(.sent(.setVolume(0), reason: .user), at: t)
        }
        store.expectCommands(.setVolume(0))
        await store.send(.transport(.muteToggled)) { $0.playback.apply(.sent(.setMuted(true), reason: .user), at: t) }
        store.expectCommands(.setMuted(true))
        await store.finish()
    }

    @Test func stopEndsAScrubAndForgetsThePreparedEntry() async {
        let t = harness.now.now
        var start = harness.playing()
        start.scrub = PlayerFeature.Scrub(position: 12, resumesPlayback: true)
        start.preparedNext = PlayerFeature.PreparedNext(
            entry: start.queue.entries[0].id, request: LoadRequest(item: harness.item, id: ItemID(rawValue: 9)))
        let store = harness.store(harness.feature.transport, from: start)
        await store.send(.transport(.stopRequested())) {
            $0.scrub = nil
            $0.preparedNext = nil
            $0.playback.apply(.sent(.stop, reason: .user), at: t)
        }
        store.expectCommands(.stop)
        await store.finish()
    }

    @Test func playingAStoppedQueueOpensItsCurrentItem() async {
        let t = harness.now.now
        let stopped = harness.state(after: [.transport(.stopRequested())], from: harness.playing())
        #expect(stopped.playback.status == .idle)
        let store = harness.store(harness.feature.transport, from: stopped)
        let request = LoadRequest(item: harness.item, id: ItemID(rawValue: 2))
        await store.send(.transport(.playRequested(reason: .remote))) {
            $0.playback.apply(.sent(.load(request), reason: .user), at: t)
        }
        store.expectCommands(.load(request))
        await store.finish()
    }

    @Test func theABLoopCyclesFromAToBToOff() async {
        let t = harness.now.now
        var start = harness.playing()
        start.elapsedTime = 12
        let store = harness.store(harness.feature.transport, from: start)
        await store.send(.transport(.abLoopCycled)) {
            $0.playback.apply(.sent(.setABLoop(ABLoop(a: 12, b: nil)), reason: .user), at: t)
        }
        store.expectCommands(.setABLoop(ABLoop(a: 12, b: nil)))
        var later = store.state
        later.elapsedTime = 20
        let next = harness.store(harness.feature.transport, from: later)
        await next.send(.transport(.abLoopCycled)) {
            $0.playback.apply(.sent(.setABLoop(ABLoop(a: 12, b: 20)), reason: .user), at: t)
        }
        next.expectCommands(.setABLoop(ABLoop(a: 12, b: 20)))
        await next.send(.transport(.abLoopCycled)) { $0.playback.apply(.sent(.setABLoop(.off), reason: .user), at: t) }
        next.expectCommands(.setABLoop(.off))
        await next.finish()
    }
}
