import Foundation
import ReelComposable
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

@MainActor
@Suite("Player on FakeEngine")
struct PlayerTests {
    let engine = FakeEngine()
    let item = MediaItem(url: URL(string: "https://media.test/clip.mp4")!, title: "Clip")

    @Test func loadPlaysAndReachesTheEndWithItsReason() async throws {
        let player = Player(engine: engine)
        let seen = player.recordStates()
        try player.load(item)
        try await player.until(state: .playing)
        #expect(player.title == "Clip")
        #expect(player.duration == 2)
        engine.advance(by: 3)
        try await player.until(state: .paused(reason: .endOfMedia))
        #expect(player.currentTime == 2)
        #expect(
            seen.states == [.buffering(reason: .evaluatingBufferRate), .playing, .paused(reason: .endOfMedia)])
    }

    @Test func eventsListEveryTransitionAndFinishAtShutdown() async throws {
        let player = Player(engine: engine)
        let events = player.events
        try player.load(item, autoplay: false)
        try await player.until(status: .ready)
        // A transition nobody asked the player for: a parent feature pausing through the store.
        try player.play()
        player.store.send(.transport(.pauseRequested(reason: .interruption)))
        await player.shutdown()
        var states: [PlayerState] = []
        var started = 0
        for await event in events {
            switch event {
            case .stateChanged(let state): states.append(state)
            case .itemStarted: started += 1
            default: break
            }
        }
        #expect(started == 1)
        #expect(states.first == .playing)
        #expect(states.contains(.paused(reason: .interrupted)))
        #expect(states.last == .paused(reason: .userInitiated))
        // Shut down: a new subscription finishes at once.
        for await _ in player.events { Issue.record("an event after shutdown") }
    }

    @Test func aRefusedPlayIsNotRememberedAsWantingToPlay() async throws {
        let player = Player(engine: engine)
        try player.load(item, autoplay: false)
        try await player.until(status: .ready)
        await engine.shutdown()  // the engine goes away under the player: it refuses everything
        #expect(throws: PlayerError.self) { try player.play() }
        #expect(player.playback.intent.playWhenReady == false)
        #expect(player.state.isPlaying == false)
        #expect(player.store.state.commandError?.code == .engineGone)
    }

    @Test func aRepeatedPlayAfterAnOutsidePauseWorks() async throws {
        let player = Player(engine: engine)
        try player.load(item)
        try await player.until(state: .playing)
        try player.play()
        engine.emit(.property(.paused(true)))  // someone else paused the engine
        try await player.until(state: .paused(reason: .userInitiated))
        #expect(player.playback.intent.reason == .engine)
        try player.play()
        try await player.until(state: .playing)
        #expect(engine.sentCommands.filter { $0 == .play }.count == 2)
    }

    @Test func playAtTheEndStartsAgainFromTheBeginning() async throws {
        let player = Player(engine: engine)
        try player.load(item)
        try await player.until(state: .playing)
        engine.advance(by: 5)
        try await player.until(state: .paused(reason: .endOfMedia))
        try player.togglePlayPause()
        try await player.until(state: .playing)
        #expect(engine.sentCommands.suffix(2) == [.seek(.absolute(0), precision: .keyframe), .play])
        // From the start (the anchor, not the clock: a loaded machine may take a second here).
        #expect(player.playback.anchor.position < 0.5)
    }

    @Test func pauseAndResumeCarryTheirReasons() async throws {
        let player = Player(engine: engine)
        try player.load(item)
        try await player.until(state: .playing)
        try player.pause(reason: .interruption)
        #expect(player.state == .paused(reason: .interrupted))
        try player.play(reason: .remote)
        #expect(player.playback.intent.reason == .remote)
        try await player.until(state: .playing)
        try player.togglePlayPause()
        #expect(player.state == .paused(reason: .userInitiated))
    }

    @Test func aStallBuffersAndPlaybackResumes() async throws {
        let player = Player(engine: engine)
        try player.load(item)
        try await player.until(state: .playing)
        engine.stall(progress: 0.2)
        try await player.until(state: .buffering(reason: .toMinimizeStalls))
        engine.resumeFromStall()
        try await player.until(state: .playing)
        #expect(player.playback.stallCount == 1)
    }

    @Test func aFailureFromTheEnginePausesWithTheError() async throws {
        let error = PlayerError(.httpStatus(404))
        engine.setFailure(error, for: item.url)
        let player = Player(engine: engine)
        try player.load(item)
        try await player.until(state: .paused(reason: .error(error)))
    }

    @Test func aRefusedSchemeThrowsAndShowsTheError() throws {
        let player = Player(engine: engine)
        #expect(throws: PlayerError.self) { try player.load(MediaItem(url: URL(string: "ytdl://x")!)) }
        guard case .paused(reason: .error(let error)) = player.state, case .refusedScheme("ytdl") = error.code else {
            Issue.record("expected a refused-scheme error, got \(player.state)")
            return
        }
        #expect(engine.sentCommands.isEmpty)
    }

    @Test func replacingAnItemReportsNoEndOfTheNewOne() async throws {
        let player = Player(engine: engine)
        let events = player.events
        try player.load(item)
        try await player.until(state: .playing)
        let first = try #require(player.playback.itemID)
        let second = MediaItem(url: URL(string: "https://media.test/second.mp4")!)
        try player.load(second)
        try await player.until(state: .playing)
        #expect(player.currentItem == second)
        let secondID = try #require(player.playback.itemID)
        await player.shutdown()
        var ends: [ItemID: [EndReason]] = [:]
        for await event in events {
            if case .itemEnded(let id, let reason) = event { ends[id, default: []].append(reason) }
        }
        #expect(ends[first] == [.stopped])
        // The new item ends only when the shutdown stops it.
        #expect(ends[secondID, default: []].allSatisfy { $0 == .stopped } && ends[secondID, default: []].count <= 1)
    }

    @Test func tracksCanBeSwitchedAndSubtitlesTurnedOff() async throws {
        let player = Player(engine: engine)
        try player.load(item)
        try await player.until(state: .playing)
        #expect(player.audioTracks.count == 2)
        let events = player.events
        try player.select(audio: player.audioTracks[1])
        #expect(player.audioTrack?.language == "ger")
        // The switch is news although the state took it before the engine's list came.
        for await case .tracksChanged(let tracks) in events {
            if tracks.first(where: { $0.kind == .audio && $0.isSelected })?.language == "ger" { break }
        }
        try player.select(subtitle: player.subtitleTracks.first)
        #expect(player.subtitleTrack != nil)
        try player.select(subtitle: nil)
        #expect(player.subtitleTrack == nil)
        try player.addSubtitle(url: URL(fileURLWithPath: "/tmp/extra.srt"), title: "Extra", language: "fra")
        try await player.until("an external subtitle track") { $0.subtitleTracks.contains { $0.isExternal } }
        #expect(player.subtitleTrack?.title == "Extra")
    }

    @Test func rateVolumeAndMuteAreApplied() throws {
        let player = Player(engine: engine)
        try player.setRate(1.5)
        try player.setVolume(0.25)
        try player.setMuted(true)
        #expect(player.rate == 1.5)
        #expect(player.volume == 0.25)
        #expect(player.isMuted)
        // Past what any engine takes (10, 1 000 %); the mpv engine's own ceiling is tested on it.
        #expect(throws: PlayerError.self) { try player.setVolume(11) }
        #expect(throws: PlayerError.self) { try player.setRate(0) }
        #expect(player.volume == 0.25)
    }

    @Test func seeksLandWhereAsked() async throws {
        let player = Player(engine: engine)
        engine.setMedia(FakeEngine.Media(duration: 60), for: item.url)
        try player.load(item, autoplay: false)
        try await player.until(status: .ready)
        try player.seek(to: 30)
        try await player.until("the seek to finish") { $0.playback.waiting == .none }
        #expect(player.currentTime == 30)
        try player.skip(by: -10)
        #expect(player.currentTime == 20)
        try player.seek(to: 500)
        #expect(player.currentTime == 60)
        // The feature's rule, once: the engine is asked for a time within the item.
        #expect(engine.sentCommands.last == .seek(.absolute(60), precision: .exact))
        try player.seek(to: -5)
        #expect(engine.sentCommands.last == .seek(.absolute(0), precision: .exact))
        // No number is no time: refused, not clamped to an end.
        #expect(throws: PlayerError.self) { try player.seek(to: .nan) }
        #expect(throws: PlayerError.self) { try player.seek(to: .infinity) }
        #expect(throws: PlayerError.self) { try player.setVolume(.nan) }
    }

    @Test func elapsedTimeMovesWhilePlayingAndIsObservable() async throws {
        let player = Player(engine: engine)
        engine.setMedia(FakeEngine.Media(duration: 60), for: item.url)
        try player.load(item)
        try await player.until(state: .playing)
        engine.advance(by: 1)
        let first = player.elapsedTime
        engine.advance(by: 1)
        try await player.until("the elapsed time to move") { $0.elapsedTime > first }
        try player.pause()
        try await player.until(state: .paused(reason: .userInitiated))
        let paused = player.elapsedTime
        engine.advance(by: 1)
        // Whatever the engine sent for that second has arrived once a later event has: the
        // engine's events reach the player in order.
        engine.emit(.property(.volume(0.5)))
        try await player.until("the later event to arrive") { $0.volume == 0.5 }
        #expect(player.elapsedTime == paused)
    }

    @Test func periodicTimeTicksWhilePlayingMovesWithASeekAndEndsAtShutdown() async throws {
        let player = Player(engine: engine)
        engine.setMedia(FakeEngine.Media(duration: 60), for: item.url)
        try player.load(item, autoplay: false)
        try await player.until(status: .ready)
        var times = player.periodicTime(every: .milliseconds(10)).makeAsyncIterator()
        #expect(await times.next() == 0)
        // Paused: the next element comes only when the position moves.
        try player.seek(to: 30)
        #expect(await times.next() == 30)
        try player.play()
        try await player.until(state: .playing)
        let first = try #require(await times.next())
        let second = try #require(await times.next())
        #expect(first >= 30 && second > first)
        await player.shutdown()
        var rest = 0
        while await times.next() != nil { rest += 1 }
        #expect(rest <= 1, "finished at shutdown")
    }

    @Test func callsAfterShutdownThrowEngineGone() async throws {
        let player = Player(engine: engine)
        await player.shutdown()
        await player.shutdown()
        #expect(player.isShutDown)
        #expect(throws: PlayerError(.engineGone)) { try player.play() }
        #expect(throws: PlayerError(.engineGone)) { try player.load(item) }
        #expect(throws: PlayerError(.engineGone)) { try player.seek(to: 1) }
        #expect(throws: PlayerError.self) { try engine.send(.play) }
    }
}
