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
}
