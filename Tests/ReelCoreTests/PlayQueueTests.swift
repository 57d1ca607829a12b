import Foundation
import ReelCore
import Testing

@Suite("PlayQueue")
struct PlayQueueTests {
    let items = (1...5).map { MediaItem(url: URL(fileURLWithPath: "/media/\($0).mp4"), title: "\($0)") }

    private func titles(_ entries: [PlayQueue.Entry]) -> [String] { entries.compactMap(\.item.title) }

    @Test func editingKeepsIdentitiesAndTheCurrentEntry() throws {
        var queue = PlayQueue(Array(items[0..<3]))
        #expect(queue.currentIndex == 0)
        let first = try #require(queue.currentID)
        queue.insert([items[3]], at: 0)
        #expect(titles(queue.entries) == ["4", "1", "2", "3"])
        #expect(queue.currentID == first && queue.currentIndex == 1)
        queue.move(from: 0, to: 3)
        #expect(titles(queue.entries) == ["1", "2", "3", "4"])
        #expect(titles(queue.playOrder) == ["1", "2", "3", "4"])
        queue.append([items[4]])
        #expect(queue.remove(at: 1)?.item.title == "2")
        #expect(titles(queue.entries) == ["1", "3", "4", "5"])
        // Removing the current entry leaves none current: the player decides what follows.
        queue.remove(at: 0)
        #expect(queue.currentID == nil)
        queue.removeAll()
        #expect(queue.isEmpty && queue.playOrder.isEmpty)
        // Out-of-range edits change nothing.
        queue.move(from: 7, to: 0)
        #expect(queue.remove(at: 3) == nil)
    }

    @Test func nextAndPreviousWrapOnlyWhenTheQueueRepeats() throws {
        var queue = PlayQueue(Array(items[0..<3]))
        let ids = queue.entries.map(\.id)
        #expect(queue.entry(after: ids[0], wrapping: false)?.id == ids[1])
        #expect(queue.entry(after: ids[2], wrapping: false) == nil)
        #expect(queue.entry(after: ids[2], wrapping: true)?.id == ids[0])
        #expect(queue.entry(before: ids[0], wrapping: false) == nil)
        #expect(queue.entry(before: ids[0], wrapping: true)?.id == ids[2])
        #expect(queue.hasNext && !queue.hasPrevious)
        queue.makeCurrent(ids[2])
        #expect(!queue.hasNext && queue.hasPrevious)
        queue.repeatsAll = true
        #expect(queue.hasNext)
        // A queue of one never has another entry, repeating or not.
        var single = PlayQueue([items[0]])
        single.repeatsAll = true
        #expect(!single.hasNext && !single.hasPrevious)
    }

    @Test func aSeedGivesTheSameShuffleTheCurrentEntryFirstAndUnshuffleRestores() throws {
        var queue = PlayQueue(items)
        queue.makeCurrent(queue.entries[2].id)
        var again = queue
        queue.shuffle(seed: 7001)
        again.shuffle(seed: 7001)
        #expect(queue.playOrder == again.playOrder)
        #expect(queue.playOrder.first?.item.title == "3")
        #expect(Set(titles(queue.playOrder)) == Set(titles(queue.entries)))
        #expect(titles(queue.entries) == ["1", "2", "3", "4", "5"])
        var other = PlayQueue(items)
        other.makeCurrent(other.entries[2].id)
        let orders = Set(
            (1...8).map { seed -> [String] in
                var copy = other
                copy.shuffle(seed: UInt64(seed))
                return titles(copy.playOrder)
            })
        #expect(orders.count > 1, "different seeds give different orders")
        // Added while shuffled: plays right after the current entry.
        queue.append([MediaItem(url: URL(fileURLWithPath: "/media/6.mp4"), title: "6")])
        #expect(queue.entry(after: queue.currentID, wrapping: false)?.item.title == "6")
        queue.unshuffle()
        #expect(!queue.isShuffled)
        #expect(titles(queue.playOrder) == ["1", "2", "3", "4", "5", "6"])
        #expect(queue.current?.item.title == "3")
    }

    @Test func failuresInARowStopOnceEveryEntryFailed() {
        var queue = PlayQueue(Array(items[0..<3]))
        let error = PlayerError(.unsupportedFormat)
        var stops: [Bool] = []
        stops.append(queue.noteFailure(error))
        #expect(queue.current?.error == error)
        stops.append(queue.noteFailure(error))
        queue.noteSuccess()
        #expect(queue.consecutiveFailures == 0 && queue.current?.error == nil)
        for _ in 0..<3 { stops.append(queue.noteFailure(error)) }
        #expect(stops == [false, false, false, false, true])
    }
}
