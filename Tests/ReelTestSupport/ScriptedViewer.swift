/// A viewer of a vertical feed, scripted from a seed: they watch each item for a while, then
/// swipe forward, sometimes back — the same script for every player a benchmark compares.
///
/// ```swift
/// let viewer = ScriptedViewer(seed: 25, swipes: 20, itemCount: 20)
/// for step in viewer.steps {
///     // watch the visible item for step.dwell, then:
///     step.move == .forward ? try pool.moveForward() : try pool.moveBack()
/// }
/// ```
///
/// The first item is item 0. A swipe goes back with probability ``backShare`` (never from item
/// 0) and always back from the last item; the dwell is drawn uniformly, to the millisecond, from
/// the range given. The random numbers are SplitMix64's, so a seed gives the same script on every
/// machine and every run.
package struct ScriptedViewer: Hashable, Sendable {
    /// Which way a swipe goes.
    package enum Move: Hashable, Sendable {
        /// To the next item.
        case forward
        /// To the previous item.
        case back
    }

    /// One item watched, then left.
    package struct Step: Hashable, Sendable {
        /// The item watched.
        package var index: Int
        /// How long it is watched (from when it plays) before the swipe.
        package var dwell: Duration
        /// The swipe that leaves it.
        package var move: Move
    }

    /// The share of swipes that go back (where going back is possible).
    package static let backShare = 0.15

    /// The steps, one per swipe, in order.
    package let steps: [Step]

    /// Scripts `swipes` swipes over a feed of `itemCount` items (at least 2), each item watched
    /// for a whole number of milliseconds within `dwell` (in seconds).
    package init(seed: UInt64, swipes: Int, itemCount: Int, dwell: ClosedRange<Double> = 1...8) {
        precondition(itemCount >= 2, "a feed to swipe through needs two items")
        var random = SplitMix64(seed: seed)
        let shortest = Int((dwell.lowerBound * 1000).rounded())
        let span = UInt64(max(0, Int((dwell.upperBound * 1000).rounded()) - shortest) + 1)
        var steps: [Step] = []
        var index = 0
        for _ in 0..<max(0, swipes) {
            let milliseconds = shortest + Int(random.next() % span)
            let draw = Double(random.next() >> 11) / Double(1 << 53)
            let back = index == itemCount - 1 || (index > 0 && draw < Self.backShare)
            steps.append(Step(index: index, dwell: .milliseconds(milliseconds), move: back ? .back : .forward))
            index += back ? -1 : 1
        }
        self.steps = steps
    }

    /// The item shown after the last swipe.
    package var lastIndex: Int {
        guard let last = steps.last else { return 0 }
        return last.index + (last.move == .forward ? 1 : -1)
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny generator whose sequence is fixed by its seed.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// What a feed fetched against what its viewer watched: an item's bytes watched are its file's
/// bytes times the share of its duration watched (the furthest position any visit reached), so
/// that a constant-rate file's bytes follow time.
///
/// ```swift
/// var account = FeedByteAccount(fileBytes: sizes, durations: seconds)
/// account.watched(item: 3, upTo: player.currentTime)
/// print(account.wastedShare(ofFetched: server.bytesSent()))
/// ```
package struct FeedByteAccount: Hashable, Sendable {
    /// Each item's file size in bytes.
    package let fileBytes: [Int]
    /// Each item's duration in seconds.
    package let durations: [Double]
    /// Each item's share of its duration watched, 0…1: the furthest over its visits.
    package private(set) var watchedShares: [Double]

    /// An account where nothing was watched yet.
    package init(fileBytes: [Int], durations: [Double]) {
        precondition(fileBytes.count == durations.count, "one size and one duration per item")
        self.fileBytes = fileBytes
        self.durations = durations
        watchedShares = Array(repeating: 0, count: fileBytes.count)
    }

    /// Notes that item `index` was watched up to `position` seconds (a later, shorter visit
    /// changes nothing).
    package mutating func watched(item index: Int, upTo position: Double) {
        guard watchedShares.indices.contains(index), durations[index] > 0, position.isFinite else { return }
        watchedShares[index] = max(watchedShares[index], min(1, max(0, position / durations[index])))
    }

    /// The bytes watched, over every item.
    package var watchedBytes: Double {
        zip(fileBytes, watchedShares).reduce(0) { $0 + Double($1.0) * $1.1 }
    }

    /// `fetched` bytes over the bytes watched (infinite when nothing was watched).
    package func fetchedOverWatched(_ fetched: Int) -> Double {
        watchedBytes > 0 ? Double(fetched) / watchedBytes : .infinity
    }

    /// The share of `fetched` bytes nobody watched: 1 − watched / fetched, at least 0 (0 when
    /// nothing was fetched).
    package func wastedShare(ofFetched fetched: Int) -> Double {
        fetched > 0 ? max(0, 1 - watchedBytes / Double(fetched)) : 0
    }
}
