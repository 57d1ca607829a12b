import Foundation
import ReelCore
import Testing

/// A tiny driver: inputs at explicit host times, so extrapolation is deterministic.
private struct Harness {
    var state = PlaybackInfo()
    var now = HostTime(seconds: 100)
    let request = LoadRequest(item: MediaItem(url: URL(fileURLWithPath: "/media/a.mp4")), id: ItemID(rawValue: 1))

    mutating func send(_ command: EngineCommand, reason: IntentReason = .user) {
        PlaybackReducer.reduce(&state, .sent(command, reason: reason), at: now)
    }

    mutating func receive(_ events: EngineEvent...) {
        for event in events { PlaybackReducer.reduce(&state, .received(event), at: now) }
    }

    mutating func wait(_ seconds: Double) { now = now.advanced(by: seconds) }

    /// Loads the request and lets the engine answer like libmpv: started, loaded, first frame.
    mutating func loadAndStart(autoplay: Bool = true, duration: Double = 10) {
        receive(.property(.paused(true)))
        send(.load(LoadRequest(item: request.item, autoplay: autoplay, id: request.id)))
        receive(.property(.paused(!autoplay)), .itemStarted(request.id), .property(.duration(duration)))
        receive(.itemLoaded(request.id), .playbackRestarted)
    }
}

@Suite("PlaybackReducer")
struct PlaybackReducerTests {
    @Test func aNewStateIsPausedByTheUserWithNothingLoaded() {
        let state = PlaybackInfo()
        #expect(state.playerState == .paused(reason: .userInitiated))
        #expect(state.status == .idle)
        #expect(state.duration == nil)
        #expect(state.isSeekable == nil)
    }

    /// AVPlayerItem's buffer flags, from the cache's: empty when it ran dry before the end, full
    /// when it stopped reading, likely to keep up unless dry or stalled; a new item starts blank.
    @Test func bufferFlagsFollowTheCache() {
        var harness = Harness()
        #expect(!harness.state.isPlaybackLikelyToKeepUp, "nothing is open")
        harness.loadAndStart()
        #expect(harness.state.isPlaybackLikelyToKeepUp && !harness.state.isPlaybackBufferEmpty)
        harness.receive(.property(.bufferFlags(BufferFlags(isUnderrun: true))), .property(.pausedForCache(true)))
        #expect(harness.state.isPlaybackBufferEmpty && !harness.state.isPlaybackLikelyToKeepUp)
        harness.receive(.property(.pausedForCache(false)), .property(.bufferFlags(BufferFlags(isIdle: true))))
        #expect(harness.state.isPlaybackBufferFull && harness.state.isPlaybackLikelyToKeepUp)
        // Dry at the end is the end, not an empty buffer.
        harness.receive(.property(.bufferFlags(BufferFlags(reachesEnd: true, isIdle: true, isUnderrun: true))))
        #expect(!harness.state.isPlaybackBufferEmpty && harness.state.isPlaybackLikelyToKeepUp)
        harness.send(.load(LoadRequest(item: harness.request.item, id: ItemID(rawValue: 2))))
        #expect(harness.state.bufferFlags == BufferFlags() && !harness.state.isPlaybackBufferFull)
    }

    @Test func anAbandonedItemFailsAndItsLaterStopChangesNothing() {
        var harness = Harness()
        harness.receive(.property(.paused(true)))
        harness.send(.load(harness.request))
        harness.receive(.itemStarted(harness.request.id))
        PlaybackReducer.reduce(&harness.state, .abandoned(harness.request.id, PlayerError(.timedOut)), at: harness.now)
        #expect(harness.state.playerState == .paused(reason: .error(PlayerError(.timedOut))))
        harness.receive(.itemEnded(harness.request.id, .stopped))
        #expect(harness.state.playerState == .paused(reason: .error(PlayerError(.timedOut))))
        // An item that plays is never abandoned; one that stalls may be.
        var ready = Harness()
        ready.loadAndStart()
        PlaybackReducer.reduce(&ready.state, .abandoned(ready.request.id, PlayerError(.timedOut)), at: ready.now)
        #expect(ready.state.playerState == .playing)
        ready.receive(.property(.pausedForCache(true)))
        PlaybackReducer.reduce(&ready.state, .abandoned(ready.request.id, PlayerError(.timedOut)), at: ready.now)
        #expect(ready.state.playerState == .paused(reason: .error(PlayerError(.timedOut))))
    }

    @Test func loadingWaitsThenPlaysAfterTheFirstFrame() {
        var harness = Harness()
        harness.send(.load(harness.request))
        #expect(harness.state.playerState == .buffering(reason: .evaluatingBufferRate))
        harness.receive(.itemStarted(harness.request.id), .itemLoaded(harness.request.id))
        #expect(harness.state.status == .loading)
        harness.receive(.playbackRestarted)
        #expect(harness.state.status == .ready)
        #expect(harness.state.playerState == .playing)
    }

    @Test func loadingWithoutAutoplayStaysPausedByTheUser() {
        var harness = Harness()
        harness.loadAndStart(autoplay: false)
        #expect(harness.state.playerState == .paused(reason: .userInitiated))
        #expect(harness.state.status == .ready)
    }

    @Test func playingWithNothingLoadedWaitsForAnItem() {
        var harness = Harness()
        harness.send(.play)
        #expect(harness.state.playerState == .buffering(reason: .noItemToPlay))
    }

    @Test func theEndPausesWithEndOfMediaAndParksAtTheDuration() {
        var harness = Harness()
        harness.loadAndStart(duration: 2)
        harness.wait(2.1)
        harness.receive(.property(.position(2.03, at: harness.now)), .property(.endReached(true)))
        #expect(harness.state.playerState == .paused(reason: .endOfMedia))
        #expect(harness.state.intent == PlayIntent(playWhenReady: false, reason: .endOfMedia))
        #expect(harness.state.position(at: harness.now.advanced(by: 5)) == 2)
        // The engine's own pause at the end is not mistaken for the user's.
        harness.receive(.property(.paused(true)))
        #expect(harness.state.playerState == .paused(reason: .endOfMedia))
    }

    @Test func seekingBackAfterTheEndMakesTheItemReadyAgain() {
        var harness = Harness()
        harness.loadAndStart(duration: 2)
        harness.receive(.property(.endReached(true)))
        harness.send(.seek(.absolute(0), precision: .exact))
        #expect(harness.state.status == .ready)
        #expect(harness.state.waiting == .seeking)
        harness.send(.play)
        #expect(harness.state.playerState == .buffering(reason: .seeking))
        harness.receive(.seekStarted, .property(.endReached(false)), .playbackRestarted)
        #expect(harness.state.playerState == .playing)
    }

    @Test func aPauseFromOutsideIsAttributedToTheEngine() {
        var harness = Harness()
        harness.loadAndStart()
        harness.receive(.property(.paused(true)))
        #expect(harness.state.intent == PlayIntent(playWhenReady: false, reason: .engine))
        #expect(harness.state.playerState == .paused(reason: .userInitiated))
    }

    @Test func aStaleEchoDoesNotUndoTheUsersRequest() {
        var harness = Harness()
        harness.loadAndStart()
        harness.send(.pause)
        // A level sample from before the pause landed still says "playing".
        harness.receive(.property(.paused(false)))
        #expect(harness.state.intent == PlayIntent(playWhenReady: false, reason: .user))
        harness.receive(.property(.paused(true)))
        harness.receive(.property(.paused(false)))
        #expect(harness.state.intent == PlayIntent(playWhenReady: true, reason: .engine))
    }

    @Test func remoteAndInterruptionReasonsAreKept() {
        var harness = Harness()
        harness.loadAndStart()
        harness.send(.pause, reason: .interruption)
        #expect(harness.state.playerState == .paused(reason: .interrupted))
        harness.send(.play, reason: .remote)
        #expect(harness.state.intent.reason == .remote)
        harness.send(.pause, reason: .remote)
        #expect(harness.state.playerState == .paused(reason: .userInitiated))
    }

    @Test func aStallBuffersToMinimizeStallsAndIsCounted() {
        var harness = Harness()
        harness.loadAndStart()
        harness.receive(.property(.pausedForCache(true)), .property(.bufferingProgress(0.4)))
        #expect(harness.state.playerState == .buffering(reason: .toMinimizeStalls))
        #expect(harness.state.waiting == .buffering(progress: 0.4))
        #expect(harness.state.stallCount == 1)
        harness.receive(.property(.pausedForCache(true)))
        #expect(harness.state.stallCount == 1)
        harness.receive(.property(.pausedForCache(false)))
        #expect(harness.state.playerState == .playing)
        harness.receive(.property(.pausedForCache(true)))
        #expect(harness.state.stallCount == 2)
    }

    @Test func eventsOfAReplacedItemAreIgnored() {
        var harness = Harness()
        harness.loadAndStart()
        let next = LoadRequest(item: MediaItem(url: URL(fileURLWithPath: "/media/b.mp4")), id: ItemID(rawValue: 2))
        harness.send(.load(next))
        harness.receive(.itemEnded(harness.request.id, .stopped))
        harness.receive(.itemEnded(harness.request.id, .failed(PlayerError(.unknown))))
        #expect(harness.state.itemID == next.id)
        #expect(harness.state.status == .loading)
        harness.receive(.itemStarted(next.id), .itemLoaded(next.id), .playbackRestarted)
        #expect(harness.state.playerState == .playing)
    }

    @Test func anItemTheEngineStopsByItselfLeavesNothingToPlay() {
        var harness = Harness()
        harness.loadAndStart()
        harness.receive(.itemEnded(harness.request.id, .stopped))
        #expect(harness.state.status == .idle)
        #expect(harness.state.intent == PlayIntent(playWhenReady: false, reason: .engine))
        #expect(harness.state.playerState == .paused(reason: .userInitiated))
    }

    @Test func aFailedItemPausesWithTheError() {
        var harness = Harness()
        harness.send(.load(harness.request))
        let error = PlayerError(.fileNotFound)
        harness.receive(.itemStarted(harness.request.id), .itemEnded(harness.request.id, .failed(error)))
        #expect(harness.state.playerState == .paused(reason: .error(error)))
    }

    @Test func aRefusedLoadFailsTheItem() {
        var state = PlaybackInfo()
        let request = LoadRequest(item: MediaItem(url: URL(string: "ytdl://x")!))
        let error = PlayerError(.refusedScheme("ytdl"))
        PlaybackReducer.reduce(&state, .refused(.load(request), error), at: .now)
        #expect(state.playerState == .paused(reason: .error(error)))
    }

    @Test func stopUnloadsButKeepsVolumeAndSpeed() {
        var harness = Harness()
        harness.loadAndStart()
        harness.send(.setVolume(0.5))
        harness.send(.setSpeed(2))
        harness.send(.stop)
        #expect(harness.state.status == .idle)
        #expect(harness.state.item == nil)
        #expect(harness.state.volume == 0.5)
        #expect(harness.state.speed == 2)
        #expect(harness.state.playerState == .paused(reason: .userInitiated))
    }

    @Test func positionIsExtrapolatedWithoutEvents() {
        var harness = Harness()
        harness.loadAndStart()
        harness.receive(.property(.position(1, at: harness.now)))
        #expect(harness.state.position(at: harness.now.advanced(by: 2)) == 3)
        harness.send(.setSpeed(2))
        harness.receive(.property(.speed(2)))
        harness.wait(1)
        // 1 s at 1× then, from the speed change, 2 s at 2×.
        #expect(abs(harness.state.position(at: harness.now.advanced(by: 1)) - 5) < 0.001)
    }

    @Test func samplesThatAgreeWithTheAnchorDoNotChangeState() {
        var harness = Harness()
        harness.loadAndStart()
        harness.receive(.property(.position(0, at: harness.now)))
        let before = harness.state
        for frame in 1...30 {
            let time = harness.now.advanced(by: Double(frame) / 30)
            PlaybackReducer.reduce(
                &harness.state, .received(.property(.position(Double(frame) / 30 + 0.01, at: time))), at: time)
        }
        #expect(harness.state == before)
    }

    @Test func aSampleThatDisagreesReanchors() {
        var harness = Harness()
        harness.loadAndStart()
        harness.receive(.property(.position(5, at: harness.now)))
        #expect(harness.state.position(at: harness.now) == 5)
    }

    @Test func positionIsClampedToTheDuration() {
        var harness = Harness()
        harness.loadAndStart(duration: 2)
        harness.receive(.property(.position(2.2, at: harness.now)))
        #expect(harness.state.position(at: harness.now) == 2)
        #expect(harness.state.position(at: harness.now.advanced(by: 100)) == 2)
        harness.receive(.property(.position(-1, at: harness.now)))
        #expect(harness.state.position(at: harness.now) == 0)
    }

    @Test func aSeekIsOptimisticAndEndsAtPlaybackRestart() {
        var harness = Harness()
        harness.loadAndStart()
        harness.send(.seek(.absolute(7), precision: .exact))
        #expect(harness.state.position(at: harness.now) == 7)
        #expect(harness.state.playerState == .buffering(reason: .seeking))
        // Stale samples during the seek are ignored.
        harness.receive(.seekStarted, .property(.position(0.5, at: harness.now)))
        #expect(harness.state.position(at: harness.now) == 7)
        harness.receive(.playbackRestarted)
        #expect(harness.state.playerState == .playing)
        harness.send(.seek(.relative(-3), precision: .keyframe))
        #expect(harness.state.position(at: harness.now) == 4)
    }

    @Test func aFailedSeekStopsWaiting() {
        var harness = Harness()
        harness.loadAndStart()
        harness.send(.seek(.absolute(3), precision: .exact))
        harness.receive(.commandFailed(.seek(.absolute(3), precision: .exact), PlayerError(.commandFailed)))
        #expect(harness.state.playerState == .playing)
    }

    @Test func unknownDurationIsNilNotZero() {
        var harness = Harness()
        harness.loadAndStart()
        harness.receive(.property(.duration(nil)))
        #expect(harness.state.duration == nil)
        harness.receive(.property(.duration(0)))
        #expect(harness.state.duration == nil)
    }

    @Test func trackSelectionIsOptimistic() {
        var harness = Harness()
        harness.loadAndStart()
        harness.receive(
            .property(
                .tracks([
                    Track(id: 1, kind: .audio, language: "eng", isSelected: true),
                    Track(id: 2, kind: .audio, language: "ger"),
                    Track(id: 1, kind: .subtitle, language: "eng"),
                ])))
        harness.send(.selectTrack(.audio, id: 2))
        #expect(harness.state.selectedTrack(.audio)?.language == "ger")
        harness.send(.selectTrack(.subtitle, id: 1))
        #expect(harness.state.selectedTrack(.subtitle)?.id == 1)
        harness.send(.selectTrack(.subtitle, id: nil))
        #expect(harness.state.selectedTrack(.subtitle) == nil)
    }

    @Test func shutdownFailsAnItemInFlight() {
        var harness = Harness()
        harness.loadAndStart()
        harness.receive(.shutdown)
        #expect(harness.state.playerState == .paused(reason: .error(PlayerError(.engineGone))))
    }
}
