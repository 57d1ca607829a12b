import Foundation
import ReelComposable
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

/// Live streams and streaming quality in `PlayerFeature`, step by step on a `TestStore`.
@MainActor
@Suite("PlayerFeature: live streams and quality")
struct LiveFeatureTests {
    let harness = FeatureHarness(liveReload: PlayerFeature.LiveReload(maximumAttempts: 1, recovery: 60))
    var store: TestStore<PlayerFeature.State, PlayerFeature.Action> { harness.store }

    /// Plays the item and reports it live, with a window of 10…40 s, at 38 s.
    private func playLive() async {
        await harness.loadAndPlay(duration: 40)
        let t = harness.now.now
        for event in [
            EngineEvent.property(.live(true)), .property(.bufferedRanges([TimeRange(start: 10, end: 40)])),
            .property(.position(38, at: t)),
        ] {
            await store.send(.engine(event)) {
                $0.playback.apply(.received(event), at: t)
                $0.elapsedTime = $0.playback.position(at: t)
            }
        }
    }

    @Test func aLiveItemShowsItsWindowAndGoesLive() async {
        await playLive()
        let t = harness.now.now
        #expect(store.state.playback.duration == nil)
        #expect(store.state.seekRange == TimeRange(start: 10, end: 40))
        #expect(store.state.behindLive == 2)
        #expect(store.state.isAtLiveEdge)
        #expect(store.state.liveLabel == "LIVE")
        #expect(store.state.liveLabel(live: "DIREKT") == "DIREKT")
        #expect(store.state.progress == 28.0 / 30)
        // Back into the window: a seek is clamped to it.
        await store.send(.transport(.seekRequested(to: 2))) {
            $0.playback.apply(.sent(.seek(.absolute(10), precision: .exact), reason: .user), at: t)
            $0.elapsedTime = 10
        }
        store.expectCommands(.seek(.absolute(10), precision: .exact))
        #expect(store.state.behindLive == 30)
        #expect(!store.state.isAtLiveEdge)
        #expect(store.state.liveLabel == "-0:30")
        await store.send(.live(.goLiveRequested)) {
            $0.playback.apply(.sent(.seek(.absolute(40), precision: .keyframe), reason: .user), at: t)
            $0.elapsedTime = 40
        }
        store.expectCommands(.seek(.absolute(40), precision: .keyframe))
        await harness.pauseToFinish()
    }

    @Test func goLiveDoesNothingForAnItemThatIsNotLive() async {
        await harness.loadAndPlay(duration: 40)
        await store.send(.live(.goLiveRequested))
        await harness.pauseToFinish()
    }

    @Test func aLiveItemThatEndsIsReloadedThenFails() async {
        await playLive()
        let t = harness.now.now
        let reload = LoadRequest(item: harness.item, id: ItemID(rawValue: 2))
        await store.send(.engine(.property(.endReached(true)))) {
            $0.playback.apply(.received(.property(.endReached(true))), at: t)
            $0.playback.apply(.sent(.load(reload), reason: .user), at: t)
            $0.liveReloads.attempts = 1
            $0.elapsedTime = 0
        }
        store.expectCommands(.load(reload))
        #expect(store.state.playerState == .buffering(reason: .evaluatingBufferRate))
        for event in [
            EngineEvent.itemStarted(reload.id), .itemLoaded(reload.id), .playbackRestarted,
        ] {
            await store.send(.engine(event)) { $0.playback.apply(.received(event), at: t) }
        }
        // Live and playing again: the recovery is measured from here.
        await store.send(.engine(.property(.live(true)))) {
            $0.playback.apply(.received(.property(.live(true))), at: t)
            $0.liveReloads.playingSince = 0
        }
        await store.send(.engine(.property(.endReached(true)))) {
            $0.playback.apply(.received(.property(.endReached(true))), at: t)
            $0.playback.apply(.gaveUp(reload.id, PlayerError(.liveStreamStopped)), at: t)
            $0.liveReloads = PlayerFeature.LiveReloads()
            _ = $0.queue.noteFailure(PlayerError(.liveStreamStopped))
        }
        #expect(store.state.playerState == .paused(reason: .error(PlayerError(.liveStreamStopped))))
        await store.finish()
    }

    @Test func aQualityChoiceSelectsTheVariantsTracks() async {
        await harness.loadAndPlay(duration: 6)
        let t = harness.now.now
        let tracks = [
            Track(id: 1, kind: .video, isSelected: true, width: 640, height: 360),
            Track(id: 2, kind: .video, width: 160, height: 90),
            Track(id: 1, kind: .audio, isSelected: true), Track(id: 2, kind: .audio),
        ]
        for event in [EngineEvent.property(.container("hls")), .property(.tracks(tracks))] {
            await store.send(.engine(event)) { $0.playback.apply(.received(event), at: t) }
        }
        let low = StreamVariant(id: 2, audioTrackID: 2, width: 160, height: 90)
        #expect(store.state.playback.variants.map(\.id) == [1, 2])
        #expect(store.state.playback.variants.last == low)
        await store.send(.live(.qualitySelected(.variant(low)))) {
            $0.playback.apply(.sent(.setStreamingQuality(.variant(low)), reason: .user), at: t)
        }
        store.expectCommands(.setStreamingQuality(.variant(low)))
        #expect(store.state.playback.currentVariant == low)
        #expect(store.state.playback.selectedTrack(.audio)?.id == 2)
        await store.send(.live(.qualitySelected(.auto))) {
            $0.playback.apply(.sent(.setStreamingQuality(.auto), reason: .user), at: t)
        }
        store.expectCommands(.setStreamingQuality(.auto))
        #expect(store.state.playback.streamingQuality == .auto)
        await harness.pauseToFinish()
    }

    @Test func aVariantWithAnInvalidTrackIsRefused() {
        #expect(throws: PlayerError.self) {
            try EngineCommand.setStreamingQuality(.variant(StreamVariant(id: 0))).checkArguments()
        }
    }
}
