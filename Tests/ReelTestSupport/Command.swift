import Foundation
import ReelTesting

/// Runs a command-line tool for a test and returns what it printed.
package enum Command {
    /// Runs `arguments` (the tool's name first, looked up on `PATH`), waits for it and returns its
    /// standard output; standard error is discarded. Empty when the tool cannot start.
    ///
    /// The tool runs with swift-subprocess: the caller waits asynchronously, so neither its actor
    /// nor Swift's small cooperative pool is blocked meanwhile (blocking them starves every other
    /// test running in parallel).
    @discardableResult
    package static func output(_ arguments: String...) async -> String { await output(arguments) }

    /// Runs `arguments` (the tool's name first, looked up on `PATH`) and returns its standard output.
    @discardableResult
    package static func output(_ arguments: [String]) async -> String {
        guard let tool = arguments.first else { return "" }
        guard let result = try? await ToolRunner.run(tool, Array(arguments.dropFirst()), keepOutput: true) else {
            return ""
        }
        return String(decoding: result.standardOutput, as: UTF8.self)
    }

    /// Runs `arguments` (the tool's name or path first) with standard input empty, waits for it
    /// and returns its exit status and both outputs (each at most 16 MiB).
    /// - Parameters:
    ///   - arguments: the tool's name or path, then its arguments.
    ///   - environment: the tool's whole environment (default: this process's).
    /// - Throws: ``CommandError`` when the tool cannot start.
    package static func run(_ arguments: [String], environment: [String: String]? = nil) async throws(CommandError)
        -> CommandResult
    {
        guard let tool = arguments.first else { throw CommandError(reason: "no command") }
        do {
            let result = try await ToolRunner.run(
                tool, Array(arguments.dropFirst()), keepOutput: true, environment: environment)
            return CommandResult(status: result.status, output: result.standardOutput, error: result.standardError)
        } catch {
            throw CommandError(reason: error.reason)
        }
    }
}

/// How a tool run by ``Command/run(_:environment:)`` ended.
package struct CommandResult: Sendable {
    /// The exit status, or the number of the signal that ended it.
    package var status: Int32
    /// What it wrote to standard output.
    package var output: Data
    /// What it wrote to standard error.
    package var error: Data

    /// Standard output as text, trimmed.
    package var outputText: String {
        String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Standard error as text, trimmed.
    package var errorText: String {
        String(decoding: error, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A tool could not be started.
package struct CommandError: Error, Sendable, CustomStringConvertible {
    /// Why, in the system's words.
    package var reason: String

    package var description: String { reason }
}
