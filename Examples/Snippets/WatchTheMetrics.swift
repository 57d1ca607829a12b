import Foundation
import Reel
import ReelMetrics

@MainActor
func watchTheMetrics(_ clip: URL) async throws {
    let player = Player(engine: try MPVEngine(configuration: .headless))
    let exporter = PlayerMetricsExporter(player: player)  // counters, timers, gauges: MetricsSystem's backend
    let log = player.metricsLog  // access-log and error-log entries from now on
    try player.load(MediaItem(url: clip, title: "Clip"))
    _ = await player.wait(timeout: .seconds(30)) { $0.status == .ended }
    player.refreshStatistics()  // dropped frames, bit rates, bytes: sampled when asked and at the end
    print(player.currentMetrics.item?.timeToFirstFrame ?? 0, player.metrics.session.stallCount)
    await player.shutdown()
    for await case .access(let entry) in log {
        print(entry.metrics.playingDuration, entry.metrics.rebufferingRatio ?? 0, entry.metrics.bytesTransferred ?? 0)
    }
    await exporter.finished()
}
