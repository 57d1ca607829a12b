import Foundation

/// One rendition of an adaptive stream (an HLS variant or a DASH representation): its picture
/// size and, when the engine knows it, its bit rate.
///
/// FFmpeg's HLS and DASH demuxers (which libmpv plays them with) open every variant and show
/// each as its own video track (and, where the variants carry their own sound, audio track), so
/// a variant is named by its video track.
public struct StreamVariant: Hashable, Sendable, Identifiable, Codable {
    /// The video track that carries the variant (``Track/id``).
    public var id: Int
    /// The audio track of the same variant, when each variant carries its own sound.
    public var audioTrackID: Int?
    /// The picture's width in pixels, when known.
    public var width: Int?
    /// The picture's height in pixels, when known.
    public var height: Int?
    /// Bits per second, when the engine reports it (libmpv 0.35 does not for HLS variants).
    public var bitrate: Int?

    /// Creates a variant.
    public init(id: Int, audioTrackID: Int? = nil, width: Int? = nil, height: Int? = nil, bitrate: Int? = nil) {
        self.id = id
        self.audioTrackID = audioTrackID
        self.width = width
        self.height = height
        self.bitrate = bitrate
    }

    /// A short name for a menu: `"720p"`, `"720p · 2.5 Mb/s"`, or the track number.
    public var displayName: String {
        displayName(
            bitrate: { $0 >= 1_000_000 ? String(format: "%.1f Mb/s", Double($0) / 1_000_000) : "\($0 / 1000) kb/s" },
            untitled: "Variant \(id)")
    }

    /// The picture's height and the bit rate as `bitrate` writes it (`"720p · 2,5 Mbit/s"`), or
    /// `untitled` when neither is known: a menu passes its own language's words and numbers.
    public func displayName(bitrate: (Int) -> String, untitled: @autoclosure () -> String) -> String {
        var parts: [String] = []
        if let height { parts.append("\(height)p") }
        if let bits = self.bitrate { parts.append(bitrate(bits)) }
        return parts.isEmpty ? untitled() : parts.joined(separator: " · ")
    }
}

/// Which variant of an adaptive stream plays.
///
/// With libmpv, ``auto`` is the engine's own choice when the stream opens: the variant with the
/// highest bit rate (mpv's `hls-bitrate=max`). It is kept for the whole item: FFmpeg's HLS
/// demuxer does not adapt to the bandwidth, so a slow network stalls instead of stepping down.
/// A fixed ``variant(_:)`` plays that variant alone.
public enum StreamingQuality: Hashable, Sendable {
    /// The engine's choice (see the type's documentation for what it means with libmpv).
    case auto
    /// This variant, fixed.
    case variant(StreamVariant)
}

extension PlaybackInfo {
    /// The variants of an adaptive stream (HLS or DASH) from the highest picture down; empty for
    /// anything else, and for a stream with a single variant.
    ///
    /// Each video track of an HLS or DASH item is a variant. When there are as many audio tracks
    /// as video tracks, each variant carries its own sound and the audio track at the same place
    /// is its sound (``StreamVariant/audioTrackID``).
    public var variants: [StreamVariant] {
        guard container == "hls" || container == "dash" else { return [] }
        let videos = tracks(.video).filter { !$0.isExternal }
        guard videos.count > 1 else { return [] }
        let audios = tracks(.audio).filter { !$0.isExternal }
        let paired = audios.count == videos.count
        return videos.enumerated().map { index, track in
            StreamVariant(
                id: track.id, audioTrackID: paired ? audios[index].id : nil, width: track.width,
                height: track.height, bitrate: track.bitrate)
        }
        .sorted { ($0.height ?? 0, $0.bitrate ?? 0) > ($1.height ?? 0, $1.bitrate ?? 0) }
    }

    /// The variant that plays now (the selected video track), if the item has variants.
    public var currentVariant: StreamVariant? {
        let selected = selectedTrack(.video)?.id
        return variants.first { $0.id == selected }
    }
}
