import Foundation

/// A shell that starts a daemon for a test (a private D-Bus daemon, a private sound server) and
/// prints what the test needs to know about it, a line at a time, before it goes quiet and
/// watches the test process.
package enum DaemonShell {
    /// Runs `script` with `/bin/sh -c` and returns the shell once it printed `lines` lines (or
    /// ended first: fewer lines come back), read on a thread of its own. Standard input and
    /// error are `/dev/null`.
    /// - Parameters:
    ///   - script: the shell script.
    ///   - count: how many lines to wait for.
    ///   - environment: the shell's environment (default: the test's own).
    ///   - directory: the shell's working directory (default: the test's own).
    package static func start(
        _ script: String, lines count: Int, environment: [String: String]? = nil, directory: URL? = nil
    ) async throws -> (shell: Process, lines: [String]) {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", script]
        if let environment { shell.environment = environment }
        if let directory { shell.currentDirectoryURL = directory }
        let output = Pipe()
        shell.standardOutput = output
        shell.standardError = FileHandle.nullDevice
        shell.standardInput = FileHandle.nullDevice
        try shell.run()
        let reader = output.fileHandleForReading
        let lines = await withCheckedContinuation { (continuation: CheckedContinuation<[String], Never>) in
            let thread = Thread {
                var data = Data()
                while data.filter({ $0 == UInt8(ascii: "\n") }).count < count {
                    let chunk = reader.availableData
                    if chunk.isEmpty { break }
                    data.append(chunk)
                }
                continuation.resume(
                    returning: String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
            }
            thread.name = "ReelTesting.DaemonShell"
            thread.start()
        }
        return (shell, lines)
    }
}
