import Foundation

/// Runs a command-line tool for a test and returns what it printed.
public enum Command {
    /// Runs `arguments` (the tool's name first, looked up on `PATH`), waits for it and returns its
    /// standard output; standard error is discarded. Empty when the tool cannot start.
    ///
    /// The tool runs with swift-subprocess: the caller waits asynchronously, so neither its actor
    /// nor Swift's small cooperative pool is blocked meanwhile (blocking them starves every other
    /// test running in parallel).
    @discardableResult
    public static func output(_ arguments: String...) async -> String { await output(arguments) }

    /// Runs `arguments` (the tool's name first, looked up on `PATH`) and returns its standard output.
    @discardableResult
    public static func output(_ arguments: [String]) async -> String {
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
    public static func run(_ arguments: [String], environment: [String: String]? = nil) async throws(CommandError)
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
public struct CommandResult: Sendable {
    /// The exit status, or the number of the signal that ended it.
    public var status: Int32
    /// What it wrote to standard output.
    public var output: Data
    /// What it wrote to standard error.
    public var error: Data

    /// Standard output as text, trimmed.
    public var outputText: String {
        String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Standard error as text, trimmed.
    public var errorText: String {
        String(decoding: error, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A tool could not be started.
public struct CommandError: Error, Sendable, CustomStringConvertible {
    /// Why, in the system's words.
    public var reason: String

    public var description: String { reason }
}
