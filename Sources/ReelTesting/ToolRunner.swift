import Foundation
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// How a finished child process ended.
package struct SubprocessResult: Sendable {
    /// The exit status (or the signal number when it was killed).
    package var status: Int32
    /// Everything the process wrote to standard output, when it was kept.
    package var standardOutput: Data
    /// Everything the process wrote to standard error.
    package var standardError: Data

    /// The last `limit` characters of standard error as text, trimmed.
    package func standardErrorTail(limit: Int = 2_000) -> String {
        let text = String(decoding: standardError, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return "(nothing on standard error)" }
        return text.count > limit ? "…" + text.suffix(limit) : text
    }
}

/// Runs the tools tests need (ffmpeg, xdotool, pactl, …) with swift-subprocess: asynchronously,
/// so neither the caller's actor nor Swift's small cooperative pool is blocked while they run.
package enum ToolRunner {
    /// The most a tool may print on each stream (16 MiB).
    package static let outputLimit = 16 << 20

    /// Runs `executable` (a path, or a name looked up on `PATH`) with `arguments`, standard input
    /// empty, standard error captured and standard output kept when `keepOutput`.
    /// - Throws: ``SubprocessLaunchError`` when it cannot start.
    package static func run(
        _ executable: String, _ arguments: [String], keepOutput: Bool = false, environment: [String: String]? = nil
    ) async throws(SubprocessLaunchError) -> SubprocessResult {
        let target: Executable = executable.contains("/") ? .path(FilePath(executable)) : .name(executable)
        let variables: Environment =
            environment.map { values in
                .custom(
                    Dictionary(
                        uniqueKeysWithValues: values.compactMap { key, value in
                            Environment.Key(rawValue: key).map { ($0, value) }
                        }))
            } ?? .inherit
        do {
            if keepOutput {
                let result = try await Subprocess.run(
                    target, arguments: Arguments(arguments), environment: variables, output: .bytes(limit: outputLimit),
                    error: .bytes(limit: outputLimit))
                return SubprocessResult(
                    status: status(result.terminationStatus), standardOutput: Data(result.standardOutput),
                    standardError: Data(result.standardError))
            }
            let result = try await Subprocess.run(
                target, arguments: Arguments(arguments), environment: variables, output: .discarded,
                error: .bytes(limit: outputLimit))
            return SubprocessResult(
                status: status(result.terminationStatus), standardOutput: Data(),
                standardError: Data(result.standardError))
        } catch {
            throw SubprocessLaunchError(reason: "\(error)")
        }
    }

    /// Runs `executable` with `arguments`. Throws the launch error's description.
    package static func run(_ executable: URL, _ arguments: [String]) async throws(SubprocessLaunchError)
        -> SubprocessResult
    {
        try await run(executable.path, arguments)
    }

    private static func status(_ status: TerminationStatus) -> Int32 {
        switch status {
        case .exited(let code): code
        case .signaled(let signal): signal
        }
    }
}

/// A child process could not be started.
package struct SubprocessLaunchError: Error, Sendable {
    /// Why, in the system's words.
    package var reason: String
}
