import Clocks
import Foundation
import ReelComposable
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

/// What used to live only in `Player` (presentation, interruptions, loop, mute, subtitles, remote
/// commands, refusals) is feature state and actions, asserted exhaustively with `TestStore`.
@MainActor
@Suite("PlayerFeature: presentation, interruptions and commands")
struct PlayerFeatureModelTests {
    let harness = FeatureHarness()
    var store: TestStore<PlayerFeature.State, PlayerFeature.Action> { harness.store }

    // MARK: - Presentation

    @Test func presentationRequestsNeedAWindowAndFollowIt() async {
        await store.send(.presentation(.requested(.fullscreen))) {
            $0.commandError = PlayerError(.invalidArgument, message: "Nothing shows this player's video.")
            $0.refusalCount = 1
        }
        await store.send(.presentation(.changed(.inline, pictureInPicturePossible: false))) {
            $0.presentation = .inline
        }
        await store.send(.presentation(.requested(.pictureInPicture))) {
            $0.commandError = PlayerError(.invalidArgument, message: "Picture in picture is not possible now.")
            $0.refusalCount = 2
        }
        await store.send(.presentation(.changed(.inline, pictureInPicturePossible: true))) {
            $0.isPictureInPicturePossible = true
        }
        await store.send(.presentation(.requested(.pictureInPicture))) {
            $0.commandError = nil
            $0.presentation = .pictureInPicture
        }
        await store.send(.presentation(.requested(.none))) {
            $0.commandError = PlayerError(
                .invalidArgument, message: "A window cannot present nothing; close it instead.")
            $0.refusalCount = 3
        }
        // The window closed by itself.
        await store.send(.presentation(.changed(.none, pictureInPicturePossible: false))) {
            $0.presentation = .none
            $0.isPictureInPicturePossible = false
        }
        store.expectCommands()
        await store.finish()
    }

    // MARK: - Interruptions

    @Test func sleepPausesAndWakingResumesWhatItPaused() async {
        await harness.loadAndPlay()
        let t = harness.now.now
        await store.send(.interruption(.began)) {
            $0.playback.apply(.sent(.pause, reason: .interruption), at: t)
            $0.interruption.isActive = true
            $0.interruption.wasPlaying = true
            $0.interruption.intentAfterBegin = PlayIntent(playWhenReady: false, reason: .interruption)
        }
        store.expectCommands(.pause)
        #expect(store.state.playerState == .paused(reason: .interrupted))
        await store.send(.interruption(.ended(shouldResume: true))) {
            $0.playback.apply(.sent(.play, reason: .interruption), at: t)
            $0.interruption.isActive = false
        }
        store.expectCommands(.play)
        #expect(store.state.playerState == .playing)
        await harness.pauseToFinish()
    }

    @Test func aUsersPauseDuringTheInterruptionIsKept() async {
        await harness.loadAndPlay()
        let t = harness.now.now
        await store.send(.interruption(.began)) {
            $0.playback.apply(.sent(.pause, reason: .interruption), at: t)
            $0.interruption.isActive = true
            $0.interruption.wasPlaying = true
            $0.interruption.intentAfterBegin = PlayIntent(playWhenReady: false, reason: .interruption)
        }
        store.expectCommands(.pause)
        await store.send(.transport(.pauseRequested())) { $0.playback.apply(.sent(.pause, reason: .user), at: t) }
        store.expectCommands(.pause)
        await store.send(.interruption(.ended(shouldResume: true))) { $0.interruption.isActive = false }
        store.expectCommands()
        #expect(store.state.playerState == .paused(reason: .userInitiated))
        await store.finish()
    }

    @Test func theNeverPolicyStaysPausedAndAlwaysResumesAPausedPlayer() async {
        await harness.loadAndPlay()
        let t = harness.now.now
        await store.send(.interruption(.policyChanged(.never))) { $0.interruption.policy = .never }
        await store.send(.interruption(.began)) {
            $0.playback.apply(.sent(.pause, reason: .interruption), at: t)
            $0.interruption.isActive = true
            $0.interruption.wasPlaying = true
            $0.interruption.intentAfterBegin = PlayIntent(playWhenReady: false, reason: .interruption)
        }
        store.expectCommands(.pause)
        await store.send(.interruption(.ended(shouldResume: true))) { $0.interruption.isActive = false }
        store.expectCommands()

        await store.send(.interruption(.policyChanged(.always))) { $0.interruption.policy = .always }
        await store.send(.interruption(.began)) {
            $0.interruption.isActive = true
            $0.interruption.wasPlaying = false
        }
        await store.send(.interruption(.ended(shouldResume: true))) {
            $0.playback.apply(.sent(.play, reason: .interruption), at: t)
            $0.interruption.isActive = false
        }
        store.expectCommands(.play)
        await harness.pauseToFinish()
    }

    @Test func losingTheAudioOutputForfeitsTheResume() async {
        await harness.loadAndPlay()
        let t = harness.now.now
        await store.send(.interruption(.began)) {
            $0.playback.apply(.sent(.pause, reason: .interruption), at: t)
            $0.interruption.isActive = true
            $0.interruption.wasPlaying = true
            $0.interruption.intentAfterBegin = PlayIntent(playWhenReady: false, reason: .interruption)
        }
        store.expectCommands(.pause)
        await store.send(.interruption(.audioOutputLost)) { $0.interruption.resumeForfeited = true }
        await store.send(.interruption(.ended(shouldResume: true))) { $0.interruption.isActive = false }
        store.expectCommands()
        #expect(store.state.playerState == .paused(reason: .interrupted))
        // Without an interruption in progress, a lost output pauses a playing player.
        await store.send(.transport(.playRequested())) { $0.playback.apply(.sent(.play, reason: .user), at: t) }
        store.expectCommands(.play)
        await store.send(.interruption(.audioOutputLost)) {
            $0.playback.apply(.sent(.pause, reason: .interruption), at: t)
        }
        store.expectCommands(.pause)
        await store.finish()
    }

    // MARK: - Commands

    @Test func loopMuteSubtitlesSkipsAndARemoteStopAreEngineCommands() async {
        await harness.loadAndPlay()
        let t = harness.now.now
        let subtitle = ExternalSubtitle(url: URL(fileURLWithPath: "/media/clip.srt"), title: "English")
        await store.send(.queue(.repeatModeChanged(.one))) {
            $0.playback.apply(.sent(.setLoop(.item), reason: .user), at: t)
        }
        store.expectCommands(.setLoop(.item))
        await store.send(.transport(.mutedChanged(true))) {
            $0.playback.apply(.sent(.setMuted(true), reason: .user), at: t)
        }
        store.expectCommands(.setMuted(true))
        await store.send(.outputs(.subtitleAdded(subtitle))) {
            $0.playback.apply(.sent(.addSubtitle(subtitle), reason: .user), at: t)
        }
        store.expectCommands(.addSubtitle(subtitle))
        await store.send(.transport(.skipRequested(by: -5, precision: .exact))) {
            $0.playback.apply(.sent(.seek(.relative(-5), precision: .exact), reason: .user), at: t)
            $0.elapsedTime = $0.playback.position(at: t)
        }
        store.expectCommands(.seek(.relative(-5), precision: .exact))
        await store.send(.transport(.stopRequested(reason: .remote))) {
            $0.playback.apply(.sent(.stop, reason: .remote), at: t)
            $0.elapsedTime = 0
        }
        store.expectCommands(.stop)
        #expect(store.state.playback.intent == PlayIntent(playWhenReady: false, reason: .remote))
        await store.finish()
    }

    @Test func argumentsNoEngineTakesAreRefusedBeforeTheyAreRecorded() async {
        await harness.loadAndPlay()
        let volume = PlayerError(.invalidArgument, message: "Volume must be between 0 and 10.")
        await store.send(.transport(.volumeChanged(11))) {
            $0.commandError = volume
            $0.refusalCount = 1
        }
        store.expectCommands()
        #expect(store.state.playback.volume == 1)
        let t = harness.now.now
        await store.send(.transport(.pauseRequested())) {  // the next command clears the error
            $0.playback.apply(.sent(.pause, reason: .user), at: t)
            $0.commandError = nil
        }
        store.expectCommands(.pause)
        await store.finish()
    }

    @Test func toggleWithAReasonPausesAndPlays() async {
        await harness.loadAndPlay()
        let t = harness.now.now
        await store.send(.transport(.playPauseToggled(reason: .remote))) {
            $0.playback.apply(.sent(.pause, reason: .remote), at: t)
        }
        store.expectCommands(.pause)
        await store.send(.transport(.playPauseToggled(reason: .remote))) {
            $0.playback.apply(.sent(.play, reason: .remote), at: t)
        }
        store.expectCommands(.play)
        await harness.pauseToFinish()
    }
}

/// An item that never becomes ready fails with `timedOut` at its deadline; one that does cancels it.
@MainActor
@Suite("PlayerFeature: readiness deadline")
struct ReadinessDeadlineTests {
    let clock = TestClock()
    let now = TestNow()
    let ids = SequentialIDs()
    let local = MediaItem(url: URL(fileURLWithPath: "/media/fifo"))
    let remote = MediaItem(url: URL(string: "https://media.test/stuck.mpd")!)

    func makeStore() -> TestStore<PlayerFeature.State, PlayerFeature.Action> {
        let (now, ids) = (now, ids)
        return TestStore(
            initialState: PlayerFeature.State(),
            reducer: PlayerFeature(
                // No tick within these tests: the clock moves by seconds only.
                clock: clock, now: { now.now }, makeItemID: { ids.make() }, tickInterval: .seconds(3600),
                readinessDeadline: .init(local: .seconds(5), network: .seconds(30))))
    }

    @Test func anItemStillOpeningAtItsDeadlineFailsWithTimedOutAndTheEngineIsToldToStop() async {
        let store = makeStore()
        let t = now.now
        let request = LoadRequest(item: remote, id: ItemID(rawValue: 1))
        await store.send(.queue(.loadRequested(remote))) {
            $0.playback.apply(.sent(.load(request), reason: .user), at: t)
            $0.queue = PlayQueue([remote])
        }
        store.expectCommands(.load(request))
        await clock.advanceOnceAsleep(by: .seconds(29))
        await store.expectNoReceivedActions()
        await clock.advance(by: .seconds(1))
        await store.receive(.readinessDeadlinePassed(ItemID(rawValue: 1))) {
            $0.playback.apply(.abandoned(ItemID(rawValue: 1), PlayerError(.timedOut)), at: t)
        }
        store.expectCommands(.stop)
        #expect(store.state.playerState == .paused(reason: .error(PlayerError(.timedOut))))
        await store.finish()
    }

    @Test func anItemThatBecomesReadyCancelsItsDeadline() async {
        let store = makeStore()
        let t = now.now
        let request = LoadRequest(item: local, autoplay: false, id: ItemID(rawValue: 1))
        await store.send(.queue(.loadRequested(local, autoplay: false))) {
            $0.playback.apply(.sent(.load(request), reason: .user), at: t)
            $0.queue = PlayQueue([local])
        }
        store.expectCommands(.load(request))
        for event in [
            EngineEvent.itemStarted(ItemID(rawValue: 1)), .itemLoaded(ItemID(rawValue: 1)), .playbackRestarted,
        ] {
            await store.send(.engine(event)) { $0.playback.apply(.received(event), at: t) }
        }
        #expect(store.state.playback.status == .ready)
        await clock.advance(by: .seconds(10))
        await store.finish()
    }

    /// A demuxer that spins after the first segment: the item plays, then stalls for good.
    @Test func aStallThatNeverEndsFailsAtTheDeadlineAndOneThatEndsDoesNot() async {
        let store = makeStore()
        let t = now.now
        let id = ItemID(rawValue: 1)
        let request = LoadRequest(item: local, id: id)
        await store.send(.queue(.loadRequested(local))) {
            $0.playback.apply(.sent(.load(request), reason: .user), at: t)
            $0.queue = PlayQueue([local])
        }
        store.expectCommands(.load(request))
        for event in [EngineEvent.itemStarted(id), .itemLoaded(id), .playbackRestarted, .property(.paused(false))] {
            await store.send(.engine(event)) { $0.playback.apply(.received(event), at: t) }
        }
        #expect(store.state.playerState == .playing)
        await clock.advance(by: .seconds(4))
        await store.expectNoReceivedActions()

        // A stall that ends within the deadline: nothing fails, and the wait starts again later.
        await store.send(.engine(.property(.pausedForCache(true)))) {
            $0.playback.apply(.received(.property(.pausedForCache(true))), at: t)
        }
        #expect(store.state.playerState == .buffering(reason: .toMinimizeStalls))
        await clock.advanceOnceAsleep(by: .seconds(4))
        await store.send(.engine(.property(.pausedForCache(false)))) {
            $0.playback.apply(.received(.property(.pausedForCache(false))), at: t)
        }
        await clock.advance(by: .seconds(10))
        #expect(store.state.playerState == .playing)
        await store.expectNoReceivedActions()

        // A stall that does not.
        await store.send(.engine(.property(.pausedForCache(true)))) {
            $0.playback.apply(.received(.property(.pausedForCache(true))), at: t)
        }
        await clock.advanceOnceAsleep(by: .seconds(4))
        await store.expectNoReceivedActions()
        #expect(store.state.playerState == .buffering(reason: .toMinimizeStalls))
        await clock.advance(by: .seconds(1))
        await store.receive(.readinessDeadlinePassed(id)) {
            $0.playback.apply(.abandoned(id, PlayerError(.timedOut)), at: t)
        }
        store.expectCommands(.stop)
        #expect(store.state.playerState == .paused(reason: .error(PlayerError(.timedOut))))
        await store.finish()
    }
}
