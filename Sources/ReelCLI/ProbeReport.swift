import Foundation
import ReelComposable
import ReelCore

/// What `reel probe` found out about an item: printed as text, or as JSON with `--json`.
///
/// Unknown values are nil: left out of the JSON, and shown as `—` in the text.
struct ProbeReport: Encodable, Sendable {
    /// The item's address.
    var url: String
    /// The title the engine derived (the container's title tag, else the file name).
    var title: String?
    /// The container format, such as `matroska` or `mov,mp4,m4a,3gp,3g2,mj2`.
    var container: String?
    /// The duration in seconds; nil when unknown or live.
    var duration: Double?
    /// The average bit rate in bits per second, from the file's size and duration. Local files
    /// only: the engine does not report bit rates yet.
    var bitrate: Int?
    /// The file's size in bytes, for local files.
    var fileSize: Int?
    /// Whether the item can be seeked.
    var seekable: Bool?
    /// The decoded picture's geometry, when a video track is selected.
    var video: VideoGeometry?
    /// Every track, with every field the engine reports.
    var tracks: [Track]
    /// The chapters.
    var chapters: [Chapter]
    /// The container's metadata tags.
    var metadata: [String: String]

    /// Builds the report from a player's state after the item opened.
    init(url: URL, playback: PlaybackInfo) {
        self.url = url.isFileURL ? url.path : url.absoluteString
        title = playback.engineTitle
        container = playback.container
        duration = playback.duration
        seekable = playback.isSeekable
        video = playback.video
        tracks = playback.tracks
        chapters = playback.chapters
        metadata = playback.metadata
        if url.isFileURL, let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int {
            fileSize = size
            if let duration, duration > 0 { bitrate = Int((Double(size) * 8 / duration).rounded()) }
        }
        // Without a file size, the streams' declared bit rates are the best estimate.
        let declared = playback.tracks.compactMap(\.bitrate)
        if bitrate == nil, !declared.isEmpty { bitrate = declared.reduce(0, +) }
    }

    /// The report as pretty-printed JSON with sorted keys, ending with a newline.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// The report as text for people.
    func text() -> String {
        var lines = [
            field("File", url),
            field("Title", title),
            field("Container", container),
            field("Duration", duration.map(Self.duration) ?? "unknown / live"),
            field("Bit rate", bitrate.map(Self.bitrate) ?? "unknown"),
            field("Size", fileSize.map { "\($0) bytes" }),
            field("Seekable", seekable.map { $0 ? "yes" : "no" }),
            field("Picture", video.map(Self.geometry)),
            "Tracks (\(tracks.count)):",
        ]
        lines += tracks.flatMap(Self.trackLines)
        lines.append("Chapters (\(chapters.count)):")
        lines += chapters.enumerated().map { index, chapter in
            "  \(index + 1). \(TimeLabel.format(chapter.start))  \(chapter.title ?? "—")"
        }
        lines.append("Metadata (\(metadata.count)):")
        lines += metadata.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }
        return lines.joined(separator: "\n") + "\n"
    }

    private func field(_ name: String, _ value: String?) -> String {
        (name + ":").padding(toLength: 11, withPad: " ", startingAt: 0) + (value ?? "—")
    }

    private static func trackLines(_ track: Track) -> [String] {
        func flag(_ value: Bool) -> String { value ? "yes" : "no" }
        func value<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "—" }
        return [
            "  \(track.kind.rawValue) #\(track.id): codec \(value(track.codec)), language \(value(track.language)), "
                + "title \(track.title.map { "\"\($0)\"" } ?? "—")",
            "      default \(flag(track.isDefault)), forced \(flag(track.isForced)), "
                + "external \(flag(track.isExternal)), selected \(flag(track.isSelected))",
            "      width \(value(track.width)), height \(value(track.height)), "
                + "frame rate \(track.frameRate.map { String(format: "%.3f", $0) } ?? "—"), "
                + "channels \(value(track.channelCount)), sample rate \(value(track.sampleRate)), "
                + "bit rate \(track.bitrate.map(bitrate) ?? "—")",
        ]
    }

    private static func duration(_ seconds: Double) -> String {
        "\(TimeLabel.format(seconds)) (\(String(format: "%.3f", seconds)) s)"
    }

    private static func bitrate(_ bitsPerSecond: Int) -> String {
        let kilobits = Double(bitsPerSecond) / 1000
        let text =
            kilobits >= 1000 ? String(format: "%.2f Mbit/s", kilobits / 1000) : String(format: "%.0f kbit/s", kilobits)
        return text + " (average over the file)"
    }

    private static func geometry(_ video: VideoGeometry) -> String {
        var text = "\(video.width)×\(video.height)"
        if video.displayWidth != video.width || video.displayHeight != video.height {
            text += ", shown as \(video.displayWidth)×\(video.displayHeight)"
        }
        if video.rotation != 0 { text += ", rotated \(video.rotation)°" }
        return text
    }
}
