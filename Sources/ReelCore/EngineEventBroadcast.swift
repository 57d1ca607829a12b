import NIOConcurrencyHelpers

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
/// Each event is stamped with the host time it was yielded at: ``subscribeTimed()`` hands the
/// stamps out (``TimedEngineEvent``), so a consumer that takes in events later, in a batch (a
/// busy main actor), still knows when each happened.
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
///   ``EngineEvent/shutdown``). ``yield(_:at:)`` after ``finish()`` is ignored.
/// - A subscription whose stream terminates (its iterating task is cancelled, or the stream
///   is dropped) is removed; the others go on.
/// - Buffering is unbounded per subscriber: a slow subscriber holds its own backlog and never
///   slows the yielder or the other subscribers.
///
/// ## Threading
/// Every method may be called from any thread; a lock (`NIOLockedValueBox`, a pthread mutex that ThreadSanitizer sees) guards the
/// subscribers, and no call waits for a subscriber.
public final class EngineEventBroadcast: Sendable {
    private enum Subscriber {
        case plain(AsyncStream<EngineEvent>.Continuation)
        case timed(AsyncStream<TimedEngineEvent>.Continuation)

        func yield(_ timed: TimedEngineEvent) {
            switch self {
            case .plain(let continuation): continuation.yield(timed.event)
            case .timed(let continuation): continuation.yield(timed)
            }
        }

        func finish() {
            switch self {
            case .plain(let continuation): continuation.finish()
            case .timed(let continuation): continuation.finish()
            }
        }
    }

    private struct State {
        var subscribers: [UInt64: Subscriber] = [:]
        var nextID: UInt64 = 0
        /// Events yielded before the first subscription; nil once it has them.
        var backlog: [TimedEngineEvent]? = []
        var isFinished = false
    }

    private let state = NIOLockedValueBox(State())

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
        add(.plain(continuation)) { remove in continuation.onTermination = { _ in remove() } }
        return stream
    }

    /// ``subscribe()`` with the host time each event was yielded at.
    public func subscribeTimed() -> AsyncStream<TimedEngineEvent> {
        let (stream, continuation) = AsyncStream<TimedEngineEvent>.makeStream(bufferingPolicy: .unbounded)
        add(.timed(continuation)) { remove in continuation.onTermination = { _ in remove() } }
        return stream
    }

    /// Registers `subscriber`, hands it the backlog when it is the first, and has its stream's
    /// termination handler (set by `onTermination`) remove it.
    private func add(_ subscriber: Subscriber, onTermination: (@escaping @Sendable () -> Void) -> Void) {
        // The handler holds the lock box, not `self`: a weak reference would give the broadcast a
        // side table, which LeakSanitizer reports as a leak while an engine outlives the process's
        // end (an abandoned, stuck one). The box does not keep the broadcast alive, and `finish()`
        // (at the latest in `deinit`) ends every subscription, so no handler outlives it.
        let box = state
        let finishNow = state.withLockedValue { state -> Bool in
            let id = state.nextID
            state.nextID += 1
            if let backlog = state.backlog {
                for event in backlog { subscriber.yield(event) }
                state.backlog = nil
            }
            guard !state.isFinished else { return true }
            state.subscribers[id] = subscriber
            // Set under the lock: the stream is not handed out yet, so it cannot terminate here.
            onTermination { box.withLockedValue { _ = $0.subscribers.removeValue(forKey: id) } }
            return false
        }
        // Outside the lock: `finish()` runs nothing of ours here (no onTermination was set).
        if finishNow { subscriber.finish() }
    }

    /// Sends `event`, stamped `time` (by default now, taken in the yields' order), to every
    /// subscriber (or keeps it for the first one, when there is none yet). Ignored after
    /// ``finish()``.
    public func yield(_ event: EngineEvent, at time: HostTime? = nil) {
        state.withLockedValue { state in
            guard !state.isFinished else { return }
            let timed = TimedEngineEvent(event, at: time ?? .now)
            if state.backlog != nil {
                state.backlog?.append(timed)
                return
            }
            // Under the lock, so every subscriber sees concurrent yields in the same order.
            // `yield` never runs an onTermination handler, so it cannot re-enter the lock.
            for subscriber in state.subscribers.values { subscriber.yield(timed) }
        }
    }

    /// Ends every subscription after the events already yielded. Idempotent.
    public func finish() {
        let subscribers = state.withLockedValue { state -> [Subscriber] in
            state.isFinished = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        // Outside the lock: finishing runs each stream's onTermination, which takes it.
        for subscriber in subscribers { subscriber.finish() }
    }

    /// How many subscriptions are live (for tests and diagnostics).
    public var subscriberCount: Int { state.withLockedValue { $0.subscribers.count } }
}

/// An engine event with the host time the engine observed it at (``EngineEventBroadcast``
/// stamps it as it is yielded): what measures how long things took — time to first frame, a
/// stall — however late the consumer takes it in.
public struct TimedEngineEvent: Hashable, Sendable {
    /// The event.
    public var event: EngineEvent
    /// When the engine observed it.
    public var time: HostTime

    /// Pairs `event` with `time`.
    public init(_ event: EngineEvent, at time: HostTime) {
        self.event = event
        self.time = time
    }
}
