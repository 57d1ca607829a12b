import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelDrawing
import ReelPreview
import ReelProbe

/// The lines above a contact sheet's tiles, as vcsi and mtn print them: the file's name, then
/// its size, duration and bit rate, its picture and video codec, and its sound.
///
/// ```text
/// clip.mp4
/// Size: 12.4 MiB   Duration: 0:02:00   Bit rate: 843 kb/s
/// Video: h264 (High), 1920×1080, 30 fps
/// Audio: aac (LC), 48 kHz, stereo
/// ```
struct ContactSheetHeader: Equatable {
    /// The title line (the file's name).
    var title: String
    /// The lines below it.
    var details: [String]

    /// Pixels around the text.
    static let padding = 10
    /// The title's font.
    static let titleFont = Font(size: 18, weight: .bold)
    /// The other lines' font.
    static let detailFont = Font(size: 14)
    /// The text's colour.
    static let textColor = Color(red: 0.92, green: 0.92, blue: 0.92)

    /// The header of `name`: `media` is what a probe read (nil when it failed: the line of what
    /// is missing then says so), `fileSize` the bytes of a local file, `duration` the
    /// thumbnails' own duration, used when the probe has none.
    init(name: String, fileSize: Int64?, media: ProbedMedia?, duration: Double) {
        title = name
        var summary: [String] = []
        if let fileSize { summary.append("Size: \(Self.size(fileSize))") }
        let seconds = media?.duration ?? duration
        summary.append("Duration: \(TimeLabel.format(seconds))")
        if let bitRate = media?.bitRate ?? media.flatMap({ Self.bitRate(fileSize: fileSize, duration: $0.duration) }) {
            summary.append("Bit rate: \(Self.kilobits(bitRate))")
        }
        details = [summary.joined(separator: "   ")]
        guard let media else {
            details.append("Streams: not read")
            return
        }
        let videos = media.streams.filter { $0.kind == .video && !$0.disposition.contains(.attachedPicture) }
        let audios = media.streams.filter { $0.kind == .audio }
        details.append("Video: " + (videos.first.map(Self.describeVideo) ?? "none") + Self.more(videos.count))
        details.append("Audio: " + (audios.first.map(Self.describeAudio) ?? "none") + Self.more(audios.count))
    }

    /// All lines, the title first.
    var lines: [String] { [title] + details }

    /// The header's height in pixels.
    var height: Int {
        2 * Self.padding + Int(Self.titleFont.size * 1.4) + details.count * Int(Self.detailFont.size * 1.5)
    }

    /// The header drawn `width` pixels wide on `background` (text with Pango).
    /// - Throws: ``ThumbnailError/Code/unknown`` when cairo cannot draw it.
    @MainActor
    func render(width: Int, background: Bitmap.Color) throws(ThumbnailError) -> Bitmap {
        let frame = FrameBuffer(width: width, height: height)
        let canvas: CairoCanvas
        do {
            canvas = try CairoCanvas(frame: frame)
        } catch {
            throw ThumbnailError(.unknown, message: "The header could not be drawn.", detail: error.message)
        }
        let fill = Color(
            red: Double(background.red) / 255, green: Double(background.green) / 255,
            blue: Double(background.blue) / 255)
        canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), color: fill)
        let left = Double(Self.padding)
        var y = Double(Self.padding)
        let titleHeight = Double(Int(Self.titleFont.size * 1.4))
        canvas.drawText(
            title, at: Point(x: left, y: y + titleHeight / 2), font: Self.titleFont, color: Self.textColor,
            alignment: .leading)
        y += titleHeight
        let lineHeight = Double(Int(Self.detailFont.size * 1.5))
        for line in details {
            canvas.drawText(
                line, at: Point(x: left, y: y + lineHeight / 2), font: Self.detailFont, color: Self.textColor,
                alignment: .leading)
            y += lineHeight
        }
        let rgb = frame.rgbBytes()
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for index in 0..<(width * height) {
            pixels[index * 4] = rgb[index * 3]
            pixels[index * 4 + 1] = rgb[index * 3 + 1]
            pixels[index * 4 + 2] = rgb[index * 3 + 2]
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// `h264 (High), 1920×1080, 30 fps`.
    static func describeVideo(_ stream: ProbedStream) -> String {
        var parts = [stream.codec + (stream.profile.map { " (\($0))" } ?? "")]
        if let video = stream.video {
            parts.append("\(video.displayWidth)×\(video.displayHeight)")
            if let rate = video.averageFrameRate ?? video.frameRate, rate > 0 { parts.append("\(number(rate)) fps") }
        }
        if let bitRate = stream.bitRate { parts.append(kilobits(bitRate)) }
        return parts.joined(separator: ", ")
    }

    /// `aac (LC), 48 kHz, stereo`.
    static func describeAudio(_ stream: ProbedStream) -> String {
        var parts = [stream.codec + (stream.profile.map { " (\($0))" } ?? "")]
        if let audio = stream.audio {
            if let rate = audio.sampleRate { parts.append("\(number(Double(rate) / 1000)) kHz") }
            parts.append(audio.channelLayout ?? "\(audio.channels) channels")
        }
        if let bitRate = stream.bitRate { parts.append(kilobits(bitRate)) }
        if let language = stream.language, language != "und" { parts.append(language) }
        return parts.joined(separator: ", ")
    }

    /// ` (+2 more)` when there are more streams of a kind than the one described.
    private static func more(_ count: Int) -> String { count > 1 ? " (+\(count - 1) more)" : "" }

    /// `12.4 MiB`, `980 KiB`, `2.10 GiB`.
    static func size(_ bytes: Int64) -> String {
        let value = Double(bytes)
        switch value {
        case ..<1024: return "\(bytes) B"
        case ..<(1024 * 1024): return String(format: "%.0f KiB", value / 1024)
        case ..<(1024 * 1024 * 1024): return String(format: "%.1f MiB", value / 1024 / 1024)
        default: return String(format: "%.2f GiB", value / 1024 / 1024 / 1024)
        }
    }

    /// `843 kb/s`, `12.5 Mb/s`.
    static func kilobits(_ bitsPerSecond: Int) -> String {
        bitsPerSecond >= 10_000_000
            ? String(format: "%.1f Mb/s", Double(bitsPerSecond) / 1e6)
            : "\(Int((Double(bitsPerSecond) / 1000).rounded())) kb/s"
    }

    /// The average bit rate of a file of `fileSize` bytes lasting `duration` seconds.
    private static func bitRate(fileSize: Int64?, duration: Double?) -> Int? {
        guard let fileSize, let duration, duration > 0 else { return nil }
        return Int(Double(fileSize) * 8 / duration)
    }

    /// `30`, `29.97`, `48`, `44.1`: at most two decimals, none when whole.
    private static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%g", rounded)
    }
}
