import Foundation
import ReelTestSupport
import ReelTesting

/// What a command-line tool printed and how it exited.
struct ToolResult: Sendable {
    /// The exit status.
    var status: Int32
    /// Standard output, trimmed.
    var output: String
    /// Standard error, trimmed.
    var error: String
}

/// Runs command-line tools (`playerctl`) against a private bus; the caller awaits, so the main
/// actor stays free to answer the calls the tool makes.
enum Tool {
    /// Runs `arguments` (the tool first, found on `PATH`) with `DBUS_SESSION_BUS_ADDRESS` set to
    /// `bus`'s address, and waits for it.
    static func run(_ arguments: [String], on bus: PrivateBus) async -> ToolResult {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        guard let result = try? await Command.run(arguments, environment: environment) else {
            return ToolResult(status: -1, output: "", error: "\(arguments[0]) could not be started")
        }
        return ToolResult(status: result.status, output: result.outputText, error: result.errorText)
    }

    /// `playerctl -p reel ARGUMENTS…`.
    static func playerctl(_ arguments: String..., on bus: PrivateBus) async -> ToolResult {
        await run(["playerctl", "-p", "reel"] + arguments, on: bus)
    }
}
