import CMPV
import Foundation
import ReelCore

/// Live streams and adaptive streams on libmpv: the per-item options a live source opens with,
/// how the engine tells a live stream, and how a variant is chosen.
extension MPVEngine {
    /// The FFmpeg protocols a live source's scheme needs besides those every item may use: RTSP
    /// is opened by libavformat's RTSP demuxer itself, which sends its media over RTP on UDP or
    /// TCP. (RTMP and SRT are read by libmpv's stream layer and need nothing more.)
    static let liveProtocols = "rtsp,rtsps,rtp,srtp,udp"

    /// The per-file options for `url`: a network item may seek in what the engine's cache holds
    /// (`force-seekable`, so a live stream's DVR window can be sought in); a live source beyond
    /// HTTP (``ReelCore/URLPolicy/liveSchemes``) plays with low latency — no cache, no pause to
    /// fill one — and may use the protocols it needs.
    static func streamOptions(for url: URL) -> [String: MPVNode] {
        guard !url.isFileURL else { return [:] }
        var options: [String: MPVNode] = ["force-seekable": .string("yes")]
        if URLPolicy.isLiveSource(url) {
            options["cache"] = .string("no")
            options["cache-pause"] = .string("no")
            options["demuxer-lavf-o"] = .string(MPVOptions.lavfOptions(extraProtocols: liveProtocols, patience: nil))
        }
        return options
    }

    /// The calls that play `quality`: the engine's choice again (`auto`), or the variant's video
    /// track and, when it has one, its audio track.
    static func streamingQualityCall(_ quality: StreamingQuality) -> Call {
        switch quality {
        case .auto:
            return .set([Property(name: "vid", value: .string("auto")), Property(name: "aid", value: .string("auto"))])
        case .variant(let variant):
            var properties = [Property(name: "vid", value: .int(Int64(variant.id)))]
            if let audio = variant.audioTrackID { properties.append(Property(name: "aid", value: .int(Int64(audio)))) }
            return .set(properties)
        }
    }

    /// Whether the item opened from `url` is live: a live source beyond HTTP, or an HLS stream
    /// that libmpv can seek in only through its cache (`partially-seekable`: a playlist without
    /// `#EXT-X-ENDLIST`, which FFmpeg's HLS demuxer cannot seek in).
    static func isLive(url: URL, format: String?, partiallySeekable: Bool) -> Bool {
        URLPolicy.isLiveSource(url) || (format == "hls" && partiallySeekable)
    }
}

extension EventPump {
    /// Reads, once the item is open, whether it is live (``MPVEngine/isLive(url:format:partiallySeekable:)``).
    static func liveChange(handle: MPVHandle, url: URL) -> PropertyChange {
        func text(_ name: String) -> String? {
            guard let value = mpv_get_property_string(handle.pointer, name) else { return nil }
            defer { mpv_free(value) }
            return String(cString: value)
        }
        let live = MPVEngine.isLive(
            url: url, format: text("file-format"), partiallySeekable: text("partially-seekable") == "yes")
        return .live(live)
    }
}
