import Foundation

/// Runs a command-line tool for a test and returns what it printed.
public enum Command {
    /// Runs `arguments` (the tool's name first, looked up on `PATH`), waits for it and returns its
    /// standard output; standard error is discarded. Empty when the tool cannot start.
    @discardableResult
    public static func output(_ arguments: String...) -> String { output(arguments) }

    /// Runs `arguments` (the tool's name first, looked up on `PATH`) and returns its standard output.
    @discardableResult
    public static func output(_ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// ``output(_:)`` for async code: the tool runs and is waited for on a thread of its
    /// own, so neither the caller's actor nor Swift's small cooperative pool is blocked meanwhile
    /// (blocking them starves every other test running in parallel).
    public static func outputInBackground(_ arguments: [String]) async -> String {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: output(arguments)) }
            thread.name = "ReelTesting.Command"
            thread.start()
        }
    }
}
