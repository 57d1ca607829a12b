import Clocks
import Foundation
import ReelComposable
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

@MainActor
@Suite("PlayerFeature")
struct PlayerFeatureTests {
    let harness = FeatureHarness()
    var store: TestStore<PlayerFeature.State, PlayerFeature.Action> { harness.store }

    @Test func loadSendsTheCommandAndPlaysWhenTheEngineIsReady() async {
        #expect(store.state.durationLabel == "--:--")
        await harness.loadAndPlay(duration: 100)
        #expect(store.state.playerState == .playing)
        #expect(store.state.playButton == .pause)
        #expect(store.state.currentLabel == "0:00")
        #expect(store.state.remainingLabel == "-1:40")
        #expect(store.state.durationLabel == "1:40")
        await harness.pauseToFinish()
    }

    @Test func theTickerRefreshesLabelsWhilePlaying() async {
        await harness.loadAndPlay(duration: 3700)
        harness.now.advance(by: 1)
        await harness.clock.advanceOnceAsleep(by: .seconds(1))
        await store.receive(.timerTicked) { $0.elapsedTime = 1 }
        #expect(store.state.currentLabel == "0:00:01")
        #expect(store.state.remainingLabel == "-1:01:39")
        #expect(store.state.progress == 1.0 / 3700)
        await harness.pauseToFinish()
    }

    @Test func aRepeatedPlayAfterAnOutsidePauseIsSentAgain() async {
        await harness.loadAndPlay()
        let t = harness.now.now
        await store.send(.engine(.property(.paused(true)))) {
            $0.playback.apply(.received(.property(.paused(true))), at: t)
        }
        #expect(store.state.playerState == .paused(reason: .userInitiated))
        await store.send(.transport(.playRequested())) {
            $0.playback.apply(.sent(.play, reason: .user), at: t)
        }
        store.expectCommands(.play)
        await store.send(.engine(.property(.paused(true)))) {
            $0.playback.apply(.received(.property(.paused(true))), at: t)
        }
        await store.send(.transport(.playRequested())) { $0.playback.apply(.sent(.play, reason: .user), at: t) }
        store.expectCommands(.play)
        await harness.pauseToFinish()
    }

    @Test func playPauseTogglesAndReplaysAtTheEnd() async {
        await harness.loadAndPlay(duration: 5)
        let t = harness.now.now
        await store.send(.transport(.playPauseToggled(reason: .user))) {
            $0.playback.apply(.sent(.pause, reason: .user), at: t)
        }
        store.expectCommands(.pause)
        #expect(store.state.playButton == .play)
        await store.send(.engine(.property(.endReached(true)))) {
            $0.playback.apply(.received(.property(.endReached(true))), at: t)
            $0.elapsedTime = 5
        }
        #expect(store.state.playButton == .replay)
        await store.send(.transport(.playPauseToggled(reason: .user))) {
            $0.playback.apply(.sent(.seek(.absolute(0), precision: .keyframe), reason: .user), at: t)
            $0.playback.apply(.sent(.play, reason: .user), at: t)
            $0.elapsedTime = 0
        }
        store.expectCommands(.seek(.absolute(0), precision: .keyframe), .play)
        await store.send(.engine(.playbackRestarted)) {
            $0.playback.apply(.received(.playbackRestarted), at: t)
        }
        await harness.pauseToFinish()
    }

    @Test func scrubbingIsOptimisticSeeksOnReleaseAndResumes() async {
        await harness.loadAndPlay(duration: 100)
        let t = harness.now.now
        await store.send(.scrub(.began)) {
            $0.scrub = PlayerFeature.Scrub(position: 0, resumesPlayback: true)
            $0.playback.apply(.sent(.pause, reason: .user), at: t)
        }
        store.expectCommands(.pause)
        await store.send(.scrub(.changed(to: 42))) { $0.scrub?.position = 42 }
        #expect(store.state.currentLabel == "0:42")
        #expect(store.state.progress == 0.42)
        await store.send(.scrub(.changed(to: 500))) { $0.scrub?.position = 100 }
        await store.send(.scrub(.changed(to: 61.5))) { $0.scrub?.position = 61.5 }
        await store.send(.scrub(.ended)) {
            $0.scrub = nil
            $0.playback.apply(.sent(.seek(.absolute(61.5), precision: .exact), reason: .user), at: t)
            $0.playback.apply(.sent(.play, reason: .user), at: t)
            $0.elapsedTime = 61.5
        }
        store.expectCommands(.seek(.absolute(61.5), precision: .exact), .play)
        #expect(store.state.playerState == .buffering(reason: .seeking))
        await store.send(.engine(.playbackRestarted)) {
            $0.playback.apply(.received(.playbackRestarted), at: t)
        }
        await harness.pauseToFinish()
    }

    @Test func aCancelledScrubDoesNotSeekButResumes() async {
        await harness.loadAndPlay(duration: 100)
        let t = harness.now.now
        await store.send(.scrub(.began)) {
            $0.scrub = PlayerFeature.Scrub(position: 0, resumesPlayback: true)
            $0.playback.apply(.sent(.pause, reason: .user), at: t)
        }
        store.expectCommands(.pause)
        await store.send(.scrub(.changed(to: 30))) { $0.scrub?.position = 30 }
        await store.send(.scrub(.cancelled)) {
            $0.scrub = nil
            $0.playback.apply(.sent(.play, reason: .user), at: t)
        }
        store.expectCommands(.play)
        #expect(store.state.currentLabel == "0:00")
        await harness.pauseToFinish()
    }

    @Test func theABLoopIsACommand() async {
        let t = harness.now.now
        let loop = ABLoop(a: 2, b: 5)
        await store.send(.transport(.abLoopChanged(loop))) {
            $0.playback.apply(.sent(.setABLoop(loop), reason: .user), at: t)
        }
        store.expectCommands(.setABLoop(loop))
        #expect(store.state.playback.abLoop == loop)
        await store.finish()
    }

    @Test func scrubbingWhilePausedDoesNotResume() async {
        await harness.loadAndPlay()
        await harness.pauseToFinish()
        let t = harness.now.now
        await store.send(.scrub(.began)) { $0.scrub = PlayerFeature.Scrub(position: 0, resumesPlayback: false) }
        await store.send(.scrub(.ended)) {
            $0.scrub = nil
            $0.playback.apply(.sent(.seek(.absolute(0), precision: .exact), reason: .user), at: t)
        }
        store.expectCommands(.seek(.absolute(0), precision: .exact))
        await store.finish()
    }

    @Test func skipSeeksRelativeAndSeekClampsToTheItem() async {
        await harness.loadAndPlay(duration: 30)
        let t = harness.now.now
        await store.send(.transport(.skipRequested(by: 10))) {
            $0.playback.apply(.sent(.seek(.relative(10), precision: .keyframe), reason: .user), at: t)
            $0.elapsedTime = 10
        }
        store.expectCommands(.seek(.relative(10), precision: .keyframe))
        await store.send(.engine(.playbackRestarted)) {
            $0.playback.apply(.received(.playbackRestarted), at: t)
        }
        await store.send(.transport(.seekRequested(to: 99))) {
            $0.playback.apply(.sent(.seek(.absolute(30), precision: .exact), reason: .user), at: t)
            $0.elapsedTime = 30
        }
        store.expectCommands(.seek(.absolute(30), precision: .exact))
        await store.finish()
    }

    /// Chapter skips as mpv's PgUp and PgDn: to the next start; back to this chapter's start, or
    /// to the one before within 5 s of it; nothing past the last chapter or without chapters.
    @Test func chapterSkipsGoToChapterStarts() {
        var playback = PlaybackInfo()
        let start = { (position: Double, forward: Bool) in
            PlayerFeature.chapterStart(from: position, forward: forward, in: playback)
        }
        #expect(start(10, true) == nil)
        playback.chapters = [
            Chapter(title: "Intro", start: 0), Chapter(title: "Main", start: 20), Chapter(title: "End", start: 60),
        ]
        #expect(start(10, true) == 20)
        #expect(start(20, true) == 60)
        #expect(start(70, true) == nil)
        #expect(start(40, false) == 20)
        #expect(start(23, false) == 0)
        #expect(start(2, false) == 0)
        #expect(start(66, false) == 60)
    }

    @Test func aChapterSkipSeeksToTheChapterExactly() async {
        await harness.loadAndPlay(duration: 30)
        let t = harness.now.now
        await store.send(
            .engine(.property(.chapters([Chapter(title: "A", start: 0), Chapter(title: "B", start: 12)])))
        ) {
            $0.playback.apply(
                .received(.property(.chapters([Chapter(title: "A", start: 0), Chapter(title: "B", start: 12)]))), at: t)
        }
        await store.send(.transport(.chapterSkipRequested(forward: true))) {
            $0.playback.apply(.sent(.seek(.absolute(12), precision: .exact), reason: .user), at: t)
            $0.elapsedTime = 12
        }
        store.expectCommands(.seek(.absolute(12), precision: .exact))
        await store.finish()
    }

    /// Linear playback ignores every way to move other than forward at its own pace, and turning
    /// it off gives them back; speed still changes.
    @Test func linearPlaybackIgnoresSeeksSkipsScrubsStepsAndLoops() async {
        await harness.loadAndPlay(duration: 30)
        let t = harness.now.now
        await store.send(.transport(.linearPlaybackChanged(true))) { $0.requiresLinearPlayback = true }
        await store.send(.transport(.skipRequested(by: 10)))
        await store.send(.transport(.seekRequested(to: 20)))
        await store.send(.transport(.frameSeekRequested(3)))
        await store.send(.transport(.frameStepRequested(forward: false)))
        await store.send(.transport(.abLoopCycled))
        await store.send(.transport(.abLoopChanged(ABLoop(a: 1, b: 2))))
        await store.send(.scrub(.began))
        await store.send(.scrub(.changed(to: 12)))
        await store.send(.scrub(.ended))
        await store.send(.live(.goLiveRequested))
        store.expectCommands()
        await store.send(.transport(.rateChanged(1.5))) {
            $0.playback.apply(.sent(.setSpeed(1.5), reason: .user), at: t)
        }
        store.expectCommands(.setSpeed(1.5))
        await store.send(.transport(.linearPlaybackChanged(false))) { $0.requiresLinearPlayback = false }
        await store.send(.transport(.skipRequested(by: 10))) {
            $0.playback.apply(.sent(.seek(.relative(10), precision: .keyframe), reason: .user), at: t)
            $0.elapsedTime = 10
        }
        store.expectCommands(.seek(.relative(10), precision: .keyframe))
        await store.finish()
    }

    @Test func speedTracksVolumeAndMuteBecomeCommands() async {
        let t = harness.now.now
        await store.send(.transport(.rateChanged(1.5))) {
            $0.playback.apply(.sent(.setSpeed(1.5), reason: .user), at: t)
        }
        store.expectCommands(.setSpeed(1.5))
        await store.send(.outputs(.audioTrackSelected(id: 2)))
        store.expectCommands(.selectTrack(.audio, id: 2))
        await store.send(.outputs(.subtitleTrackSelected(id: nil)))
        store.expectCommands(.selectTrack(.subtitle, id: nil))
        // Amplified is allowed (the engine enforces its own maximum); negative is silence.
        await store.send(.transport(.volumeChanged(1.2))) { $0.playback.volume = 1.2 }
        store.expectCommands(.setVolume(1.2))
        await store.send(.transport(.volumeChanged(-0.5))) { $0.playback.volume = 0 }
        store.expectCommands(.setVolume(0))
        await store.send(.transport(.muteToggled)) { $0.playback.isMuted = true }
        store.expectCommands(.setMuted(true))
        await store.finish()
    }

    @Test func controlsVisibilityIsPlainStateWithNoTimer() async {
        await harness.loadAndPlay()
        await store.send(.controls(.hideRequested)) { $0.controlsVisible = false }
        await store.send(.controls(.showRequested)) { $0.controlsVisible = true }
        // Playing on hides nothing: the container's control overlay runs the countdown. The
        // store is exhaustive, so any action but the ticker's would fail here.
        for _ in 1...5 {
            await harness.clock.advanceOnceAsleep(by: .seconds(1))
            await store.receive(.timerTicked)
        }
        #expect(store.state.controlsVisible)
        await store.send(.controls(.hideRequested)) { $0.controlsVisible = false }
        await store.send(.controls(.showRequested)) { $0.controlsVisible = true }
        await harness.pauseToFinish()
    }

    @Test func aRefusedCommandShowsItsError() async {
        let t = harness.now.now
        store.refuse = { _ in PlayerError(.engineGone) }
        await store.send(.transport(.playRequested())) { $0.playback.apply(.sent(.play, reason: .user), at: t) }
        await store.receive(.commandRefused(.play, PlayerError(.engineGone))) {
            $0.playback.apply(.refused(.play, PlayerError(.engineGone)), at: t)
            $0.commandError = PlayerError(.engineGone)
            $0.refusalCount = 1
        }
        #expect(store.state.playback.intent.playWhenReady == false)
        #expect(store.state.errorMessage == "The player has been shut down.")
        await store.finish()
    }

    @Test func retryReloadsTheFailedItemWhereItStopped() async {
        await harness.loadAndPlay(duration: 100)
        let t = harness.now.now
        await store.send(.engine(.property(.position(12, at: t)))) {
            $0.playback.apply(.received(.property(.position(12, at: t))), at: t)
            $0.elapsedTime = 12
        }
        let error = PlayerError(.networkUnreachable)
        await store.send(.engine(.itemEnded(ItemID(rawValue: 1), .failed(error)))) {
            $0.playback.apply(.received(.itemEnded(ItemID(rawValue: 1), .failed(error))), at: t)
            // The queue of one remembers the failure; with nothing else to try, it stops there.
            let stops = $0.queue.noteFailure(error)
            #expect(stops)
        }
        #expect(store.state.errorMessage == error.message)
        var resumed = harness.item
        resumed.startPosition = 12
        let request = LoadRequest(item: resumed, autoplay: true, id: ItemID(rawValue: 2))
        await store.send(.transport(.retryTapped)) {
            $0.playback.apply(.sent(.load(request), reason: .user), at: t)
        }
        store.expectCommands(.load(request))
        #expect(store.state.errorMessage == nil)
        await store.finish()
    }

    @Test func stopUnloads() async {
        await harness.loadAndPlay()
        let t = harness.now.now
        await store.send(.transport(.stopRequested())) {
            $0.playback.apply(.sent(.stop, reason: .user), at: t)
        }
        store.expectCommands(.stop)
        #expect(store.state.durationLabel == "--:--")
        await store.finish()
    }

    @Test func liveItemsSayLive() async {
        await harness.loadAndPlay()
        let t = harness.now.now
        await store.send(.engine(.property(.duration(nil)))) {
            $0.playback.apply(.received(.property(.duration(nil))), at: t)
        }
        #expect(store.state.durationLabel == "LIVE")
        #expect(store.state.remainingLabel == "LIVE")
        // A window passes its own language's word.
        #expect(store.state.remainingLabel(live: "DIREKT") == "DIREKT")
        #expect(store.state.durationLabel(live: "DIREKT") == "DIREKT")
        #expect(store.state.progress == nil)
        await harness.pauseToFinish()
    }

    @Test func bufferedFractionFollowsTheCache() async {
        await harness.loadAndPlay(duration: 100)
        let t = harness.now.now
        let ranges = [TimeRange(start: 0, end: 25)]
        await store.send(.engine(.property(.bufferedRanges(ranges)))) {
            $0.playback.apply(.received(.property(.bufferedRanges(ranges))), at: t)
        }
        #expect(store.state.bufferedFraction == 0.25)
        await harness.pauseToFinish()
    }
}
