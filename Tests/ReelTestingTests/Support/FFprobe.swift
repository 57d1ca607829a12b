import Foundation
import ReelTestSupport
import ReelTesting

/// What `ffprobe` reports about a file (its JSON keys in camel case).
struct ProbeReport: Decodable, Sendable {
    struct Stream: Decodable, Sendable {
        var codecType: String
        var codecName: String?
        var width: Int?
        var height: Int?
        var rFrameRate: String?
        var pixFmt: String?
        var tags: [String: String]?
    }

    struct Format: Decodable, Sendable {
        var formatName: String
        var duration: String?
    }

    struct Chapter: Decodable, Sendable {
        var startTime: String
        var tags: [String: String]?
    }

    struct Frame: Decodable, Sendable {
        var ptsTime: String?
    }

    var streams: [Stream]?
    var format: Format?
    var chapters: [Chapter]?
    var frames: [Frame]?

    func streams(_ type: String) -> [Stream] { (streams ?? []).filter { $0.codecType == type } }

    var duration: Double? { format?.duration.flatMap(Double.init) }
}

/// Runs the ffprobe command-line tool.
enum FFprobe {
    struct Outcome: Sendable {
        var status: Int32
        var report: ProbeReport?
        var standardError: String
    }

    /// Format, streams and chapters of `file`.
    static func probe(_ file: URL) async -> Outcome {
        await run(["-show_format", "-show_streams", "-show_chapters", file.path])
    }

    /// The presentation times of the video keyframes of `file`.
    static func keyframeTimes(_ file: URL) async -> [Double] {
        let arguments = [
            "-select_streams", "v:0", "-skip_frame", "nokey", "-show_frames",
            "-show_entries", "frame=pts_time", file.path,
        ]
        return (await run(arguments).report?.frames ?? []).compactMap { $0.ptsTime.flatMap(Double.init) }
    }

    private static func run(_ arguments: [String]) async -> Outcome {
        let result: CommandResult
        do {
            result = try await Command.run(["/usr/bin/ffprobe", "-v", "error", "-print_format", "json"] + arguments)
        } catch {
            return Outcome(status: -1, report: nil, standardError: error.reason)
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return Outcome(
            status: result.status, report: try? decoder.decode(ProbeReport.self, from: result.output),
            standardError: String(decoding: result.error, as: UTF8.self))
    }
}
