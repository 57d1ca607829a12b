import CoreMetrics
import Foundation
import ReelCore
import ReelPlayer

/// Records a ``ReelPlayer/Player``'s playback metrics through swift-metrics, so that an app ships
/// them with any backend (Prometheus, OpenTelemetry, StatsD): counters, timers and gauges with the
/// item as a dimension.
///
/// ```swift
/// MetricsSystem.bootstrap(backend)   // the app's: Prometheus, OpenTelemetry, StatsD…
/// let exporter = PlayerMetricsExporter(player: player)
/// ```
///
/// Each access-log entry (an item ended, or an adaptive stream changed variant) adds to:
///
/// | label | kind | what |
/// | --- | --- | --- |
/// | `reel_playing_seconds` | floating-point counter | seconds played |
/// | `reel_stalls` | counter | stalls after the first frame |
/// | `reel_stall_seconds` | floating-point counter | seconds stalled |
/// | `reel_bytes_transferred` | counter | bytes read from the source |
/// | `reel_dropped_frames` | counter | frames the video output dropped |
/// | `reel_time_to_first_frame` | timer | once per item |
/// | `reel_startup_time` | timer | once per item |
/// | `reel_rebuffering_ratio` | gauge | 0…1 |
/// | `reel_observed_bitrate`, `reel_indicated_bitrate` | gauges | bits per second |
///
/// and each error-log entry to `reel_errors` (a counter with the error's code as the dimension
/// `code` as well). The prefix `reel` is ``prefix``. Every metric carries the dimensions
/// ``dimensions`` gives an item: by default `item`, its title or else its file name.
@MainActor
public final class PlayerMetricsExporter {
    /// The dimensions of an item's metrics.
    public typealias Dimensions = @Sendable (ItemMetrics) -> [(String, String)]

    /// The labels' prefix.
    public let prefix: String
    /// The dimensions of an item's metrics.
    public let dimensions: Dimensions

    private let factory: any MetricsFactory
    private var task: Task<Void, Never>?

    /// Starts recording `player`'s log entries from now on, with `factory` (by default the
    /// process's, `MetricsSystem.factory`).
    public init(
        player: Player, prefix: String = "reel", factory: any MetricsFactory = MetricsSystem.factory,
        dimensions: @escaping Dimensions = PlayerMetricsExporter.itemDimension
    ) {
        self.prefix = prefix
        self.factory = factory
        self.dimensions = dimensions
        let log = player.metricsLog
        task = Task { [weak self] in
            for await entry in log {
                guard let self else { return }
                self.record(entry)
            }
        }
    }

    /// Waits until the player's log has finished (at its shutdown) and everything is recorded.
    public func finished() async { await task?.value }

    /// Stops recording.
    public func stop() {
        task?.cancel()
        task = nil
    }

    /// The default dimensions: `item`, the item's title or else its file name (or its number).
    public static let itemDimension: Dimensions = { item in
        let name = item.title ?? item.url.map { $0.lastPathComponent } ?? "item \(item.itemID.rawValue)"
        return [("item", name)]
    }

    /// Records one entry.
    public func record(_ entry: MetricsLogEntry) {
        switch entry {
        case .access(let access): record(access.metrics)
        case .error(let error):
            var dimensions: [(String, String)] = [("code", error.error.code.identifier)]
            if let url = error.url {
                let item = ItemMetrics(itemID: error.itemID ?? ItemID(rawValue: 0), url: url, startDate: error.date)
                dimensions = self.dimensions(item) + dimensions
            }
            Counter(label: label("errors"), dimensions: dimensions, factory: factory).increment()
        }
    }

    private func record(_ item: ItemMetrics) {
        let dimensions = dimensions(item)
        func counter(_ name: String, _ value: Int?) {
            guard let value, value > 0 else { return }
            Counter(label: label(name), dimensions: dimensions, factory: factory).increment(by: Int64(value))
        }
        func seconds(_ name: String, _ value: TimeInterval) {
            FloatingPointCounter(label: label(name), dimensions: dimensions, factory: factory).increment(by: value)
        }
        func timer(_ name: String, _ value: TimeInterval?) {
            guard let value else { return }
            Timer(label: label(name), dimensions: dimensions, factory: factory).recordSeconds(value)
        }
        func gauge(_ name: String, _ value: Double?) {
            guard let value else { return }
            Gauge(label: label(name), dimensions: dimensions, factory: factory).record(value)
        }
        seconds("playing_seconds", item.playingDuration)
        counter("stalls", item.stallCount)
        seconds("stall_seconds", item.stallDuration)
        counter("bytes_transferred", item.bytesTransferred.map { Int($0) })
        counter("dropped_frames", item.droppedFrames)
        timer("time_to_first_frame", item.timeToFirstFrame)
        timer("startup_time", item.startupTime)
        gauge("rebuffering_ratio", item.rebufferingRatio)
        gauge("observed_bitrate", item.observedBitrate)
        gauge("indicated_bitrate", item.indicatedBitrate)
    }

    private func label(_ name: String) -> String { "\(prefix)_\(name)" }
}
