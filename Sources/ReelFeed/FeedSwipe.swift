import Foundation
import ReelCore

/// One swipe of a feed, measured where the viewer feels it: from the moment the pool was told to
/// show an item (``FeedPlayerPool/show(index:)`` and the moves built on it) to its first frame and
/// to playing, and what happened while it stayed on screen.
///
/// ```swift
/// for await swipe in pool.swipeLog {
///     print(swipe.index, swipe.timeToFirstFrame.map { "\($0) s" } ?? "no frame", swipe.stallCount)
/// }
/// ```
///
/// A swipe is complete when its item leaves the screen (the next swipe, or the pool's
/// ``FeedPlayerPool/shutdown()``); ``FeedPlayerPool/currentSwipe`` is the one in progress.
public struct FeedSwipe: Hashable, Sendable {
    /// The item shown.
    public var index: Int
    /// The item that was on screen before, if any.
    public var previousIndex: Int?
    /// When the swipe was asked for.
    public var date: Date
    /// Whether the item had its first frame when the swipe was asked for (a preloaded
    /// neighbour): then ``timeToFirstFrame`` is 0.
    public var wasPreloaded: Bool
    /// Seconds from the swipe to the item's first frame (``/ReelCore/ItemMetrics/timeToFirstFrame``'s
    /// moment); nil until then, and for good when the item left the screen first.
    public var timeToFirstFrame: TimeInterval?
    /// Seconds from the swipe to the item playing (``/ReelCore/PlayerState/playing``: its
    /// frames and sound advance); nil until then.
    public var timeToPlaying: TimeInterval?
    /// How many times the item stalled (``/ReelCore/PlayerState/buffering(reason:)``) after it
    /// played, while on screen.
    public var stallCount = 0
    /// Seconds of the item played while on screen.
    public var watchedDuration: TimeInterval = 0
    /// Why the item failed, when it did while on screen or before (it was preloaded): it never
    /// plays further, and the viewer moves on.
    public var error: PlayerError?

    /// Creates a record (tests build the ones they expect with it).
    public init(
        index: Int, previousIndex: Int?, date: Date, wasPreloaded: Bool, timeToFirstFrame: TimeInterval? = nil,
        timeToPlaying: TimeInterval? = nil, stallCount: Int = 0, watchedDuration: TimeInterval = 0,
        error: PlayerError? = nil
    ) {
        self.index = index
        self.previousIndex = previousIndex
        self.date = date
        self.wasPreloaded = wasPreloaded
        self.timeToFirstFrame = timeToFirstFrame
        self.timeToPlaying = timeToPlaying
        self.stallCount = stallCount
        self.watchedDuration = watchedDuration
        self.error = error
    }
}

/// The measuring of the swipe in progress: a pure function of what the visible player shows at
/// each change (host times given), so it is tested without a player.
struct SwipeMeter: Sendable {
    /// The record so far.
    private(set) var swipe: FeedSwipe
    private let started: HostTime
    private var hasPlayed = false
    private var isStalled = false
    /// The position the item was at when it was shown, and the furthest it reached since.
    private var firstPosition: TimeInterval?
    private var furthest: TimeInterval = 0

    /// Starts measuring a swipe to `index` at `now`.
    init(index: Int, from previous: Int?, at now: HostTime, date: Date, hasFirstFrame: Bool) {
        started = now
        swipe = FeedSwipe(
            index: index, previousIndex: previous, date: date, wasPreloaded: hasFirstFrame,
            timeToFirstFrame: hasFirstFrame ? 0 : nil)
    }

    /// Takes in what the visible player shows at `now`.
    mutating func observe(state: PlayerState, hasFirstFrame: Bool, position: TimeInterval, at now: HostTime) {
        if hasFirstFrame, swipe.timeToFirstFrame == nil { swipe.timeToFirstFrame = now.seconds(since: started) }
        switch state {
        case .playing:
            if swipe.timeToPlaying == nil { swipe.timeToPlaying = now.seconds(since: started) }
            hasPlayed = true
            isStalled = false
        case .buffering:
            if hasPlayed, !isStalled { swipe.stallCount += 1 }
            isStalled = hasPlayed
        case .paused(reason: .error(let error)):
            swipe.error = error
            isStalled = false
        case .paused:
            isStalled = false
        }
        if hasFirstFrame {
            let first = firstPosition ?? position
            firstPosition = first
            furthest = max(furthest, position)
            swipe.watchedDuration = max(0, furthest - first)
        }
    }
}
