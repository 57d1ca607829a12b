import Foundation
import Observation
import ReelCore
import ReelPlayer

/// A fixed set of players for a vertical feed of short videos (TikTok-style; SuperPlayer's and
/// VideoPlayerContainer's feed examples): the visible item plays, its neighbours wait on their
/// first frame, and moving along the feed hands the players over instead of making new ones.
///
/// ```swift
/// let pool = try FeedPlayerPool(items: clips) { () throws(PlayerError) in
///     try MPVEngine(configuration: .standard)
/// }
/// try pool.show(index: 0)          // item 0 plays, 1 is loaded paused
/// try pool.moveForward()           // 1 plays at once; 0 pauses; 2 loads paused
/// let view = pool.visiblePlayer    // what a window shows
/// await pool.shutdown()
/// ```
///
/// ## Players and items
/// The pool makes ``players`` once, one engine each (``defaultSize``, 3, unless told otherwise),
/// and never another. Each player holds at most one item. The items that should be held are
/// ranked by their distance from the visible one — the visible item, one ahead, one behind, two
/// ahead, two behind… (ahead first: feeds are read forward) — and the first ``players``-count of
/// them get a player. A player whose item is still among them keeps it; the others take the
/// wanted items that no player holds, each with one load. So one step forward or back costs at
/// most one load, and a jump at most one per player.
///
/// The visible item is loaded to play (`autoplay`); the others are loaded paused, which opens them
/// and decodes their first frame, so a swipe shows a picture at once.
///
/// ## Preloading
/// Which neighbours are opened, when, and how much each may buffer is the pool's
/// ``FeedPreloadPolicy`` (``FeedPreloadPolicy/standard`` unless told otherwise): by default the
/// visible item reads 0.75 s ahead, and the neighbour ahead opens once it has 0.5 s buffered,
/// capped at 1 s and 1 MiB, so that on a network the feed fetches little that nobody watches. Each player is given
/// its item's buffering before the item opens, and again when a swipe moves it (the new visible
/// item's read-ahead is lifted, the one that left is capped).
///
/// ## Live items
/// A live item (``/ReelCore/PlaybackInfo/isLive``) that waited paused, preloaded or swiped away,
/// for ``FeedPreloadPolicy/liveRejoinDelay`` or longer is opened again when it is shown, so that
/// it joins near its live edge, as a live room does, instead of playing on from where it paused
/// (a paused neighbour stops reading at its budget, so its player cannot know how far the edge
/// moved).
///
/// ## Pausing and resuming
/// The item that leaves the visible slot pauses with the reason ``/ReelCore/IntentReason/user``:
/// the user swiped it away (its state reads `paused(reason: .userInitiated)`). When it comes back
/// while its player still holds it, it plays on from where it paused, without a load; a player
/// that was handed to another item meanwhile loads it again from its start.
///
/// ## Failures
/// An item whose player reports a failure (an address that cannot be opened, a connection lost
/// midway) is kept in ``failedItems`` with its typed error, and its swipe records it
/// (``FeedSwipe/error``). The feed goes on: the failed item's neighbours still open, and
/// ``moveForward()`` and ``moveBack()`` step over the items known to have failed.
///
/// ## Memory
/// The pool keeps ``items`` and, per player, the index of the item it holds: nothing per item, so
/// a feed of thousands of items costs its array of `MediaItem` values and no more.
///
/// ## Threading
/// Main actor only, like ``/ReelPlayer/Player``.
@MainActor
@Observable
public final class FeedPlayerPool {
    /// How many players a pool makes unless told otherwise: the visible item and its two neighbours.
    public static let defaultSize = 3

    /// The feed, in order. Grows with ``append(contentsOf:)``.
    public private(set) var items: [MediaItem]
    /// The item on screen; nil until the first ``show(index:)``.
    public private(set) var visibleIndex: Int?
    /// The players, each with an engine of its own, made when the pool was made; their number
    /// never changes.
    public let players: [Player]
    /// How many loads the pool has asked its players for: a measure of the work moving costs.
    public private(set) var loadCount = 0
    /// What is opened around the visible item, when, and how much of it is buffered.
    public let preload: FeedPreloadPolicy
    /// The items that failed, by index, with the error their player reported: while the item was
    /// visible, or while it was preloaded as a neighbour (seen at the next move).
    /// ``moveForward()`` and ``moveBack()`` step over them; ``show(index:)`` still shows one.
    public private(set) var failedItems: [Int: PlayerError] = [:]
    /// The figures of the complete swipes so far (each one as it arrives on ``swipeLog``).
    public private(set) var statistics = FeedStatistics()

    /// The index of the item each player holds (in the order of ``players``); nil for none.
    private var held: [Int?]
    /// The buffering each player was last given.
    private var buffering: [BufferingPolicy?]
    /// Since when each player's item has waited off screen; nil for the visible one.
    @ObservationIgnored private var waitingSince: [HostTime?]
    /// Whether neighbours wait for the visible item's head start.
    @ObservationIgnored private var neighboursDeferred = false
    /// The visible player, while the pool observes its playback.
    @ObservationIgnored private var observedPlayer: ObjectIdentifier?
    /// The swipe in progress.
    @ObservationIgnored private var meter: SwipeMeter?
    /// Those who read ``swipeLog``.
    @ObservationIgnored private var swipeSubscribers: [UInt64: AsyncStream<FeedSwipe>.Continuation] = [:]
    @ObservationIgnored private var nextSubscriber: UInt64 = 0
    @ObservationIgnored private var isShutDown = false

    /// Makes `size` players, each on an engine that `makeEngine` makes, for `items`; nothing is
    /// loaded until ``show(index:)``.
    ///
    /// - Parameters:
    ///   - items: the feed; more can be appended later.
    ///   - size: how many players (and engines) to make; at least 1. 3 holds the visible item and
    ///     both its neighbours.
    ///   - preload: what is opened around the visible item, when, and how much of it is buffered.
    ///   - makeEngine: makes one engine; called exactly `size` times, here.
    /// - Throws: ``/ReelCore/PlayerError/Code/invalidArgument`` for a size below 1 or a policy no
    ///   engine takes, or what `makeEngine` threw (the players already made are shut down).
    public init(
        items: [MediaItem] = [], size: Int = FeedPlayerPool.defaultSize, preload: FeedPreloadPolicy = .standard,
        makeEngine: () throws(PlayerError) -> any PlaybackEngine
    ) throws(PlayerError) {
        guard size >= 1 else {
            throw PlayerError(.invalidArgument, message: "A feed needs at least one player; \(size) were asked for.")
        }
        try preload.check()
        var players: [Player] = []
        do throws(PlayerError) {
            for _ in 0..<size { players.append(Player(engine: try makeEngine())) }
        } catch {
            for player in players { Task { await player.shutdown() } }
            throw error
        }
        self.items = items
        self.players = players
        self.preload = preload
        held = Array(repeating: nil, count: size)
        buffering = Array(repeating: nil, count: size)
        waitingSince = Array(repeating: nil, count: size)
    }

    // MARK: - Reading

    /// The player of the visible item; nil before the first ``show(index:)``.
    public var visiblePlayer: Player? { visibleIndex.flatMap(player(for:)) }

    /// The player that holds item `index`, or nil when none does (it is too far from the visible
    /// item, or its load was refused).
    public func player(for index: Int) -> Player? {
        held.firstIndex(of: index).map { players[$0] }
    }

    /// The index of the item `player` holds; nil when it holds none or is not one of the pool's.
    public func index(of player: Player) -> Int? {
        players.firstIndex { $0 === player }.flatMap { held[$0] }
    }

    // MARK: - Moving

    /// Makes item `index` the visible one: it plays, and the players are handed over to the items
    /// nearest to it (see "Players and items").
    ///
    /// - Throws: ``/ReelCore/PlayerError/Code/invalidArgument`` when the feed has no item `index`
    ///   (nothing changes then); otherwise the first command a player refused (an address its
    ///   engine may not open, an engine gone), after every other player was arranged: a player
    ///   whose load was refused holds nothing.
    public func show(index: Int) throws(PlayerError) {
        guard items.indices.contains(index) else {
            throw PlayerError(
                .invalidArgument, message: "The feed has no item \(index); it holds \(items.count) items.")
        }
        if index != visibleIndex {
            let now = HostTime.now
            finishSwipe(at: now)
            meter = SwipeMeter(
                index: index, from: visibleIndex, at: now, date: Date(),
                hasFirstFrame: player(for: index).map(Self.hasFirstFrame) ?? false)
        }
        visibleIndex = index
        try arrange()
    }

    /// Shows the next item that is not known to have failed (the first one before anything was
    /// shown). Returns false, changing nothing, when there is none up to the end of the feed.
    /// - Throws: what ``show(index:)`` throws.
    @discardableResult
    public func moveForward() throws(PlayerError) -> Bool {
        noteFailures()
        var next = visibleIndex.map { $0 + 1 } ?? 0
        while failedItems[next] != nil { next += 1 }
        guard items.indices.contains(next) else { return false }
        try show(index: next)
        return true
    }

    /// Shows the previous item that is not known to have failed. Returns false, changing nothing,
    /// when there is none back to the start of the feed, or before anything was shown.
    /// - Throws: what ``show(index:)`` throws.
    @discardableResult
    public func moveBack() throws(PlayerError) -> Bool {
        noteFailures()
        guard var previous = visibleIndex.map({ $0 - 1 }) else { return false }
        while failedItems[previous] != nil { previous -= 1 }
        guard previous >= 0 else { return false }
        try show(index: previous)
        return true
    }

    /// Keeps the failures the players report for the items they hold.
    private func noteFailures() {
        for (slot, player) in players.enumerated() {
            guard let index = held[slot], failedItems[index] == nil, case .failed(let error) = player.playback.status,
                player.playback.item?.url == items[index].url
            else { continue }
            failedItems[index] = error
        }
    }

    /// Adds items at the end of the feed. Once something is shown, a player that holds nothing
    /// near the visible item takes the new items that are now its neighbours.
    /// - Throws: what ``show(index:)`` throws for a refused command.
    public func append(contentsOf newItems: some Sequence<MediaItem>) throws(PlayerError) {
        items.append(contentsOf: newItems)
        try arrange()
    }

    /// Shuts every player and its engine down (see ``/ReelPlayer/Player/shutdown()``); the swipe
    /// in progress is complete, and ``swipeLog`` finishes.
    public func shutdown() async {
        finishSwipe(at: .now)
        isShutDown = true
        observedPlayer = nil
        for subscriber in swipeSubscribers.values { subscriber.finish() }
        swipeSubscribers = [:]
        await withTaskGroup(of: Void.self) { group in
            for player in players { group.addTask { await player.shutdown() } }
        }
    }

    // MARK: - Arranging

    /// The items that should have a player when `visible` is shown, nearest first: `visible`, one
    /// ahead, one behind, two ahead, two behind…, at most `limit` of them.
    static func ranked(around visible: Int, itemCount: Int, limit: Int) -> [Int] {
        var ranked = [visible]
        var distance = 1
        while ranked.count < limit, visible + distance < itemCount || visible - distance >= 0 {
            if visible + distance < itemCount { ranked.append(visible + distance) }
            if ranked.count < limit, visible - distance >= 0 { ranked.append(visible - distance) }
            distance += 1
        }
        return ranked
    }

    /// Pauses whatever plays off screen, loads the wanted items no player holds into the players
    /// whose items are no longer wanted (each given its buffering first), gives every other player
    /// the buffering of its item's new distance, and plays the visible item.
    private func arrange() throws(PlayerError) {
        guard let visible = visibleIndex else { return }
        let reach = hasHeadStart(visible) ? preload.neighbours.count : 0
        // Behind the visible item, a policy that opens nothing keeps what it holds (the item
        // just left, for a swipe back) and opens nothing more.
        let wanted = Self.ranked(around: visible, itemCount: items.count, limit: players.count)
            .filter { abs($0 - visible) <= reach && ($0 >= visible || preload.opensItemsBehind || held.contains($0)) }
        var refused: PlayerError?
        func attempt(_ command: () throws(PlayerError) -> Void) {
            do throws(PlayerError) {
                try command()
            } catch {
                refused = refused ?? error
            }
        }
        // The item that left the screen pauses first, so that two never play at once.
        let now = HostTime.now
        for (slot, player) in players.enumerated() where held[slot] != visible {
            if waitingSince[slot] == nil { waitingSince[slot] = now }
            guard player.playback.intent.playWhenReady else { continue }
            attempt { () throws(PlayerError) in try player.pause(reason: .user) }
        }
        var free = players.indices.filter { slot in held[slot].map { !wanted.contains($0) } ?? true }
        for index in wanted where !held.contains(index) {
            guard !free.isEmpty else { break }
            let slot = free.removeFirst()
            held[slot] = index
            waitingSince[slot] = index == visible ? nil : now
            loadCount += 1
            do throws(PlayerError) {
                try give(bufferingFor: index, to: slot)
                try players[slot].load(items[index], autoplay: index == visible)
            } catch {
                // The player keeps its old item otherwise: it must not pass for this one.
                held[slot] = nil
                try? players[slot].stop()
                refused = refused ?? error
            }
        }
        for slot in players.indices {
            guard let index = held[slot] else { continue }
            attempt { () throws(PlayerError) in try give(bufferingFor: index, to: slot) }
        }
        if let slot = held.firstIndex(of: visible) {
            let player = players[slot]
            let waited = waitingSince[slot].map { now.seconds(since: $0) }
            waitingSince[slot] = nil
            if player.playback.isLive, let waited, waited >= preload.liveRejoinDelay {
                // It joins near its live edge (see "Live items").
                loadCount += 1
                attempt { () throws(PlayerError) in try player.load(items[visible], autoplay: true) }
            } else if !player.playback.intent.playWhenReady || player.playback.status == .ended {
                attempt { () throws(PlayerError) in try player.play(reason: .user) }
            }
        }
        neighboursDeferred = reach < preload.neighbours.count
        observeVisible()
        if let refused { throw refused }
    }

    /// Gives the player in `slot` the buffering of item `index` at its distance from the visible
    /// one, unless it has it already. Beyond the policy's reach, an item keeps the farthest
    /// neighbour's budget; with no neighbours at all, it is unloaded.
    private func give(bufferingFor index: Int, to slot: Int) throws(PlayerError) {
        guard let visible = visibleIndex else { return }
        let distance = min(abs(index - visible), preload.neighbours.count)
        guard distance > 0 || index == visible, let policy = preload.buffering(atDistance: distance) else {
            held[slot] = nil
            buffering[slot] = nil
            try players[slot].stop()
            return
        }
        guard buffering[slot] != policy else { return }
        try players[slot].setBufferingPolicy(policy)
        buffering[slot] = policy
    }

    /// Whether the visible item has buffered enough for its neighbours to open: its head start
    /// ahead of the position, or its end. A local file, and an item that ended or failed, always
    /// have; one no player holds yet (it is about to load) has not.
    private func hasHeadStart(_ visible: Int) -> Bool {
        guard preload.visibleHeadStart > 0, !items[visible].url.isFileURL else { return true }
        guard let player = player(for: visible) else { return false }
        let playback = player.playback
        switch playback.status {
        case .ended, .failed: return true
        case .ready: break
        case .idle, .loading: return false
        }
        guard let end = playback.bufferedPosition() else { return false }
        if let duration = playback.duration, end >= duration - 0.25 { return true }
        return end - playback.position(at: .now) >= preload.visibleHeadStart
    }

    /// Follows the visible player's playback: the swipe's measures, and the head start its
    /// neighbours wait for.
    private func observeVisible() {
        guard let player = visiblePlayer, observedPlayer != ObjectIdentifier(player) else { return }
        let observed = ObjectIdentifier(player)
        observedPlayer = observed
        // The change handler stays with the player's registrar until the next change, which may
        // never come (at shutdown): it holds neither the player nor the pool.
        withObservationTracking {
            _ = player.playback
            _ = player.metrics
        } onChange: { [weak self] in
            Task { @MainActor in
                guard let self, self.observedPlayer == observed else { return }
                self.observedPlayer = nil
                self.measureSwipe(at: .now)
                if self.neighboursDeferred {
                    // A refusal here shows on the player that refused (its `commandError`).
                    try? self.arrange()
                } else {
                    self.observeVisible()
                }
            }
        }
    }

    // MARK: - Swipes

    /// The swipe in progress, measured so far; nil before the first ``show(index:)``. Not
    /// observable: the complete ones arrive on ``swipeLog``.
    public var currentSwipe: FeedSwipe? { meter?.swipe }

    /// Every swipe from now on, each once it is complete (its item left the screen). Finishes at
    /// ``shutdown()``.
    public var swipeLog: AsyncStream<FeedSwipe> {
        let (stream, continuation) = AsyncStream<FeedSwipe>.makeStream()
        guard !isShutDown else {
            continuation.finish()
            return stream
        }
        let id = nextSubscriber
        nextSubscriber += 1
        swipeSubscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.swipeSubscribers[id] = nil }
        }
        return stream
    }

    /// Whether `player`'s item has its first frame (the moment its metrics count as
    /// ``/ReelCore/ItemMetrics/timeToFirstFrame``).
    static func hasFirstFrame(_ player: Player) -> Bool {
        guard let item = player.metrics.item, item.itemID == player.playback.itemID else { return false }
        return item.timeToFirstFrame != nil
    }

    /// Takes in what the visible player shows now.
    private func measureSwipe(at now: HostTime) {
        noteFailures()
        guard var meter, let player = visiblePlayer else { return }
        meter.observe(
            state: player.state, hasFirstFrame: Self.hasFirstFrame(player), position: player.playback.position(at: now),
            at: now)
        self.meter = meter
    }

    /// Completes the swipe in progress: one last look at its player, then the log.
    private func finishSwipe(at now: HostTime) {
        measureSwipe(at: now)
        guard let swipe = meter?.swipe else { return }
        meter = nil
        statistics.add(swipe)
        for subscriber in swipeSubscribers.values { subscriber.yield(swipe) }
    }
}
