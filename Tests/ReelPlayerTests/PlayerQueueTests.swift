import Foundation
import ReelComposable
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// The queue on a `Player` and a scripted engine: auto-advance with the reasons kept right,
/// failures skipped, previous/next, repeat, shuffle and what each item remembers.
@MainActor
@Suite("Player queue")
struct PlayerQueueTests {
    let engine = FakeEngine()
    let player: Player
    let items = (1...3).map { MediaItem(url: URL(string: "https://media.test/\($0).mp4")!, title: "\($0)") }

    init() {
        player = Player(engine: engine, feature: PlayerFeature(makeShuffleSeed: { 42 }))
        for item in items { engine.setMedia(FakeEngine.Media(duration: 10), for: item.url) }
    }

    /// The items the engine was asked to open: loaded, or queued to follow the current one.
    private var loads: [MediaItem] {
        engine.sentCommands.compactMap {
            switch $0 {
            case .load(let request), .prepareNext(let request?): request.item
            default: nil
            }
        }
    }

    /// The last loop command sent.
    private var lastLoop: EngineCommand? {
        engine.sentCommands.last { if case .setLoop = $0 { true } else { false } }
    }

    /// The items the engine was asked to open at once (not queued).
    private var replacingLoads: [MediaItem] {
        engine.sentCommands.compactMap { if case .load(let request) = $0 { request.item } else { nil } }
    }

    private func until(title: String) async throws {
        try await player.until("item \(title) playing", timeout: .seconds(30)) {
            $0.currentItem?.title == title && $0.state == .playing
        }
    }

    @Test func theNextItemOpensAtTheEndAndTheEndIsReportedOnce() async throws {
        let events = player.events
        try player.setQueue(items)
        try await until(title: "1")
        let first = try #require(player.playback.itemID)
        let transitions = player.recordStates()
        engine.advance(by: 11)
        try await until(title: "2")
        // Never "paused" between the items: the first ended, the second loaded and played.
        #expect(transitions.states == [.buffering(reason: .evaluatingBufferRate), .playing])
        #expect(player.queue.currentIndex == 1)
        #expect(player.canGoNext && player.canGoPrevious)
        var ends: [(ItemID, EndReason)] = []
        for await event in events {
            if case .itemEnded(let id, let reason) = event { ends.append((id, reason)) }
            if case .itemStarted(let id, _) = event, id == player.playback.itemID { break }
        }
        #expect(ends.count == 1)
        #expect(ends.first?.0 == first && ends.first?.1 == .endOfMedia)

        engine.advance(by: 11)
        try await until(title: "3")
        engine.advance(by: 11)
        try await player.until(state: .paused(reason: .endOfMedia), timeout: .seconds(30))
        #expect(loads.map(\.title) == ["1", "2", "3"])
        // Only the first was loaded: each next one was prepared while the one before played.
        #expect(replacingLoads.map(\.title) == ["1"])
        #expect(!player.canGoNext)
    }

    /// A clip shorter than its opening ends before its first frame showed: its end is reported
    /// too, although the queue moves to the next item in the same action.
    @Test func anItemThatEndsWhileLoadingIsReportedAsEnded() async throws {
        let events = player.events
        engine.holdLoads = true
        try player.setQueue(items)
        try await player.until("item 1 loading", timeout: .seconds(10)) { $0.playback.status == .loading }
        let first = try #require(player.playback.itemID)
        engine.emit(.property(.endReached(true)))
        try await player.until("item 2 opened", timeout: .seconds(10)) { $0.currentItem?.title == "2" }
        await player.shutdown()
        var ends: [EndReason] = []
        for await case .itemEnded(let id, let reason) in events where id == first { ends.append(reason) }
        #expect(ends == [.endOfMedia])
    }

    @Test func aFailingItemIsSkippedAndAQueueOfFailuresEndsInItsError() async throws {
        engine.setFailure(PlayerError(.unsupportedFormat), for: items[1].url)
        try player.setQueue(items)
        try await until(title: "1")
        engine.advance(by: 11)
        try await until(title: "3")
        #expect(player.queue.entries[1].error == PlayerError(.unsupportedFormat))

        // Every item fails, the queue repeats: each is tried once, then it stops in the error.
        for item in items { engine.setFailure(PlayerError(.fileNotFound), for: item.url) }
        try player.setRepeatMode(.all)
        try player.next()
        try await player.until(state: .paused(reason: .error(PlayerError(.fileNotFound))), timeout: .seconds(30))
        // Three failures in a row (a fourth try would make four), one per item.
        #expect(player.queue.consecutiveFailures == 3)
        #expect(player.queue.entries.allSatisfy { $0.error == PlayerError(.fileNotFound) })
        // Nothing more is opened: no spin.
        let opened = loads.count
        await Task.yield()
        #expect(loads.count == opened)
    }

    @Test func previousRestartsAfterThreeSecondsAndEachItemKeepsItsPlace() async throws {
        try player.setQueue(items)
        try await until(title: "1")
        engine.advance(by: 5)
        try await player.until("at 5 s", timeout: .seconds(30)) { $0.elapsedTime >= 5 }
        // Paused, the position stays where it is however long the machine takes.
        try player.pause()
        try await player.until("paused", timeout: .seconds(30)) { !$0.playback.intent.playWhenReady }
        let left = player.elapsedTime
        #expect(left >= 5)
        try player.next()
        try await until(title: "2")
        try player.previous()  // 0 s into item 2: back to item 1, where it was left
        try await until(title: "1")
        let resumed = try #require(replacingLoads.last?.startPosition)
        #expect(resumed == left)
        engine.advance(by: 1)
        try await player.until("past 3 s", timeout: .seconds(30)) { $0.elapsedTime > 5.5 }
        let before = loads.count
        try player.previous()  // past 3 s: restart
        #expect(engine.sentCommands.last == .seek(.absolute(0), precision: .keyframe))
        #expect(loads.count == before)
    }

    @Test func repeatOneLoopsTheItemAndRepeatAllWraps() async throws {
        try player.setQueue(items, startIndex: 2)
        try await until(title: "3")
        try player.setRepeatMode(.one)
        #expect(lastLoop == .setLoop(.item))
        try await player.until("looping", timeout: .seconds(30)) { $0.repeatMode == .one }
        try player.setRepeatMode(.all)
        #expect(lastLoop == .setLoop(.off))
        try await player.until("repeating all", timeout: .seconds(30)) { $0.repeatMode == .all }
        engine.advance(by: 11)
        try await until(title: "1")
    }

    @Test func shuffleIsReproducibleAndRemovingTheCurrentItemOpensTheNext() async throws {
        try player.setQueue(items)
        try await until(title: "1")
        try player.setShuffle(true)
        #expect(player.isShuffled)
        var expected = PlayQueue(items)
        expected.shuffle(seed: 42)
        #expect(player.queue.playOrder.map(\.item) == expected.playOrder.map(\.item))
        try player.setShuffle(false)
        try player.removeItem(at: 0)
        try await until(title: "2")
        #expect(player.queue.count == 2)
        try player.clearQueue()
        try await player.until(status: .idle, timeout: .seconds(30))
        #expect(player.queue.isEmpty)
    }

    @Test func aQueuedAddressTheEngineRefusesIsSkipped() async throws {
        let refused = MediaItem(url: URL(string: "ytdl://example.com/x")!, title: "refused")
        try player.setQueue([items[0], refused, items[2]])
        try await until(title: "1")
        engine.advance(by: 11)
        try await until(title: "3")
    }

    @Test func nextPlaysWhatTheEngineHasPreparedAtOnce() async throws {
        try player.setQueue(items)
        try await until(title: "1")
        try await player.until("2 prepared", timeout: .seconds(30)) { $0.store.state.preparedNext != nil }
        try player.next()
        try await until(title: "2")
        #expect(engine.sentCommands.contains(.playPrepared))
        #expect(replacingLoads.map(\.title) == ["1"])
    }
}
