import Synchronization

/// One engine's events handed to every subscriber: what a ``PlaybackEngine`` uses to serve
/// ``PlaybackEngine/events``, so a `Player` and a `Store` bridged to the same engine both see
/// every event (an `AsyncStream` hands each element to only one of its iterators).
///
/// ```swift
/// let broadcast = EngineEventBroadcast()
/// let a = broadcast.subscribe(), b = broadcast.subscribe()
/// broadcast.yield(.itemStarted(id))     // both a and b receive it
/// broadcast.finish()                    // both end
/// ```
///
/// ## Semantics
/// - Every subscription receives, in order, every event yielded after it subscribed. All
///   subscriptions see events in the same order, even when several threads yield.
/// - Events yielded before the **first** subscription are kept and delivered to that first
///   subscriber ahead of later ones, so an engine created and told to load before a model
///   subscribes loses nothing. Later subscribers do not get them.
/// - After ``finish()`` every subscription finishes once it has received what was yielded
///   before. A subscription made after ``finish()`` receives nothing and finishes at once —
///   unless it is the first subscription, which still receives the events kept for it (so
///   a model made on an engine that was already shut down sees its
///   ``EngineEvent/shutdown``). ``yield(_:)`` after ``finish()`` is ignored.
/// - A subscription whose stream terminates (its iterating task is cancelled, or the stream
///   is dropped) is removed; the others go on.
/// - Buffering is unbounded per subscriber: a slow subscriber holds its own backlog and never
///   slows the yielder or the other subscribers.
///
/// ## Threading
/// Every method may be called from any thread; a lock (`Mutex`) guards the subscribers, and
/// no call waits for a subscriber.
public final class EngineEventBroadcast: Sendable {
    private struct State {
        var subscribers: [UInt64: AsyncStream<EngineEvent>.Continuation] = [:]
        var nextID: UInt64 = 0
        /// Events yielded before the first subscription; nil once it has them.
        var backlog: [EngineEvent]? = []
        var isFinished = false
    }

    private let state = Mutex(State())

    /// Creates a broadcast with no subscribers.
    public init() {}

    deinit {
        // A consumer still iterating would otherwise wait forever.
        finish()
    }

    /// A new stream of the events yielded from now on (for the first subscription: also those
    /// yielded before it). Each call makes an independent subscription.
    public func subscribe() -> AsyncStream<EngineEvent> {
        let (stream, continuation) = AsyncStream<EngineEvent>.makeStream(bufferingPolicy: .unbounded)
        let finishNow = state.withLock { state -> Bool in
            let id = state.nextID
            state.nextID += 1
            if let backlog = state.backlog {
                for event in backlog { continuation.yield(event) }
                state.backlog = nil
            }
            guard !state.isFinished else { return true }
            state.subscribers[id] = continuation
            // Set under the lock: the stream is not handed out yet, so it cannot terminate here.
            continuation.onTermination = { [weak self] _ in
                self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
            }
            return false
        }
        // Outside the lock: `finish()` runs nothing of ours here (no onTermination was set).
        if finishNow { continuation.finish() }
        return stream
    }

    /// Sends `event` to every subscriber (or keeps it for the first one, when there is none
    /// yet). Ignored after ``finish()``.
    public func yield(_ event: EngineEvent) {
        state.withLock { state in
            guard !state.isFinished else { return }
            if state.backlog != nil {
                state.backlog?.append(event)
                return
            }
            // Under the lock, so every subscriber sees concurrent yields in the same order.
            // `yield` never runs an onTermination handler, so it cannot re-enter the lock.
            for continuation in state.subscribers.values { continuation.yield(event) }
        }
    }

    /// Ends every subscription after the events already yielded. Idempotent.
    public func finish() {
        let subscribers = state.withLock { state -> [AsyncStream<EngineEvent>.Continuation] in
            state.isFinished = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        // Outside the lock: finishing runs each stream's onTermination, which takes it.
        for continuation in subscribers { continuation.finish() }
    }

    /// How many subscriptions are live (for tests and diagnostics).
    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }
}
