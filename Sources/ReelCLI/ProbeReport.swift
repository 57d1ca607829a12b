import Foundation
import ReelComposable
import ReelProbe

/// What `reel probe` prints: ReelProbe's ``ProbedMedia`` with the file's size and whether it can
/// be played here, as text, or as JSON with `--json`.
///
/// Unknown values are nil: left out of the JSON, and shown as `—` in the text.
struct ProbeReport: Encodable, Sendable {
    /// The item's path (a file) or address.
    var url: String
    /// The container's title tag.
    var title: String?
    /// FFmpeg's demuxer name, such as `matroska,webm`, and its description.
    var container: String
    var containerDescription: String?
    /// Seconds; nil when unknown or live.
    var duration: Double?
    var startTime: Double?
    /// Bits per second over the whole container.
    var bitRate: Int?
    /// The file's size in bytes, for local files.
    var fileSize: Int?
    /// Whether an audio or video stream can be decoded here, and why not.
    var playable: Bool
    var unplayableReason: String?
    var streams: [ProbedStream]
    var chapters: [ProbedChapter]
    var programs: [ProbedProgram]
    var metadata: [String: String]

    init(_ media: ProbedMedia) {
        url = media.url.isFileURL ? media.url.path : media.url.absoluteString
        title = media.title
        container = media.container
        containerDescription = media.containerDescription
        duration = media.duration
        startTime = media.startTime
        bitRate = media.bitRate
        if media.url.isFileURL {
            fileSize = (try? FileManager.default.attributesOfItem(atPath: media.url.path))?[.size] as? Int
        }
        playable = media.isPlayable
        unplayableReason = media.unplayableReason
        streams = media.streams
        chapters = media.chapters
        programs = media.programs
        metadata = media.metadata
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
            field("Container", container + (containerDescription.map { " (\($0))" } ?? "")),
            field("Duration", duration.map(Self.duration) ?? "unknown / live"),
            field("Start", startTime.map { String(format: "%.3f s", $0) }),
            field("Bit rate", bitRate.map(Self.bitRate) ?? "unknown"),
            field("Size", fileSize.map { "\($0) bytes" }),
            field("Playable", unplayableReason.map { "no, not playable here: \($0)" } ?? "yes"),
            "Streams (\(streams.count)):",
        ]
        lines += streams.flatMap(Self.streamLines)
        lines.append("Chapters (\(chapters.count)):")
        lines += chapters.enumerated().map { index, chapter in
            "  \(index + 1). \(TimeLabel.format(chapter.start))–\(TimeLabel.format(chapter.end))  \(chapter.title ?? "—")"
        }
        if !programs.isEmpty {
            lines.append("Programs / variants (\(programs.count)):")
            lines += programs.map { program in
                "  #\(program.id): \(program.bitRate.map(Self.bitRate) ?? "bit rate unknown"), streams "
                    + program.streams.map(String.init).joined(separator: ", ")
            }
        }
        lines.append("Metadata (\(metadata.count)):")
        lines += metadata.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }
        return lines.joined(separator: "\n") + "\n"
    }

    private func field(_ name: String, _ value: String?) -> String {
        (name + ":").padding(toLength: 11, withPad: " ", startingAt: 0) + (value ?? "—")
    }

    private static func streamLines(_ stream: ProbedStream) -> [String] {
        var summary = ["\(stream.codec)" + (stream.profile.map { " (\($0))" } ?? "")]
        if let video = stream.video {
            var picture = "\(video.width)×\(video.height)"
            if video.displayWidth != video.width || video.displayHeight != video.height {
                picture += ", shown as \(video.displayWidth)×\(video.displayHeight)"
            }
            if let rotation = video.rotation, rotation != 0 {
                picture += ", rotated \(String(format: "%g", rotation))°"
            }
            summary.append(picture)
            if let rate = video.frameRate { summary.append(String(format: "%.3f fps", rate)) }
            if let format = video.pixelFormat { summary.append(format) }
        }
        if let audio = stream.audio {
            if let rate = audio.sampleRate { summary.append("\(rate) Hz") }
            summary.append(
                "\(audio.channels) channel\(audio.channels == 1 ? "" : "s")"
                    + (audio.channelLayout.map { " (\($0))" } ?? ""))
            if let format = audio.sampleFormat { summary.append(format) }
        }
        if let bitRate = stream.bitRate { summary.append(Self.bitRate(bitRate)) }
        if let language = stream.language { summary.append("language \(language)") }
        if let title = stream.title { summary.append("title \"\(title)\"") }
        if !stream.disposition.isEmpty { summary.append(stream.disposition.description) }
        let decoding =
            stream.isDecodable
            ? "decodable: yes" + (stream.decoder.map { " (\($0) decoder)" } ?? "")
            : "decodable: no, \(stream.undecodableReason ?? "no reason given")"
        return ["  #\(stream.index) \(stream.kind.rawValue): " + summary.joined(separator: ", "), "      " + decoding]
    }

    private static func duration(_ seconds: Double) -> String {
        "\(TimeLabel.format(seconds)) (\(String(format: "%.3f", seconds)) s)"
    }

    private static func bitRate(_ bitsPerSecond: Int) -> String {
        let kilobits = Double(bitsPerSecond) / 1000
        return kilobits >= 1000
            ? String(format: "%.2f Mbit/s", kilobits / 1000) : String(format: "%.0f kbit/s", kilobits)
    }
}
