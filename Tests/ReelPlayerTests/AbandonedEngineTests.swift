import Foundation
import ReelComposable
import ReelCore
import ReelPlayer
import ReelTesting
import Testing

/// An engine whose shutdown never returns: a core stuck in a C library.
private final class StuckEngine: PlaybackEngine {
    let broadcast = EngineEventBroadcast()
    var events: AsyncStream<EngineEvent> { broadcast.subscribe() }
    func send(_ command: EngineCommand) throws(PlayerError) {}
    func shutdown() async {
        let (never, _) = AsyncStream<Void>.makeStream()
        for await _ in never {}
    }
}

@MainActor
@Suite("An engine that never shuts down")
struct AbandonedEngineTests {
    @Test func shutdownAbandonsItAtTheTimeoutAndEverythingAfterThrows() async throws {
        let player = Player(engine: StuckEngine())
        player.shutdownTimeout = .milliseconds(200)
        let events = player.events
        await player.shutdown()
        #expect(player.isShutDown)
        #expect(player.abandonedEngine)
        #expect(throws: PlayerError(.engineGone)) { try player.play() }
        for await _ in events {}  // finished, not left waiting for the engine
    }
}
