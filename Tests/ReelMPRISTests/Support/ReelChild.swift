import Foundation
import ReelTestSupport
import ReelTesting

/// The `reel` executable built next to the test bundle, run on a private bus with its standard
/// output lines recorded.
final class ReelChild: @unchecked Sendable {
    let lines = Recorder<String>()
    private let process = Process()

    /// The child's process identifier.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Starts `executable arguments…` (`reel` by default) with `DBUS_SESSION_BUS_ADDRESS` set to
    /// `bus`'s address, and `environment` added to the test's own.
    init(
        _ arguments: [String], executable: String = "reel", bus: PrivateBus, environment extra: [String: String] = [:]
    ) throws {
        process.executableURL = try BuiltProduct.require(executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment["DISPLAY"] = nil
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let lines = lines
        let reader = output.fileHandleForReading
        let thread = Thread {
            var pending = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    lines.record(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
        }
        thread.start()
    }

    /// How many lines the child printed so far.
    var lineCount: Int { lines.values.count }

    /// Waits until a line contains `text`, among the lines after the first `skipped`.
    func waitForLine(containing text: String, after skipped: Int = 0, timeout: Duration = .seconds(20)) async -> Bool {
        await lines.wait(timeout: timeout) { $0.dropFirst(skipped).contains { $0.contains(text) } }
    }

    /// Waits (on a thread of its own) for the process to exit and returns its status.
    func exitStatus() async -> Int32 {
        let process = process
        return await withCheckedContinuation { continuation in
            let thread = Thread {
                process.waitUntilExit()
                continuation.resume(returning: process.terminationStatus)
            }
            thread.start()
        }
    }

    /// Whether the process still runs.
    var isRunning: Bool { process.isRunning }

    /// Kills the process if it still runs.
    func terminate() {
        if process.isRunning { process.terminate() }
    }
}
