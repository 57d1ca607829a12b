import Foundation

/// Runs the `ffmpeg` command-line tool found on `PATH`.
enum FFmpeg {
    /// Runs ffmpeg quietly (`-hide_banner -loglevel error -nostdin -y`) with `arguments`, on a
    /// thread of its own so that no task of the cooperative pool blocks.
    /// - Throws: ``CLIError/ffmpegNotFound``, or ``CLIError/ffmpegFailed(status:output:)`` with
    ///   the end of its standard error.
    static func run(_ arguments: [String]) async throws(CLIError) {
        let executable = try locate()
        let quiet = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"]
        typealias Outcome = CheckedContinuation<Result<Void, CLIError>, Never>
        let result = await withCheckedContinuation { (continuation: Outcome) in
            let thread = Thread { continuation.resume(returning: runBlocking(executable, quiet + arguments)) }
            thread.name = "reel.ffmpeg"
            thread.start()
        }
        try result.get()
    }

    /// The first executable `ffmpeg` on `PATH`.
    static func locate() throws(CLIError) -> URL {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw .ffmpegNotFound
    }

    private static func runBlocking(_ executable: URL, _ arguments: [String]) -> Result<Void, CLIError> {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure(.ffmpegFailed(status: -1, output: "\(error)"))
        }
        // Read to the end before waiting, so that a chatty ffmpeg never blocks on a full pipe.
        let output = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return .failure(.ffmpegFailed(status: process.terminationStatus, output: String(text.suffix(1_000))))
        }
        return .success(())
    }
}
