import Foundation

/// How a finished child process ended.
struct SubprocessResult: Sendable {
    /// The exit status (or the signal number when it was killed).
    var status: Int32
    /// Everything the process wrote to standard error.
    var standardError: Data

    /// The last `limit` characters of standard error as text, trimmed.
    func standardErrorTail(limit: Int = 2_000) -> String {
        let text = String(decoding: standardError, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return "(nothing on standard error)" }
        return text.count > limit ? "…" + text.suffix(limit) : text
    }
}

/// Runs child processes without blocking Swift concurrency's small thread pool.
enum Subprocess {
    /// Runs `executable` with `arguments` on a thread of its own, with standard input and output
    /// on `/dev/null` and standard error captured. Throws the launch error's description.
    static func run(
        _ executable: URL,
        _ arguments: [String]
    ) async throws(SubprocessLaunchError) -> SubprocessResult {
        typealias Outcome = Result<SubprocessResult, SubprocessLaunchError>
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            let thread = Thread { continuation.resume(returning: runBlocking(executable, arguments)) }
            thread.name = "ReelTesting.Subprocess"
            thread.start()
        }
        return try result.get()
    }

    private static func runBlocking(
        _ executable: URL,
        _ arguments: [String]
    ) -> Result<SubprocessResult, SubprocessLaunchError> {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errorPipe = Pipe()
        process.standardError = errorPipe
        do {
            try process.run()
        } catch {
            return .failure(SubprocessLaunchError(reason: "\(error)"))
        }
        // Read to the end before waiting, so a chatty child never blocks on a full pipe.
        let standardError = errorPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? errorPipe.fileHandleForReading.close()
        return .success(SubprocessResult(status: process.terminationStatus, standardError: standardError))
    }
}

/// A child process could not be started.
struct SubprocessLaunchError: Error, Sendable {
    /// Why, in the system's words.
    var reason: String
}
