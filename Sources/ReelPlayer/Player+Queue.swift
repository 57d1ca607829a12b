import ReelComposable
import ReelCore

/// The queue: several items played one after another, with repeat and shuffle
/// (``PlayerFeature/QueueAction``). ``load(_:autoplay:)`` is a queue of one item.
///
/// ```swift
/// try player.setQueue([intro, episode1, episode2])
/// try player.setRepeatMode(.all)
/// try player.next()
/// ```
extension Player {
    /// The items, the current one, repeat and shuffle.
    public var queue: PlayQueue { store.state.queue }
    /// What repeats: the item, the queue, or nothing.
    public var repeatMode: RepeatMode { store.state.repeatMode }
    /// Whether the play order is shuffled.
    public var isShuffled: Bool { queue.isShuffled }
    /// Whether ``next()`` moves to another item.
    public var canGoNext: Bool { store.state.canGoNext }
    /// Whether ``previous()`` moves to another item (it restarts the current one otherwise).
    public var canGoPrevious: Bool { store.state.canGoPrevious }

    /// Replaces the queue with `items` and opens the one at `startIndex`.
    public func setQueue(_ items: [MediaItem], startIndex: Int = 0, autoplay: Bool = true) throws(PlayerError) {
        try perform(.queue(.replaceRequested(items, startIndex: startIndex, autoplay: autoplay)))
    }

    /// Adds `items` at the end of the queue.
    public func append(_ items: [MediaItem]) throws(PlayerError) { try perform(.queue(.appendRequested(items))) }

    /// Inserts `items` before the item at `index`.
    public func insert(_ items: [MediaItem], at index: Int) throws(PlayerError) {
        try perform(.queue(.insertRequested(items, at: index)))
    }

    /// Removes the item at `index`; removing the current one opens the one after it.
    public func removeItem(at index: Int) throws(PlayerError) { try perform(.queue(.removeRequested(at: index))) }

    /// Moves the item at `source` so that it ends at `destination`.
    public func moveItem(from source: Int, to destination: Int) throws(PlayerError) {
        try perform(.queue(.moveRequested(from: source, to: destination)))
    }

    /// Empties the queue and stops.
    public func clearQueue() throws(PlayerError) { try perform(.queue(.clearRequested)) }

    /// Opens the item at `index` and plays it.
    public func playItem(at index: Int) throws(PlayerError) { try perform(.queue(.jumpRequested(to: index))) }

    /// Opens the next item in play order; nothing at the end of a queue that does not repeat.
    public func next() throws(PlayerError) { try perform(.queue(.nextRequested)) }

    /// Restarts the current item when it played past 3 s, and opens the previous one otherwise.
    public func previous() throws(PlayerError) { try perform(.queue(.previousRequested)) }

    /// Chooses what repeats.
    public func setRepeatMode(_ mode: RepeatMode) throws(PlayerError) { try perform(.queue(.repeatModeChanged(mode))) }

    /// Shuffles the play order (reproducibly with a `seed`), or restores it.
    public func setShuffle(_ shuffled: Bool, seed: UInt64? = nil) throws(PlayerError) {
        try perform(.queue(.shuffleChanged(shuffled, seed: seed)))
    }
}
