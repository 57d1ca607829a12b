import Foundation
import ReelComposable
import ReelCore
import ReelMPV
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// `prepareNext` on libmpv: the queued item follows the current one at its end, the end and
/// the start reported in that order with no pause between them; `nil` forgets it.
@MainActor
@Suite("MPVEngine: the item queued next", .serialized)
struct PrepareNextTests {
    /// The events of `engine` named for the test, until `done` or 30 s.
    private func names(
        _ events: AsyncStream<EngineEvent>, _ first: LoadRequest, _ second: LoadRequest, until done: String
    ) async -> [String] {
        func name(_ id: ItemID) -> String { id == first.id ? "first" : id == second.id ? "second" : "other" }
        var seen: [String] = []
        let deadline = ContinuousClock.now + .seconds(30)
        for await event in events {
            switch event {
            case .itemStarted(let id): seen.append("started \(name(id))")
            case .itemEnded(let id, let reason): seen.append("ended \(name(id)) \(reason)")
            case .property(.endReached(true)): seen.append("end reached")
            case .property(.paused(true)): seen.append("paused")
            case .itemLoaded(let id): seen.append("loaded \(name(id))")
            default: break
            }
            if seen.last == done || ContinuousClock.now > deadline { break }
        }
        return seen
    }

    @Test func theQueuedItemFollowsAtTheEndWithoutAPause() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let engine = try MPVEngine(configuration: .headless)
        let first = LoadRequest(item: MediaItem(url: clip))
        let second = LoadRequest(item: MediaItem(url: clip, title: "second"))
        let stream = engine.events
        try engine.send(.load(first))
        try engine.send(.prepareNext(second))
        let events = await names(stream, first, second, until: "loaded second")
        await engine.shutdown()
        let end = try #require(events.firstIndex(of: "ended first endOfMedia"), "\(events)")
        #expect(events[end...].prefix(3) == ["ended first endOfMedia", "started second", "loaded second"])
        #expect(!events.contains("paused") && !events.contains("end reached"), "\(events)")
    }

    @Test func playPreparedMovesToTheQueuedItemNow() async throws {
        let clip = try await MediaFixtures.url(for: .multiTrack)
        let engine = try MPVEngine(configuration: .headless)
        let first = LoadRequest(item: MediaItem(url: clip), autoplay: false)
        let second = LoadRequest(item: MediaItem(url: clip, title: "second"))
        // Subscribed before anything is sent, so nothing is missed.
        let opening = engine.events
        try engine.send(.load(first))
        _ = await names(opening, first, second, until: "loaded first")
        let moving = engine.events
        try engine.send(.prepareNext(second))
        try engine.send(.playPrepared)
        let events = await names(moving, first, second, until: "loaded second")
        await engine.shutdown()
        let end = try #require(events.firstIndex(of: "ended first stopped"), "\(events)")
        #expect(events[end...].prefix(3) == ["ended first stopped", "started second", "loaded second"])
    }

    @Test func nilForgetsTheQueuedItem() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let engine = try MPVEngine(configuration: .headless)
        let first = LoadRequest(item: MediaItem(url: clip))
        let second = LoadRequest(item: MediaItem(url: clip, title: "second"))
        let stream = engine.events
        try engine.send(.load(first))
        try engine.send(.prepareNext(second))
        try engine.send(.prepareNext(nil))
        let events = await names(stream, first, second, until: "end reached")
        await engine.shutdown()
        #expect(events.last == "end reached", "\(events)")
        #expect(!events.contains("started second"))
    }

    @Test func aPlayerQueueMovesOnWithoutAPauseOnRealMedia() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let player = Player(engine: try MPVEngine(configuration: .headless))
        let items = [MediaItem(url: clip, title: "one"), MediaItem(url: clip, title: "two")]
        try player.setQueue(items)
        try await player.until("one playing", timeout: .seconds(30)) { $0.state == .playing }
        let transitions = player.recordStates()
        try await player.until("two playing", timeout: .seconds(30)) {
            $0.currentItem?.title == "two" && $0.state == .playing
        }
        try await player.until(state: .paused(reason: .endOfMedia), timeout: .seconds(30))
        #expect(!transitions.states.dropLast().contains(.paused(reason: .endOfMedia)), "\(transitions.states)")
        #expect(player.queue.currentIndex == 1)
        await player.shutdown()
    }

    @Test func threeClipsPlayTwoRoundsWhenTheQueueRepeats() async throws {
        let short = try await MediaFixtures.url(for: .shortClip)
        let items = [
            MediaItem(url: short, title: "a"), MediaItem(url: try await MediaFixtures.url(for: .rotated), title: "b"),
            MediaItem(url: short, title: "c"),
        ]
        let player = Player(engine: try MPVEngine(configuration: .headless))
        let events = player.events
        try player.setQueue(items)
        try player.setRepeatMode(.all)
        let collector = Task { @MainActor in
            var titles: [String] = []
            for await event in events {
                if case .itemStarted = event { titles.append(player.currentItem?.title ?? "?") }
                if titles.count == 6 { break }
            }
            return titles
        }
        // A bound, not a synchronisation: the collector ends on the sixth start.
        let bound = Task {
            try await Task.sleep(for: .seconds(60))
            collector.cancel()
        }
        let started = await collector.value
        bound.cancel()
        #expect(started == ["a", "b", "c", "a", "b", "c"])
        await player.shutdown()
    }
}
