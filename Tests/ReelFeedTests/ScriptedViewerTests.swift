import ReelTestSupport
import Testing

/// The network feed benchmark's viewer and byte accounting (ReelBench `--feed-network-only`):
/// the same seed scripts the same swipes, and bytes watched follow the positions reached.
@Suite("ScriptedViewer and FeedByteAccount")
struct ScriptedViewerTests {
    @Test func aSeedScriptsTheSameSwipesEveryTime() {
        let first = ScriptedViewer(seed: 25, swipes: 200, itemCount: 20)
        let again = ScriptedViewer(seed: 25, swipes: 200, itemCount: 20)
        let other = ScriptedViewer(seed: 26, swipes: 200, itemCount: 20)
        #expect(first == again)
        #expect(first != other)
        #expect(first.steps.count == 200)
        // A prefix of a longer script is the shorter script.
        #expect(Array(first.steps.prefix(20)) == ScriptedViewer(seed: 25, swipes: 20, itemCount: 20).steps)
    }

    @Test func theScriptStaysInTheFeedAndMostlyGoesForward() {
        let viewer = ScriptedViewer(seed: 7, swipes: 1000, itemCount: 20)
        var index = 0
        for step in viewer.steps {
            #expect(step.index == index)
            #expect(step.dwell >= .seconds(1) && step.dwell <= .seconds(8))
            if index == 0 { #expect(step.move == .forward) }
            if index == 19 { #expect(step.move == .back) }
            index += step.move == .forward ? 1 : -1
            #expect((0..<20).contains(index))
        }
        #expect(viewer.lastIndex == index)
        // Back swipes from the middle of the feed: about 15 % of them.
        let middle = viewer.steps.filter { $0.index > 0 && $0.index < 19 }
        let back = Double(middle.filter { $0.move == .back }.count) / Double(middle.count)
        #expect(back > 0.10 && back < 0.20, "\(back) of the swipes went back")
        let dwells = Set(viewer.steps.map(\.dwell))
        #expect(dwells.count > 500, "dwells are drawn, not fixed")
    }

    @Test func bytesWatchedFollowTheFurthestPositionOfEachItem() {
        var account = FeedByteAccount(fileBytes: [1000, 2000, 4000], durations: [10, 20, 40])
        account.watched(item: 0, upTo: 5)
        account.watched(item: 0, upTo: 2)  // a shorter second visit
        account.watched(item: 1, upTo: 30)  // past the end counts as the whole item
        account.watched(item: 2, upTo: -1)
        account.watched(item: 7, upTo: 1)  // no such item
        #expect(account.watchedShares == [0.5, 1, 0])
        #expect(account.watchedBytes == 2500)
        #expect(account.fetchedOverWatched(10_000) == 4)
        #expect(account.wastedShare(ofFetched: 10_000) == 0.75)
        #expect(account.wastedShare(ofFetched: 2000) == 0, "fewer bytes than watched wastes nothing")
        #expect(account.wastedShare(ofFetched: 0) == 0)
        #expect(FeedByteAccount(fileBytes: [1], durations: [1]).fetchedOverWatched(5) == .infinity)
    }
}
