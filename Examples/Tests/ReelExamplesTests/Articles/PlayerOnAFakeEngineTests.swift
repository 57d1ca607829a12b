import Foundation
import ReelCore
import ReelPlayer
import ReelTesting
import Testing

/// A `Player` on `FakeEngine`: no libmpv, no media files, and time moves only when the test says.
@MainActor
@Suite("Article: a Player on FakeEngine")
struct PlayerOnAFakeEngineTests {
    @Test func playsToTheEndWithEveryStateInOrder() async throws {
        let engine = FakeEngine()  // answers commands the way libmpv does
        let player = Player(engine: engine)
        let states = player.recordStates()
        try player.load(MediaItem(url: URL(string: "https://example.test/a.mp4")!))
        try await player.until(state: .playing)
        engine.advance(by: 10)  // past the end of the default 2 s media
        try await player.until(state: .paused(reason: .endOfMedia))
        #expect(states.states == [.buffering(reason: .evaluatingBufferRate), .playing, .paused(reason: .endOfMedia)])
        await player.shutdown()
    }

    @Test func aFailureIsAPauseWithItsError() async throws {
        let engine = FakeEngine()
        let player = Player(engine: engine)
        try player.load(MediaItem(url: URL(string: "https://example.test/a.mp4")!))
        try await player.until(state: .playing)
        engine.fail(PlayerError(.httpStatus(404)))
        try await player.until("a failure") { $0.playback.status != .ready }
        guard case .paused(reason: .error(let error)) = player.state else {
            Issue.record("expected a pause with the error, got \(player.state)")
            return
        }
        #expect(error.code == .httpStatus(404))
        await player.shutdown()
    }
}
