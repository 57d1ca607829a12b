import Foundation
import ReelCore
import ReelMPV
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// `Player.events` over a queue played to its end on libmpv: every item's start and end is
/// reported once, the last item's end too, and a track list that did not change is not news.
@MainActor
@Suite("Player events over a queue on libmpv", .serialized)
struct PlayerQueueEventsTests {
    @Test(arguments: [Fixture.shortClip, .audioOnly, .tenthOfASecond])
    func everyItemOfAQueueEndsOnceAndReportsItsTracksOnce(_ fixture: Fixture) async throws {
        let clip = try await MediaFixtures.url(for: fixture)
        let player = Player(engine: try MPVEngine(configuration: .headless))
        let items = ["a", "b", "c"].map { MediaItem(url: clip, title: $0) }
        // Collected until the stream finishes at shutdown, so nothing published before is missed.
        let events = player.events
        let collector = Task {
            var started: [ItemID] = []
            var ended: [ItemID: [EndReason]] = [:]
            var trackLists: [ItemID: [[Track]]] = [:]
            for await event in events {
                switch event {
                case .itemStarted(let id, _): started.append(id)
                case .itemEnded(let id, let reason): ended[id, default: []].append(reason)
                case .tracksChanged(let tracks):
                    // The stream's order says whose: the item that started last.
                    if let id = started.last { trackLists[id, default: []].append(tracks) }
                default: break
                }
            }
            return (started, ended, trackLists)
        }
        try player.setQueue(items)
        try await player.until("the last item ended", timeout: .seconds(60)) {
            $0.queue.currentIndex == 2 && $0.state == .paused(reason: .endOfMedia)
        }
        await player.shutdown()
        let (started, ended, trackLists) = await collector.value
        #expect(started.count == 3)
        for id in started {
            #expect(ended[id] == [.endOfMedia], "item \(id)")
            let lists = trackLists[id] ?? []
            #expect(!lists.isEmpty, "item \(id) reported its tracks")
            #expect(zip(lists, lists.dropFirst()).allSatisfy { $0 != $1 }, "item \(id): \(lists.count) lists")
        }
    }
}
