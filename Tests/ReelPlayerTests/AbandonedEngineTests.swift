import Foundation
import ReelComposable
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// An engine whose shutdown does not return until ``unstick()``: a core stuck in a C library.
private final class StuckEngine: PlaybackEngine {
    let broadcast = EngineEventBroadcast()
    private let stuck = AsyncStream<Void>.makeStream()
    var events: AsyncStream<EngineEvent> { broadcast.subscribe() }
    func send(_ command: EngineCommand) throws(PlayerError) {}
    func shutdown() async {
        for await _ in stuck.stream {}
    }

    /// Lets the shutdown return, so that its task does not stay suspended for the rest of the
    /// process (LeakSanitizer reports such a task and what it holds).
    func unstick() { stuck.continuation.finish() }
}

@MainActor
@Suite("An engine that never shuts down")
struct AbandonedEngineTests {
    @Test func shutdownAbandonsItAtTheTimeoutAndEverythingAfterThrows() async throws {
        let engine = StuckEngine()
        defer { engine.unstick() }
        let player = Player(engine: engine)
        player.shutdownTimeout = .milliseconds(200)
        let events = player.events
        await player.shutdown()
        #expect(player.isShutDown)
        #expect(player.abandonedEngine)
        #expect(throws: PlayerError(.engineGone)) { try player.play() }
        for await _ in events {}  // finished, not left waiting for the engine
    }
}
