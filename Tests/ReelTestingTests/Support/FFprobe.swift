import Foundation

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
        await onThread {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
            process.arguments = ["-v", "error", "-print_format", "json"] + arguments
            process.standardInput = FileHandle.nullDevice
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            do {
                try process.run()
            } catch {
                return Outcome(status: -1, report: nil, standardError: "\(error)")
            }
            // Drain stderr concurrently so neither pipe can fill up and block ffprobe.
            let errorData = LockedData()
            let reader = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
            reader.start()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let standardError = errorData.waitForValue()
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            let report = try? decoder.decode(ProbeReport.self, from: data)
            return Outcome(
                status: process.terminationStatus,
                report: report,
                standardError: String(decoding: standardError, as: UTF8.self)
            )
        }
    }
}

/// A value handed from one thread to another.
private final class LockedData: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Data?

    func set(_ data: Data) {
        condition.withLock {
            value = data
            condition.broadcast()
        }
    }

    func waitForValue() -> Data {
        condition.withLock {
            while value == nil { condition.wait() }
            return value ?? Data()
        }
    }
}
