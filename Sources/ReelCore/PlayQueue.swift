import Foundation

/// What repeats when an item ends: Media3's `REPEAT_MODE_*`, MPRIS's `LoopStatus`.
public enum RepeatMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// Nothing: the queue stops after its last item.
    case off
    /// The current item plays again (MPRIS `Track`); ``PlaybackInfo/loop`` is ``LoopMode/item``.
    case one
    /// The queue starts again after its last item (MPRIS `Playlist`).
    case all
}

/// The identity of one entry of a ``PlayQueue``: stays with the entry when others are added,
/// removed or moved, and when the queue is shuffled.
public struct QueueEntryID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The number, unique within its queue.
    public let rawValue: Int

    /// Creates an identifier.
    public init(rawValue: Int) { self.rawValue = rawValue }

    public var description: String { "entry \(rawValue)" }
}

/// An ordered list of items to play, with the current one, repeat and shuffle: the queue of a
/// player (SuperPlayer's queue player, Media3's playlist, mpv's playlist). A pure value:
/// `PlayerFeature` (ReelComposable) keeps it and turns its moves into loads.
///
/// ```swift
/// var queue = PlayQueue([intro, episode1, episode2])
/// queue.repeatsAll = true
/// queue.shuffle(seed: 42)        // the same seed, the same order
/// let next = queue.entry(after: queue.currentID, wrapping: true)
/// ```
///
/// Indices (``entries``) are the order the app built; the *play order* is that order, or a
/// shuffled permutation of it (``isShuffled``). Unshuffling restores the app's order and keeps
/// the current entry.
public struct PlayQueue: Hashable, Sendable {
    /// One item in the queue, with what it remembers between its turns.
    public struct Entry: Hashable, Sendable, Identifiable {
        /// The entry's identity.
        public let id: QueueEntryID
        /// The item.
        public var item: MediaItem
        /// Where to start next time: where playback was when the player left the item midway,
        /// nil when it ended (or never played). Used instead of ``MediaItem/startPosition``.
        public var resumePosition: TimeInterval?
        /// The tracks chosen while it played, applied when it plays again; nil: never chosen.
        public var selectedTracks: TrackSelection?
        /// Why the item failed the last time it was played, if it did.
        public var error: PlayerError?
    }

    /// Tracks chosen for an entry: `nil` inside means "none" (subtitles off).
    public struct TrackSelection: Hashable, Sendable {
        /// The audio track's id.
        public var audio: Int?
        /// The subtitle track's id; nil: off.
        public var subtitle: Int?

        /// Creates a selection.
        public init(audio: Int?, subtitle: Int?) {
            self.audio = audio
            self.subtitle = subtitle
        }
    }

    /// The entries, in the app's order.
    public private(set) var entries: [Entry] = []
    /// The entry being played (or about to be), if any.
    public private(set) var currentID: QueueEntryID?
    /// Whether the queue starts again after its last entry (``RepeatMode/all``).
    public var repeatsAll = false
    /// The shuffle's seed while shuffled; nil in the app's order.
    public private(set) var shuffleSeed: UInt64?
    /// How many entries failed in a row: when every entry has, the queue stops instead of
    /// trying them again forever.
    public private(set) var consecutiveFailures = 0
    /// The play order: the entries' ids, shuffled or not.
    private var order: [QueueEntryID] = []
    private var lastID = 0

    /// A queue of `items`, the first one current.
    public init(_ items: [MediaItem] = []) {
        append(items)
        currentID = entries.first?.id
    }

    /// The number of entries.
    public var count: Int { entries.count }
    /// Whether the queue is empty.
    public var isEmpty: Bool { entries.isEmpty }
    /// Whether the play order is shuffled.
    public var isShuffled: Bool { shuffleSeed != nil }

    /// The index (in ``entries``) of the current entry.
    public var currentIndex: Int? { currentID.flatMap(index(of:)) }
    /// The current entry.
    public var current: Entry? { currentIndex.map { entries[$0] } }

    /// The index of the entry `id`, if it is in the queue.
    public func index(of id: QueueEntryID) -> Int? { entries.firstIndex { $0.id == id } }

    /// The entry `id`, if it is in the queue.
    public subscript(id: QueueEntryID) -> Entry? {
        get { index(of: id).map { entries[$0] } }
    }

    /// The entries in play order.
    public var playOrder: [Entry] { order.compactMap { self[$0] } }

    // MARK: - Moving through the queue

    /// The entry that follows `id` in play order (the first one for nil), wrapping to the first
    /// when `wrapping`; nil at the end.
    public func entry(after id: QueueEntryID?, wrapping: Bool) -> Entry? {
        guard !order.isEmpty else { return nil }
        guard let id, let position = order.firstIndex(of: id) else { return self[order[0]] }
        if position + 1 < order.count { return self[order[position + 1]] }
        return wrapping ? self[order[0]] : nil
    }

    /// The entry before `id` in play order, wrapping to the last when `wrapping`; nil at the start.
    public func entry(before id: QueueEntryID?, wrapping: Bool) -> Entry? {
        guard let id, let position = order.firstIndex(of: id) else { return nil }
        if position > 0 { return self[order[position - 1]] }
        return wrapping ? self[order[order.count - 1]] : nil
    }

    /// Whether there is an entry after the current one (wrapping when ``repeatsAll``).
    public var hasNext: Bool { entry(after: currentID, wrapping: repeatsAll).map { $0.id != currentID } ?? false }
    /// Whether there is an entry before the current one (wrapping when ``repeatsAll``).
    public var hasPrevious: Bool { entry(before: currentID, wrapping: repeatsAll).map { $0.id != currentID } ?? false }

    /// Makes `id` current. Returns false when it is not in the queue.
    @discardableResult
    public mutating func makeCurrent(_ id: QueueEntryID) -> Bool {
        guard index(of: id) != nil else { return false }
        currentID = id
        return true
    }

    /// Updates the entry `id` (what it remembers); nothing when it is gone.
    public mutating func update(_ id: QueueEntryID, _ change: (inout Entry) -> Void) {
        guard let index = index(of: id) else { return }
        change(&entries[index])
    }

    /// Counts a failure of the current entry; returns whether every entry has now failed in a row.
    public mutating func noteFailure(_ error: PlayerError) -> Bool {
        if let currentID { update(currentID) { $0.error = error } }
        consecutiveFailures += 1
        return consecutiveFailures >= entries.count
    }

    /// The current entry opened: the run of failures is over.
    public mutating func noteSuccess() {
        consecutiveFailures = 0
        if let currentID { update(currentID) { $0.error = nil } }
    }

    // MARK: - Editing

    /// Adds `items` at the end (and at the end of a shuffled order). Returns their ids.
    @discardableResult
    public mutating func append(_ items: [MediaItem]) -> [QueueEntryID] {
        insert(items, at: entries.count)
    }

    /// Inserts `items` before the entry at `index` (clamped to the queue). Shuffled, they play
    /// right after the current entry; in order, where they were put. Returns their ids.
    @discardableResult
    public mutating func insert(_ items: [MediaItem], at index: Int) -> [QueueEntryID] {
        let index = min(max(0, index), entries.count)
        let added = items.map { item -> Entry in
            lastID += 1
            return Entry(id: QueueEntryID(rawValue: lastID), item: item)
        }
        entries.insert(contentsOf: added, at: index)
        if isShuffled {
            let after = currentID.flatMap { order.firstIndex(of: $0) }.map { $0 + 1 } ?? order.count
            order.insert(contentsOf: added.map(\.id), at: after)
        } else {
            order = entries.map(\.id)
        }
        if currentID == nil { currentID = order.first }
        consecutiveFailures = 0
        return added.map(\.id)
    }

    /// Removes the entry at `index`. Removing the current entry leaves no entry current: the
    /// caller moves on (`PlayerFeature` plays the one that followed it).
    @discardableResult
    public mutating func remove(at index: Int) -> Entry? {
        guard entries.indices.contains(index) else { return nil }
        let removed = entries.remove(at: index)
        order.removeAll { $0 == removed.id }
        if currentID == removed.id { currentID = nil }
        consecutiveFailures = 0
        return removed
    }

    /// Moves the entry at `source` to `destination` (the index it has afterwards), as
    /// `Array.move` would; in order, the play order follows.
    public mutating func move(from source: Int, to destination: Int) {
        guard entries.indices.contains(source) else { return }
        let entry = entries.remove(at: source)
        entries.insert(entry, at: min(max(0, destination), entries.count))
        if !isShuffled { order = entries.map(\.id) }
    }

    /// Removes every entry.
    public mutating func removeAll() {
        entries = []
        order = []
        currentID = nil
        consecutiveFailures = 0
    }

    // MARK: - Shuffle

    /// Shuffles the play order with `seed` (the same seed and entries give the same order): the
    /// current entry plays first, then the others in the shuffled order.
    public mutating func shuffle(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        var ids = entries.map(\.id).filter { $0 != currentID }
        ids.shuffle(using: &generator)
        order = (currentID.map { [$0] } ?? []) + ids
        shuffleSeed = seed
    }

    /// Restores the app's order; the current entry stays current.
    public mutating func unshuffle() {
        order = entries.map(\.id)
        shuffleSeed = nil
    }
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64): reproducible
/// shuffles, not for secrets.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
