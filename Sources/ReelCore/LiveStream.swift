import Foundation

extension URLPolicy {
    /// The schemes of live sources beyond HTTP: RTSP (IP cameras), RTMP and SRT. None is in
    /// ``standard``: an app opts in with ``allowing(_:)`` (`reel play --allow-scheme rtsp`), and an
    /// engine opens them with low-latency settings (no cache; the stream is played as it comes).
    public static let liveSchemes: Set<String> = ["rtsp", "rtsps", "rtmp", "rtmps", "srt"]

    /// Whether `url` names a live source beyond HTTP (``liveSchemes``).
    public static func isLiveSource(_ url: URL) -> Bool {
        url.scheme.map { liveSchemes.contains($0.lowercased()) } == true
    }
}

extension PlaybackInfo {
    /// How far behind the live edge playback may be and still count as live (``isAtLiveEdge(at:)``):
    /// FFmpeg's HLS demuxer starts three segments before the newest, so a few seconds behind is
    /// where a live stream plays.
    public static let liveEdgeTolerance: TimeInterval = 5

    /// The span of a live stream that can be sought in (the DVR window), in media time; nil
    /// unless the item is live and the engine holds some of it.
    ///
    /// With libmpv this is what the engine's cache holds of the stream since it was opened (mpv's
    /// `seekable-ranges`), not the server's playlist window: FFmpeg's HLS demuxer cannot seek in
    /// a live playlist, so what was never downloaded cannot be reached.
    public var liveWindow: TimeRange? {
        guard isLive, let last = bufferedRanges.max(by: { $0.end < $1.end }) else { return nil }
        return last
    }

    /// The newest media time of a live stream the engine holds: the end of ``liveWindow``.
    public var liveEdge: TimeInterval? { liveWindow?.end }

    /// How many seconds playback is behind the live edge at `now`; nil unless live.
    public func behindLive(at now: HostTime = .now) -> TimeInterval? {
        liveEdge.map { max(0, $0 - position(at: now)) }
    }

    /// Whether a live stream plays at (or within ``liveEdgeTolerance`` of) its live edge.
    public func isAtLiveEdge(at now: HostTime = .now) -> Bool {
        behindLive(at: now).map { $0 <= Self.liveEdgeTolerance } == true
    }
}
