import Foundation

/// How one item played (or one span of it, in an ``AccessLogEntry``): SuperPlayer's access-log
/// figures, Media3's `PlaybackStats`.
///
/// Durations are in seconds, bit rates in bits per second. A figure the engine has not
/// reported is `nil`, never `0`.
public struct ItemMetrics: Hashable, Sendable {
    /// The request the item was loaded with.
    public var itemID: ItemID
    /// The item's address, when the player asked for it.
    public var url: URL?
    /// The item's title, when it has one.
    public var title: String?
    /// When the item (or the span) began.
    public var startDate: Date
    /// Seconds from the item's start to its first frame (its first sound, without video).
    public var timeToFirstFrame: TimeInterval?
    /// Seconds from the item's start until it first played (`PlayerState.playing`); nil while
    /// it has not (an item loaded paused starts when it is first played).
    public var startupTime: TimeInterval?
    /// Seconds spent playing (not paused, stalled, seeking or opening).
    public var playingDuration: TimeInterval = 0
    /// How many times playback stalled for the network after the first frame, while it should
    /// play (`buffering(reason: .toMinimizeStalls)`).
    public var stallCount = 0
    /// Seconds spent in those stalls.
    public var stallDuration: TimeInterval = 0
    /// The declared bit rate of what plays: the variant's, or the selected tracks' together.
    public var indicatedBitrate: Double?
    /// The network's bit rate as last sampled (the input rate in bits).
    public var observedBitrate: Double?
    /// The video's measured bit rate as last sampled.
    public var videoBitrate: Double?
    /// The sound's measured bit rate as last sampled.
    public var audioBitrate: Double?
    /// Bytes read from the source (an estimate; see ``EngineStatistics/bytesTransferred``).
    public var bytesTransferred: Int64?
    /// Frames the video output dropped.
    public var droppedFrames: Int?
    /// Frames the decoder skipped.
    public var decoderDroppedFrames: Int?
    /// Frames shown late.
    public var delayedFrames: Int?
    /// The video decoder: the codec and how it decodes, such as `"h264 (software)"` or
    /// `"hevc (vaapi)"`; nil without video.
    public var decoder: String?
    /// The video track that played (an adaptive stream's variant).
    public var videoTrackID: Int?

    /// Creates the figures of an item that has just started.
    public init(itemID: ItemID, url: URL? = nil, title: String? = nil, startDate: Date) {
        self.itemID = itemID
        self.url = url
        self.title = title
        self.startDate = startDate
    }

    /// Stall time over stall and playing time, 0…1; nil before anything played or stalled.
    public var rebufferingRatio: Double? { Self.ratio(stall: stallDuration, playing: playingDuration) }

    static func ratio(stall: TimeInterval, playing: TimeInterval) -> Double? {
        let total = stall + playing
        return total > 0 ? min(1, max(0, stall / total)) : nil
    }
}

/// How a whole session played: every item a player started, the current one included.
public struct SessionMetrics: Hashable, Sendable {
    /// When the session began (the player was created).
    public var startDate: Date
    /// Items started.
    public var itemCount = 0
    /// Items that failed.
    public var failedItemCount = 0
    /// Seconds spent playing.
    public var playingDuration: TimeInterval = 0
    /// Stalls after a first frame while playback should go on.
    public var stallCount = 0
    /// Seconds spent in those stalls.
    public var stallDuration: TimeInterval = 0
    /// Bytes read from the sources (estimated).
    public var bytesTransferred: Int64 = 0
    /// Frames the video output dropped.
    public var droppedFrames = 0
    /// The mean time to first frame of the items that showed one.
    public var averageTimeToFirstFrame: TimeInterval?

    /// Creates the figures of a session that has just begun.
    public init(startDate: Date) { self.startDate = startDate }

    /// Stall time over stall and playing time, 0…1; nil before anything played or stalled.
    public var rebufferingRatio: Double? { ItemMetrics.ratio(stall: stallDuration, playing: playingDuration) }
}

/// A player's figures at one moment: the current item's and the session's.
public struct PlaybackMetrics: Hashable, Sendable {
    /// The item playing now; nil when none is loaded.
    public var item: ItemMetrics?
    /// The whole session, the current item included.
    public var session: SessionMetrics

    /// Creates the figures.
    public init(item: ItemMetrics?, session: SessionMetrics) {
        self.item = item
        self.session = session
    }
}

/// One entry of the access log: an item from its start (or its last variant change) to its end
/// (or its next variant change), as AVPlayer's `AVPlayerItemAccessLogEvent`.
public struct AccessLogEntry: Hashable, Sendable {
    /// The span's figures. Counts and durations are the span's own; the time to first frame and
    /// the startup time are on the item's first entry only.
    public var metrics: ItemMetrics
    /// When the span ended.
    public var endDate: Date
    /// How the item ended; nil when the span ended with a variant change (or the engine's end).
    public var endReason: EndReason?

    /// Creates an entry.
    public init(metrics: ItemMetrics, endDate: Date, endReason: EndReason?) {
        self.metrics = metrics
        self.endDate = endDate
        self.endReason = endReason
    }
}

/// One entry of the error log: a failed item or a failed command, as AVPlayer's
/// `AVPlayerItemErrorLogEvent`.
public struct ErrorLogEntry: Hashable, Sendable {
    /// When it failed.
    public var date: Date
    /// The item playing (or failing), if any.
    public var itemID: ItemID?
    /// That item's address, when known.
    public var url: URL?
    /// The typed error.
    public var error: PlayerError
    /// The command that failed, for a command's failure; nil when the item failed.
    public var command: EngineCommand?

    /// Creates an entry.
    public init(date: Date, itemID: ItemID?, url: URL?, error: PlayerError, command: EngineCommand? = nil) {
        self.date = date
        self.itemID = itemID
        self.url = url
        self.error = error
        self.command = command
    }

    /// The engine's last words about it: its error text and last log lines (the error's
    /// ``PlayerError/engineDetail``, one element a line).
    public var engineLog: [String] {
        guard let detail = error.engineDetail, !detail.isEmpty else { return [] }
        return detail.components(separatedBy: " | ")
    }
}

/// A new entry of a player's access log or error log.
public enum MetricsLogEntry: Hashable, Sendable {
    /// An item, or a span of it between variant changes, ended.
    case access(AccessLogEntry)
    /// An item or a command failed.
    case error(ErrorLogEntry)
}
