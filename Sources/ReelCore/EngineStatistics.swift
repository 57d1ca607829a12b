import Foundation

/// Figures an engine counts while an item plays that no other event reports: dropped frames,
/// bit rates, the network's input rate, bytes transferred.
///
/// An engine reports them as ``PropertyChange/statistics(_:)`` when asked
/// (``EngineCommand/reportStatistics``) and by itself when an item reaches its end, never per frame.
/// The counts are the item's totals so far; a value the engine does not know is `nil`.
/// (libmpv's names: `frame-drop-count`, `decoder-frame-drop-count`, `vo-delayed-frame-count`,
/// `video-bitrate`, `audio-bitrate`, `demuxer-cache-state`'s `raw-input-rate` and
/// `cache-duration`.)
public struct EngineStatistics: Hashable, Sendable, Codable {
    /// Frames the video output dropped to keep in sync.
    public var droppedFrames: Int?
    /// Frames the decoder skipped to keep up.
    public var decoderDroppedFrames: Int?
    /// Frames the video output showed late.
    public var delayedFrames: Int?
    /// The video's bit rate in bits per second, measured on the packets decoded in the last second.
    public var videoBitrate: Double?
    /// The sound's bit rate in bits per second, measured like ``videoBitrate``.
    public var audioBitrate: Double?
    /// How fast the source's bytes arrive, in bytes per second (network items; a local file's
    /// reads count too).
    public var inputRate: Double?
    /// Bytes read from the source since the item started, estimated from the input rate over
    /// the engine's one-second windows.
    public var bytesTransferred: Int64?
    /// Seconds of media the cache holds ahead of the position.
    public var cachedDuration: TimeInterval?

    /// Creates a sample; every figure defaults to unknown.
    public init(
        droppedFrames: Int? = nil, decoderDroppedFrames: Int? = nil, delayedFrames: Int? = nil,
        videoBitrate: Double? = nil, audioBitrate: Double? = nil, inputRate: Double? = nil,
        bytesTransferred: Int64? = nil, cachedDuration: TimeInterval? = nil
    ) {
        self.droppedFrames = droppedFrames
        self.decoderDroppedFrames = decoderDroppedFrames
        self.delayedFrames = delayedFrames
        self.videoBitrate = videoBitrate
        self.audioBitrate = audioBitrate
        self.inputRate = inputRate
        self.bytesTransferred = bytesTransferred
        self.cachedDuration = cachedDuration
    }
}
