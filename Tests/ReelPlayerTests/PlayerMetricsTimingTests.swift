import Foundation
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// A player's metrics measure when the engine saw things happen, not when the main actor took
/// the events in: a window busy drawing takes an item's start, load and first frame in one
/// batch, and the time to first frame must still be the engine's.
@MainActor
@Suite("Player metrics timing")
struct PlayerMetricsTimingTests {
    @Test func eventsTakenInTogetherKeepTheTimesTheyHappenedAt() async throws {
        let engine = FakeEngine()
        let player = Player(engine: engine)
        let id = ItemID.next()
        let start = HostTime.now
        // Emitted in one go: the player's event task runs only after this test yields.
        engine.emit(.itemStarted(id), at: start)
        engine.emit(.itemLoaded(id), at: start.advanced(by: 0.1))
        engine.emit(.playbackRestarted, at: start.advanced(by: 0.25))
        try await player.until("a first frame") { $0.metrics.item?.timeToFirstFrame != nil }
        let firstFrame = try #require(player.metrics.item?.timeToFirstFrame)
        #expect(abs(firstFrame - 0.25) < 0.000_001, "time to first frame \(firstFrame)")
        await player.shutdown()
    }

    /// An engine that keeps no times gets the protocol's default: each event stamped as it
    /// arrives, in order.
    @Test func theDefaultStampsEventsAsTheyArrive() async throws {
        let engine = UntimedEngine()
        var iterator = engine.timedEvents.makeAsyncIterator()
        let before = HostTime.now
        engine.continuation.yield(.playbackRestarted)
        engine.continuation.yield(.shutdown)
        let first = try #require(await iterator.next())
        let second = try #require(await iterator.next())
        #expect(first.event == .playbackRestarted && second.event == .shutdown)
        #expect(first.time >= before && second.time >= first.time)
        engine.continuation.finish()
        #expect(await iterator.next() == nil)
    }
}

/// An engine with a plain event stream and no times of its own.
private final class UntimedEngine: PlaybackEngine, @unchecked Sendable {
    let (stream, continuation) = AsyncStream<EngineEvent>.makeStream()
    var events: AsyncStream<EngineEvent> { stream }
    func send(_ command: EngineCommand) throws(PlayerError) {}
    func shutdown() async { continuation.finish() }
}
