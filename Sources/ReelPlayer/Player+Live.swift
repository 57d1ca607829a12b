import Foundation
import ReelComposable
import ReelCore

/// Live streams and adaptive streams.
extension Player {
    /// Whether the item is a live stream (an HLS playlist without an end, RTSP, RTMP, SRT).
    public var isLive: Bool { playback.isLive }

    /// The span of a live stream that can be sought in (the DVR window); nil unless live. See
    /// ``/ReelCore/PlaybackInfo/liveWindow`` for what it holds with libmpv.
    public var liveWindow: TimeRange? { playback.liveWindow }

    /// How many seconds playback is behind the live edge, as the controls show it; nil unless live.
    public var behindLive: TimeInterval? { store.state.behindLive }

    /// Jumps to the live edge of a live stream and plays; does nothing for other items.
    public func goLive() throws(PlayerError) { try perform(.live(.goLiveRequested)) }

    /// The variants of an adaptive stream (HLS, DASH), from the highest picture down; empty for
    /// anything else.
    public var variants: [StreamVariant] { playback.variants }

    /// Which variant plays: ``/ReelCore/StreamingQuality/auto`` or the one fixed.
    public var streamingQuality: StreamingQuality { playback.streamingQuality }

    /// Plays the engine's choice of the variants (``/ReelCore/StreamingQuality/auto``) or one fixed.
    public func setStreamingQuality(_ quality: StreamingQuality) throws(PlayerError) {
        try perform(.live(.qualitySelected(quality)))
    }
}
