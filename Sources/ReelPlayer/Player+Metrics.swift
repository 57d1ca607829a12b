import Foundation
import ReelCore

/// Playback metrics: the current item's and the session's figures, the access log and the error
/// log (SuperPlayer's logs, Media3's `PlaybackStatsListener`), derived from the engine's events by
/// ``ReelCore/MetricsReducer`` as they arrive.
///
/// ```swift
/// let log = player.metricsLog
/// player.refreshStatistics()           // dropped frames, bit rates, bytes: sampled on demand
/// print(player.currentMetrics.item?.timeToFirstFrame ?? 0)
/// for await case .access(let entry) in log { print(entry.metrics.stallCount) }
/// ```
///
/// The engine's counters (dropped frames, bit rates, bytes) are sampled when asked
/// (``refreshStatistics()``) and when an item reaches its end, never per frame; everything else
/// comes from events the player already receives.
extension Player {
    /// The figures now: like ``metrics``, with playing and stall time counted up to this moment.
    /// Not observable: read it when drawing, or observe ``metrics``.
    public var currentMetrics: PlaybackMetrics { metricsState.metrics(at: .now) }

    /// The last entries of the access log (one per item, and per variant of an adaptive
    /// stream), oldest first.
    public var accessLog: [AccessLogEntry] { metricsState.accessLog }

    /// The last entries of the error log (failed items and commands), oldest first.
    public var errorLog: [ErrorLogEntry] { metricsState.errorLog }

    /// Asks the engine for its counters now (dropped frames, bit rates, bytes transferred); they
    /// arrive shortly after in ``metrics``. Does nothing without an item or after ``shutdown()``.
    public func refreshStatistics() {
        guard !isShutDown else { return }
        try? engine.send(.reportStatistics)
    }

    /// Every access-log and error-log entry from now on, in order. Finishes at shutdown.
    public var metricsLog: AsyncStream<MetricsLogEntry> { metricsSubscribers.subscribe() }

    /// Runs the metrics reducer on an event the store has just taken in, which the engine
    /// observed at `time`.
    func recordMetrics(_ event: EngineEvent, at time: HostTime) {
        let revision = metricsState.revision
        let entries = metricsState.apply(event, playback: playback, at: time)
        if metricsState.revision != revision { metrics = metricsState.metrics(at: time) }
        for entry in entries { metricsSubscribers.yield(entry) }
    }
}
