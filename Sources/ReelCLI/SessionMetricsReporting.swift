import Foundation
import ReelContainer
import ReelCore
import ReelPlayer

/// What a reporter is told about playback metrics; reporters that show none keep the defaults.
extension PlaybackReporter {
    /// An access-log or error-log entry was completed.
    func report(_ entry: MetricsLogEntry) {}
    /// The figures now (with `--stats`, once a second).
    func stats(_ metrics: PlaybackMetrics, playback: PlaybackInfo) {}
    /// The session's last figures, after the player shut down.
    func summary(_ metrics: PlaybackMetrics) {}
}

/// Follows a session's player for its reporter: every access-log and error-log entry, the
/// figures once a second with `--stats` (sampling the engine's counters first), and a summary at
/// the end. Shared by the headless and the window session.
@MainActor
final class MetricsFollower {
    private let player: Player
    private let reporter: any PlaybackReporter
    /// Whether the figures are reported once a second.
    let periodic: Bool
    private var entries: Task<Void, Never>?
    private var nextReport = ContinuousClock.now

    /// Starts following `player`; `periodic` reports the figures once a second.
    init(player: Player, reporter: any PlaybackReporter, periodic: Bool) {
        self.player = player
        self.reporter = reporter
        self.periodic = periodic
        let log = player.metricsLog
        entries = Task { [reporter] in
            for await entry in log { reporter.report(entry) }
        }
    }

    /// Called with the session's ticks (four a second): once a second with `--stats`, asks the
    /// engine for its counters and reports the figures (the sample arrives for the next report).
    func tick() {
        guard periodic, ContinuousClock.now >= nextReport else { return }
        nextReport = ContinuousClock.now.advanced(by: .seconds(1))
        player.refreshStatistics()
        reporter.stats(player.currentMetrics, playback: player.playback)
    }

    /// After the player shut down: reports the entries still on their way, then the summary.
    func finish() async {
        await entries?.value
        reporter.summary(player.currentMetrics)
    }
}

/// An item's figures in a JSON record: durations in seconds (to the millisecond), bit rates in
/// bits per second, absent values left out.
struct MetricsRecord: Encodable, Sendable {
    var item: UInt64
    var url: String?
    var title: String?
    var start: String
    var end: String?
    var endReason: String?
    var timeToFirstFrame: Double?
    var startupTime: Double?
    var playing: Double
    var stalls: Int
    var stallDuration: Double
    var rebufferingRatio: Double?
    var indicatedBitrate: Double?
    var observedBitrate: Double?
    var videoBitrate: Double?
    var audioBitrate: Double?
    var bytesTransferred: Int64?
    var droppedFrames: Int?
    var decoderDroppedFrames: Int?
    var delayedFrames: Int?
    var decoder: String?
    var videoTrack: Int?

    init(_ metrics: ItemMetrics, end: Date? = nil, endReason: EndReason? = nil) {
        let round = JSONRecord.rounded
        item = metrics.itemID.rawValue
        url = metrics.url?.absoluteString
        title = metrics.title
        start = JSONRecord.date(metrics.startDate)
        self.end = end.map(JSONRecord.date)
        self.endReason = endReason?.identifier
        timeToFirstFrame = metrics.timeToFirstFrame.map(round)
        startupTime = metrics.startupTime.map(round)
        playing = round(metrics.playingDuration)
        stalls = metrics.stallCount
        stallDuration = round(metrics.stallDuration)
        rebufferingRatio = metrics.rebufferingRatio.map { ($0 * 10000).rounded() / 10000 }
        indicatedBitrate = metrics.indicatedBitrate?.rounded()
        observedBitrate = metrics.observedBitrate?.rounded()
        videoBitrate = metrics.videoBitrate?.rounded()
        audioBitrate = metrics.audioBitrate?.rounded()
        bytesTransferred = metrics.bytesTransferred
        droppedFrames = metrics.droppedFrames
        decoderDroppedFrames = metrics.decoderDroppedFrames
        delayedFrames = metrics.delayedFrames
        decoder = metrics.decoder
        videoTrack = metrics.videoTrackID
    }
}

/// The session's figures in a JSON record.
struct SessionRecord: Encodable, Sendable {
    var start: String
    var items: Int
    var failedItems: Int
    var playing: Double
    var stalls: Int
    var stallDuration: Double
    var rebufferingRatio: Double?
    var bytesTransferred: Int64
    var droppedFrames: Int
    var averageTimeToFirstFrame: Double?

    init(_ session: SessionMetrics) {
        start = JSONRecord.date(session.startDate)
        items = session.itemCount
        failedItems = session.failedItemCount
        playing = JSONRecord.rounded(session.playingDuration)
        stalls = session.stallCount
        stallDuration = JSONRecord.rounded(session.stallDuration)
        rebufferingRatio = session.rebufferingRatio.map { ($0 * 10000).rounded() / 10000 }
        bytesTransferred = session.bytesTransferred
        droppedFrames = session.droppedFrames
        averageTimeToFirstFrame = session.averageTimeToFirstFrame.map(JSONRecord.rounded)
    }
}

extension JSONRecord {
    /// An access-log entry.
    static func access(_ entry: AccessLogEntry) -> JSONRecord {
        var record = JSONRecord(event: "accessLog")
        record.item = entry.metrics.itemID.rawValue
        record.metrics = MetricsRecord(entry.metrics, end: entry.endDate, endReason: entry.endReason)
        return record
    }

    /// An error-log entry: the error's fields, the item, and the engine's last lines.
    static func errorLog(_ entry: ErrorLogEntry) -> JSONRecord {
        var record = JSONRecord.error(entry.error, command: entry.command)
        record.event = "errorLog"
        record.item = entry.itemID?.rawValue
        record.url = entry.url?.absoluteString
        record.date = date(entry.date)
        record.engineLog = entry.engineLog
        return record
    }

    /// The figures now (`metrics`) or at the end (`summary`).
    static func metrics(_ metrics: PlaybackMetrics, event: String) -> JSONRecord {
        var record = JSONRecord(event: event)
        record.item = metrics.item?.itemID.rawValue
        record.metrics = metrics.item.map { MetricsRecord($0) }
        record.session = SessionRecord(metrics.session)
        return record
    }

    /// A date in ISO 8601 with milliseconds.
    static func date(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}

extension JSONReporter {
    func report(_ entry: MetricsLogEntry) {
        switch entry {
        case .access(let access): Console.out(JSONRecord.access(access).line())
        case .error(let error): Console.out(JSONRecord.errorLog(error).line())
        }
    }

    func stats(_ metrics: PlaybackMetrics, playback: PlaybackInfo) {
        Console.out(JSONRecord.metrics(metrics, event: "metrics").line())
    }

    func summary(_ metrics: PlaybackMetrics) { Console.out(JSONRecord.metrics(metrics, event: "summary").line()) }
}

extension StatusPrinter {
    func report(_ entry: MetricsLogEntry) {
        guard case .error(let error) = entry, showsMetrics else { return }
        for line in error.engineLog { printLine("  \(line)", toError: true) }
    }

    /// Prints the figures every five seconds: a block of lines each second would bury the rest.
    func stats(_ metrics: PlaybackMetrics, playback: PlaybackInfo) {
        let now = ContinuousClock.now
        if let lastStats, now < lastStats.advanced(by: .seconds(5)) { return }
        lastStats = now
        printBlock(StatisticsOverlay.lines(metrics, playback: playback, strings: .english))
    }

    func summary(_ metrics: PlaybackMetrics) {
        guard showsMetrics else { return }
        printBlock(
            StatisticsOverlay.lines(
                PlaybackMetrics(item: nil, session: metrics.session), playback: .init(), strings: .english))
    }

    private func printBlock(_ lines: [String]) {
        for (index, line) in lines.enumerated() { printLine((index == 0 ? "ⓘ " : "  ") + line) }
    }
}
