import Foundation
import ReelCore

/// How a ``FeedPlayerPool`` preloads the items around the visible one: which neighbours are
/// opened, how much each may buffer, and when.
///
/// ```swift
/// var policy = FeedPreloadPolicy.standard
/// policy.neighbours = [.init(duration: 3, bytes: 2 << 20), .init(duration: 1)]  // two on each side
/// policy.visibleHeadStart = 4
/// let pool = try FeedPlayerPool(items: clips, size: 5, preload: policy) { () throws(PlayerError) in
///     try MPVEngine(configuration: .standard)
/// }
/// ```
///
/// The visible item comes first: it buffers as ``visible`` says, and its neighbours are opened
/// only once it has ``visibleHeadStart`` seconds buffered ahead of its position (at once for a
/// local file, an item that ended or failed, or one buffered to its end), so on a slow network
/// they never take bandwidth from what the user watches. An opened neighbour is paused on its
/// first frame, so a swipe shows a picture at once, and it reads no more than its
/// ``Budget``: `duration` seconds ahead (libmpv's read-ahead) and at most `bytes` (the cache's
/// limit), with ``visible``'s socket receive buffer. A swipe lifts the new visible item's
/// read-ahead to ``visible``'s and caps the item that left as the neighbour it became.
///
/// What a feed wastes is what was fetched beyond where the viewer swiped away: the visible item's
/// read-ahead, what the system received past it (the socket's receive buffer, which grows to
/// megabytes on a fast link unless it is set), and neighbours never shown. ``standard`` keeps all
/// three small: short videos are watched for seconds, and a link a few times the video's rate
/// refills a second of read-ahead long before it runs out. (libmpv applies a cache's byte limit to the next item opened:
/// an item keeps the byte limit it was opened with, its read-ahead follows at once.)
public struct FeedPreloadPolicy: Hashable, Sendable {
    /// How much of a neighbour may be buffered before it is shown.
    public struct Budget: Hashable, Sendable {
        /// Seconds read ahead of the start (``/ReelCore/BufferingPolicy/forwardBufferDuration``);
        /// nil for ``FeedPreloadPolicy/visible``'s.
        public var duration: TimeInterval?
        /// The most bytes read ahead (``/ReelCore/BufferingPolicy/maximumForwardBytes``, at least
        /// 1 MiB); nil for ``FeedPreloadPolicy/visible``'s.
        public var bytes: Int?

        /// Creates a budget.
        public init(duration: TimeInterval? = nil, bytes: Int? = nil) {
            self.duration = duration
            self.bytes = bytes
        }

        /// No limit but the visible item's.
        public static let unlimited = Budget()
    }

    /// How the visible item buffers.
    public var visible: BufferingPolicy
    /// The budget of the neighbours at each distance from the visible item: the first for the
    /// items right before and after it, the second for two away, and so on. Items farther away
    /// than the list reaches are not opened, even when the pool has players to spare.
    public var neighbours: [Budget]
    /// Seconds the visible item must have buffered ahead of its position before any neighbour is
    /// opened; 0 opens them with it.
    public var visibleHeadStart: TimeInterval
    /// Whether items behind the visible one are opened. When false, an item behind stays open
    /// only if its player still holds it (the item just swiped away from, for a swipe back):
    /// feeds are read forward, and an item opened behind is rarely shown. Default true.
    public var opensItemsBehind = true
    /// Seconds a live item may wait off screen and still play on from where it paused when it is
    /// shown; after a longer wait it is opened again, near its live edge (FFmpeg's HLS demuxer
    /// starts a live playlist three segments from its end). Default
    /// ``/ReelCore/PlaybackInfo/liveEdgeTolerance``, 5 s: what Reel counts as at the edge.
    public var liveRejoinDelay: TimeInterval = PlaybackInfo.liveEdgeTolerance

    /// Creates a policy.
    public init(visible: BufferingPolicy = .standard, neighbours: [Budget], visibleHeadStart: TimeInterval) {
        self.visible = visible
        self.neighbours = neighbours
        self.visibleHeadStart = visibleHeadStart
    }

    /// The visible item reads 0.75 s ahead through a 32 KiB socket receive buffer
    /// (``visibleBuffering``); the neighbour ahead, 1 s of it and at most 1 MiB, is opened once the
    /// visible item has 0.5 s buffered. At 2 Mbit/s that is about 250 KB, where ByteDance's player
    /// preloads 800 KB. Nothing is opened behind (``opensItemsBehind`` is false): the item just
    /// swiped away from stays open for a swipe back, capped like a neighbour.
    public static let standard: FeedPreloadPolicy = {
        var policy = FeedPreloadPolicy(
            visible: visibleBuffering, neighbours: [Budget(duration: 1, bytes: 1 << 20)], visibleHeadStart: 0.5)
        policy.opensItemsBehind = false
        return policy
    }()

    /// How ``standard``'s visible item buffers: libmpv's defaults, 0.75 s of read-ahead, and a
    /// 32 KiB socket receive buffer. Linux doubles the buffer asked for, so 64 KiB may be in
    /// flight: 5 Mbit/s at a 100 ms round trip, 13 Mbit/s at 40 ms, enough for short videos at
    /// 720p. A feed of higher rates, or on longer round trips, raises both.
    public static var visibleBuffering: BufferingPolicy {
        var policy = BufferingPolicy.standard
        policy.forwardBufferDuration = 0.75
        policy.receiveBufferBytes = 32 << 10
        return policy
    }

    /// Every neighbour the pool has players for, opened with the visible item and buffered like it.
    /// Wasteful on a network (each neighbour reads as far as the visible item does), and the
    /// baseline the feed benchmark compares ``standard`` with.
    public static let unbounded = FeedPreloadPolicy(
        neighbours: Array(repeating: .unlimited, count: 16), visibleHeadStart: 0)

    /// The buffering of an item `distance` away from the visible one (0: the visible one); nil
    /// when it is not to be opened.
    public func buffering(atDistance distance: Int) -> BufferingPolicy? {
        guard distance > 0 else { return visible }
        guard distance <= neighbours.count else { return nil }
        let budget = neighbours[distance - 1]
        var policy = visible
        if let duration = budget.duration { policy.forwardBufferDuration = duration }
        if let bytes = budget.bytes { policy.maximumForwardBytes = bytes }
        return policy
    }

    /// Throws unless every buffering policy it makes is one an engine takes.
    public func check() throws(PlayerError) {
        guard visibleHeadStart.isFinite, visibleHeadStart >= 0 else {
            throw PlayerError(.invalidArgument, message: "A feed's head start must be 0 seconds or more.")
        }
        guard liveRejoinDelay.isFinite, liveRejoinDelay >= 0 else {
            throw PlayerError(.invalidArgument, message: "A feed's live rejoin delay must be 0 seconds or more.")
        }
        for distance in 0...neighbours.count { try buffering(atDistance: distance)?.check() }
    }
}
