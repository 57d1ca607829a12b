import Foundation
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// Interruptions (sleep, a lost audio output) and the policy that decides whether playback
/// resumes when they end.
@MainActor
@Suite("Player interruptions")
struct PlayerInterruptionTests {
    let engine = FakeEngine()
    let item = MediaItem(url: URL(string: "https://media.test/clip.mp4")!)

    private func playingPlayer(policy: InterruptionPolicy) async throws -> Player {
        engine.setMedia(FakeEngine.Media(duration: 60), for: item.url)
        let player = Player(engine: engine)
        player.interruptionPolicy = policy
        try player.load(item)
        try await player.until(state: .playing)
        return player
    }

    @Test func anInterruptionPausesWithItsReasonAndResumesIfItWasPlaying() async throws {
        let player = try await playingPlayer(policy: .ifWasPlaying)
        player.beginInterruption()
        #expect(player.state == .paused(reason: .interrupted))
        #expect(player.isInterrupted)
        #expect(player.endInterruption())
        #expect(player.playback.intent == PlayIntent(playWhenReady: true, reason: .interruption))
        try await player.until(state: .playing)
        #expect(!player.isInterrupted)
    }

    @Test func aLostOutputPausesForGood() async throws {
        let player = try await playingPlayer(policy: .always)
        player.interrupt()
        #expect(player.state == .paused(reason: .interrupted))
        #expect(player.playback.intent == PlayIntent(playWhenReady: false, reason: .interruption))
        #expect(!player.isInterrupted, "nothing is left to end")
        #expect(!player.endInterruption())
    }

    @Test func aLostOutputDuringSleepForfeitsTheResumeEvenWithTheAlwaysPolicy() async throws {
        let player = try await playingPlayer(policy: .always)
        player.beginInterruption()
        player.interrupt()
        #expect(!player.endInterruption(shouldResume: true))
        #expect(player.state == .paused(reason: .interrupted))
        // The next interruption may resume again.
        try player.play()
        try await player.until(state: .playing)
        player.beginInterruption()
        #expect(player.endInterruption(shouldResume: true))
    }

    @Test func aLostOutputLeavesAUserPauseAsItIs() async throws {
        let player = try await playingPlayer(policy: .ifWasPlaying)
        try player.pause()
        player.interrupt()
        #expect(player.state == .paused(reason: .userInitiated))
    }

    @Test func theNeverPolicyStaysPaused() async throws {
        let player = try await playingPlayer(policy: .never)
        player.beginInterruption()
        #expect(!player.endInterruption())
        #expect(player.state == .paused(reason: .interrupted))
    }

    @Test func theSystemsWordCounts() async throws {
        let player = try await playingPlayer(policy: .always)
        player.beginInterruption()
        #expect(!player.endInterruption(shouldResume: false))
        #expect(player.state == .paused(reason: .interrupted))
    }

    @Test func aPausedPlayerStaysPausedUnlessThePolicyIsAlways() async throws {
        let player = try await playingPlayer(policy: .ifWasPlaying)
        try player.pause()
        player.beginInterruption()
        #expect(player.state == .paused(reason: .userInitiated))
        #expect(!player.endInterruption())
        #expect(player.state == .paused(reason: .userInitiated))

        player.interruptionPolicy = .always
        player.beginInterruption()
        #expect(player.endInterruption())
        try await player.until(state: .playing)
    }

    @Test func whatTheUserDoesDuringAnInterruptionWins() async throws {
        let player = try await playingPlayer(policy: .always)
        player.beginInterruption()
        try player.play()
        try player.pause()
        #expect(!player.endInterruption())
        #expect(player.state == .paused(reason: .userInitiated))
    }

    @Test func endingWithoutABeginningDoesNothing() async throws {
        let player = try await playingPlayer(policy: .always)
        try player.pause()
        #expect(!player.endInterruption())
        #expect(player.state == .paused(reason: .userInitiated))
    }
}
