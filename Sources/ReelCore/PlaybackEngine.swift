/// A media engine: typed commands in, typed events out.
///
/// Reel's models talk to engines only through this protocol: `ReelMPV`'s `MPVEngine` in
/// production, `ReelTesting`'s `FakeEngine` in tests.
///
/// ## Threading
/// ``send(_:)`` is safe to call from any thread and never blocks on media I/O. Commands sent
/// from one thread are carried out in the order sent.
///
/// ## Events
/// Each read of ``events`` subscribes anew: every subscription receives every event from then
/// on, in the same order, so any number of consumers (a `Player`, a `Store`, a logger) can follow
/// one engine. The first subscription also receives what happened before it, so an engine
/// created and told to load before its model subscribes loses nothing. Engines serve this with
/// an ``EngineEventBroadcast``, whose documentation states the rules.
///
/// ## Lifetime
/// Every subscription finishes after ``EngineEvent/shutdown``; one made after that finishes at
/// once (the first one still receives the events kept for it). After ``shutdown()`` every
/// ``send(_:)`` throws ``PlayerError/Code/engineGone``.
///
/// ## Errors
/// ``send(_:)`` throws at once for what can be judged at once (a refused scheme, an argument
/// out of range, a call after teardown). Failures found later arrive as events:
/// ``EngineEvent/itemEnded(_:_:)`` with ``EndReason/failed(_:)`` or ``EngineEvent/commandFailed(_:_:)``.
///
/// # Implementation requirements
/// - Serve ``events`` from an ``EngineEventBroadcast`` (or with the same semantics).
/// - Report every item of a ``EngineCommand/load(_:)`` with the request's ``ItemID``; a replaced
///   item ends with ``EndReason/stopped``.
/// - Report unavailable values as `nil`, never as `0` or `false`.
/// - Send an initial ``PropertyChange`` for every property a consumer needs, after start.
/// - At the end of an item, report ``PropertyChange/endReached(_:)`` and then pause by yourself
///   (reporting ``PropertyChange/paused(_:)``), so a replay sent after the end is not undone.
/// - `ReelTesting`'s engine contract suite states the observable behaviour.
public protocol PlaybackEngine: AnyObject, Sendable {
    /// A new subscription to the engine's events, in order: each read returns an independent
    /// stream that receives every event from then on (see ``EngineEventBroadcast``).
    var events: AsyncStream<EngineEvent> { get }

    /// ``events`` with the host time the engine observed each at: what a `Player` follows, so
    /// that its metrics (time to first frame, stalls) measure when things happened rather than
    /// when a busy main actor took them in. Engines on an ``EngineEventBroadcast`` return its
    /// ``EngineEventBroadcast/subscribeTimed()``; the default stamps each event as it arrives.
    var timedEvents: AsyncStream<TimedEngineEvent> { get }

    /// Accepts a command, or throws why not. Safe to call from any thread.
    func send(_ command: EngineCommand) throws(PlayerError)

    /// Stops playback and releases the engine. Idempotent; later sends throw.
    func shutdown() async
}

extension PlaybackEngine {
    /// ``events``, each stamped when it arrives here: for engines that keep no times of their
    /// own (an engine on an ``EngineEventBroadcast`` returns its
    /// ``EngineEventBroadcast/subscribeTimed()`` instead).
    public var timedEvents: AsyncStream<TimedEngineEvent> {
        let events = self.events
        let (stream, continuation) = AsyncStream<TimedEngineEvent>.makeStream(bufferingPolicy: .unbounded)
        let relay = Task {
            for await event in events { continuation.yield(TimedEngineEvent(event, at: .now)) }
            continuation.finish()
        }
        continuation.onTermination = { _ in relay.cancel() }
        return stream
    }
}
