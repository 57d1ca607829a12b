import Foundation

/// How a command-line tool ended and what it printed.
struct ToolOutcome: Sendable {
    var status: Int32
    var output: Data
    var errorOutput: String

    var text: String { String(decoding: output, as: UTF8.self) }
}

/// Runs command-line tools (`ffprobe`, the built `reel`) on threads of their own, so that neither
/// the caller's actor nor Swift's cooperative pool blocks while they run.
enum Tool {
    /// Runs `executable` with `arguments`, and `environment` added to the test's own.
    static func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) async -> ToolOutcome
    {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: runBlocking(executable, arguments, environment: environment))
            }
            thread.name = "ReelProbeTests.Tool"
            thread.start()
        }
    }

    private static func runBlocking(_ executable: URL, _ arguments: [String], environment: [String: String])
        -> ToolOutcome
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return ToolOutcome(status: -1, output: Data(), errorOutput: "\(error)")
        }
        // Standard error is drained on another thread, so that neither pipe fills up and blocks the tool.
        let errorData = ErrorData()
        let reader = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolOutcome(
            status: process.terminationStatus, output: data,
            errorOutput: String(decoding: errorData.waitForValue(), as: UTF8.self))
    }
}

/// Standard error's bytes, handed from the reading thread to the waiting one.
private final class ErrorData: @unchecked Sendable {
    // Guarded by `condition`, which the waiting thread blocks on.
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

/// What `ffprobe -show_streams -show_format -of json` says about a file.
struct FFprobeReport: Decodable, Sendable {
    struct Stream: Decodable, Sendable {
        var index: Int
        var codecType: String?
        var codecName: String?
        var width: Int?
        var height: Int?
        var sampleRate: String?
        var channels: Int?
    }

    struct Format: Decodable, Sendable {
        var formatName: String
        var duration: String?
        var nbStreams: Int
    }

    var streams: [Stream]?
    var format: Format?

    var duration: Double? { format?.duration.flatMap(Double.init) }

    /// Runs `/usr/bin/ffprobe` on `file`; nil when ffprobe fails (it cannot open the file).
    static func probe(_ file: URL) async -> FFprobeReport? {
        let arguments = ["-v", "error", "-show_streams", "-show_format", "-of", "json", file.path]
        let outcome = await Tool.run(URL(fileURLWithPath: "/usr/bin/ffprobe"), arguments)
        guard outcome.status == 0 else { return nil }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try? decoder.decode(FFprobeReport.self, from: outcome.output)
    }
}
