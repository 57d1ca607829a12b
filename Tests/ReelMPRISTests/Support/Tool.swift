import Foundation

/// What a command-line tool printed and how it exited.
struct ToolResult: Sendable {
    /// The exit status.
    var status: Int32
    /// Standard output, trimmed.
    var output: String
    /// Standard error, trimmed.
    var error: String
}

/// Runs command-line tools (`playerctl`) against a private bus, on a thread of its own so the
/// main actor stays free to answer the calls the tool makes.
enum Tool {
    /// Runs `arguments` (the tool first, found on `PATH`) with `DBUS_SESSION_BUS_ADDRESS` set to
    /// `bus`'s address, and waits for it.
    static func run(_ arguments: [String], on bus: PrivateBus) async -> ToolResult {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let frozen = environment
        return await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: runBlocking(arguments, environment: frozen)) }
            thread.start()
        }
    }

    /// `playerctl -p reel ARGUMENTS…`.
    static func playerctl(_ arguments: String..., on bus: PrivateBus) async -> ToolResult {
        await run(["playerctl", "-p", "reel"] + arguments, on: bus)
    }

    private static func runBlocking(_ arguments: [String], environment: [String: String]) -> ToolResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return ToolResult(status: -1, output: "", error: "\(error)")
        }
        // Both pipes are small here; read standard error on another thread so neither blocks.
        let errorData = Mutexed(Data())
        let done = DispatchSemaphore(value: 0)
        let errorReader = Thread {
            errorData.set(error.fileHandleForReading.readDataToEndOfFile())
            done.signal()
        }
        errorReader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        func text(_ data: Data) -> String {
            String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return ToolResult(status: process.terminationStatus, output: text(outputData), error: text(errorData.get()))
    }
}

/// A value behind a lock, for the reader threads above.
final class Mutexed<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
}
