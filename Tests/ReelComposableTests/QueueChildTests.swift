import Foundation
import ReelCore
import ReelTesting
import Testing

@testable import ReelComposable

/// The queue child alone: edits change only the queue, moves open an item.
@MainActor
@Suite("PlayerFeature's queue child")
struct QueueChildTests {
    let harness = ChildHarness()
    let other = MediaItem(url: URL(fileURLWithPath: "/media/other.mp4"), title: "Other")

    @Test func editsChangeOnlyTheQueueAndNextOpensTheFollowingEntry() async {
        let t = harness.now.now
        let start = harness.playing()
        let store = harness.store(harness.feature.queueing, from: start)
        var queue = start.queue
        queue.append([other])
        await store.send(.queue(.appendRequested([other]))) { $0.queue = queue }
        store.expectCommands()
        let request = LoadRequest(item: other, id: ItemID(rawValue: 2))
        await store.send(.queue(.nextRequested)) {
            // The entry left keeps where it was and its tracks.
            $0.queue.update(queue.entries[0].id) {
                $0.selectedTracks = PlayQueue.TrackSelection(audio: nil, subtitle: nil)
            }
            $0.queue.makeCurrent(queue.entries[1].id)
            $0.playback.apply(.sent(.load(request), reason: .user), at: t)
        }
        store.expectCommands(.load(request))
        await store.finish()
    }

    @Test func clearingStopsAndRepeatingOneLoopsTheItem() async {
        let t = harness.now.now
        let store = harness.store(harness.feature.queueing, from: harness.playing())
        await store.send(.queue(.repeatModeChanged(.one))) {
            $0.playback.apply(.sent(.setLoop(.item), reason: .user), at: t)
        }
        store.expectCommands(.setLoop(.item))
        #expect(store.state.repeatMode == .one)
        await store.send(.queue(.clearRequested)) {
            $0.queue.removeAll()
            $0.playback.apply(.sent(.stop, reason: .user), at: t)
        }
        store.expectCommands(.stop)
        await store.finish()
    }
}

/// The live child alone: going live, and a stream's quality.
@MainActor
@Suite("PlayerFeature's live child")
struct LiveChildTests {
    let harness = ChildHarness()

    @Test func goingLiveSeeksToTheEdgeAndPlaysAPausedStream() async {
        let t = harness.now.now
        let live = harness.state(
            after: [
                .engine(.property(.live(true))), .engine(.property(.bufferedRanges([TimeRange(start: 10, end: 70)]))),
                .transport(.pauseRequested()),
            ],
            from: harness.playing())
        let edge: TimeInterval = 70
        #expect(live.playback.liveEdge == edge)
        let store = harness.store(harness.feature.live, from: live)
        await store.send(.live(.goLiveRequested)) {
            $0.playback.apply(.sent(.seek(.absolute(edge), precision: .keyframe), reason: .user), at: t)
            $0.playback.apply(.sent(.play, reason: .user), at: t)
        }
        store.expectCommands(.seek(.absolute(edge), precision: .keyframe), .play)
        await store.finish()
    }

    @Test func anItemThatIsNotLiveDoesNotGoLive() async {
        let store = harness.store(harness.feature.live, from: harness.playing())
        await store.send(.live(.goLiveRequested))
        store.expectCommands()
        await store.finish()
    }
}

/// The tracks and outputs child alone: choices computed from the playback state.
@MainActor
@Suite("PlayerFeature's tracks and outputs child")
struct OutputsChildTests {
    let harness = ChildHarness()

    @Test func delaysMoveByStepsAndGravityCycles() async {
        let t = harness.now.now
        let store = harness.store(harness.feature.outputs, from: harness.playing())
        await store.send(.outputs(.audioDelayAdjusted(by: 0.1))) {
            $0.playback.apply(.sent(.setAudioDelay(0.1), reason: .user), at: t)
        }
        store.expectCommands(.setAudioDelay(0.1))
        await store.send(.outputs(.audioDelayAdjusted(by: 0.2))) {
            $0.playback.apply(.sent(.setAudioDelay(0.3), reason: .user), at: t)
        }
        store.expectCommands(.setAudioDelay(0.3))
        var framing = store.state.playback.framing
        framing.gravity = .fill
        await store.send(.outputs(.gravityCycled)) {
            $0.playback.apply(.sent(.setVideoFraming(framing), reason: .user), at: t)
        }
        store.expectCommands(.setVideoFraming(framing))
        await store.finish()
    }

    @Test func aScreenshotIsWrittenWhereAskedAndNamedAfterTheItemAndTheTime() async {
        let t = harness.now.now
        let store = harness.store(harness.feature.outputs, from: harness.playing())
        let folder = URL(fileURLWithPath: "/tmp/shots")
        let file = folder.appendingPathComponent(PlayerFeature.screenshotName(store.state))
        #expect(file.lastPathComponent == "clip-0m00.000s.png")
        await store.send(.outputs(.screenshotRequested(to: file, includingSubtitles: false))) {
            $0.playback.apply(.sent(.screenshot(to: file, includingSubtitles: false), reason: .user), at: t)
        }
        store.expectCommands(.screenshot(to: file, includingSubtitles: false))
        await store.finish()
    }

    @Test func theZoomIsKeptWithinItsRangeAndTracksCycle() async {
        let t = harness.now.now
        let tracks = [
            Track(id: 1, kind: .audio, isSelected: true), Track(id: 2, kind: .audio),
            Track(id: 3, kind: .subtitle), Track(id: 4, kind: .subtitle, isSelected: true),
        ]
        let start = harness.state(after: [.engine(.property(.tracks(tracks)))], from: harness.playing())
        let store = harness.store(harness.feature.outputs, from: start)
        var framing = start.playback.framing
        framing.zoom = 8
        await store.send(.outputs(.zoomMultiplied(by: 100))) {
            $0.playback.apply(.sent(.setVideoFraming(framing), reason: .user), at: t)
        }
        store.expectCommands(.setVideoFraming(framing))
        await store.send(.outputs(.zoomMultiplied(by: 2)))  // already at the largest
        await store.send(.outputs(.zoomMultiplied(by: 0)))
        store.expectCommands()
        // The last subtitle is selected: Off follows; audio wraps around.
        await store.send(.outputs(.subtitleTrackCycled)) {
            $0.playback.apply(.sent(.selectTrack(.subtitle, id: nil), reason: .user), at: t)
        }
        store.expectCommands(.selectTrack(.subtitle, id: nil))
        await store.send(.outputs(.subtitleTrackCycled)) {
            $0.playback.apply(.sent(.selectTrack(.subtitle, id: 3), reason: .user), at: t)
        }
        store.expectCommands(.selectTrack(.subtitle, id: 3))
        await store.send(.outputs(.audioTrackCycled)) {
            $0.playback.apply(.sent(.selectTrack(.audio, id: 2), reason: .user), at: t)
        }
        store.expectCommands(.selectTrack(.audio, id: 2))
        await store.finish()
    }
}
