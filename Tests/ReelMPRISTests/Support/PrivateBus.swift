import Foundation

/// A private D-Bus daemon for one test: `dbus-daemon --session --nofork --print-address`,
/// killed by ``stop()``. Every test that needs a bus starts its own, so nothing leaks between
/// tests running in parallel, and the machine's own buses are never touched.
final class PrivateBus: @unchecked Sendable {
    /// The daemon's address, for `DBUS_SESSION_BUS_ADDRESS` or `BusAddress.address`.
    let address: String
    private let process: Process

    private init(address: String, process: Process) {
        self.address = address
        self.process = process
    }

    /// Starts a daemon and waits (on a thread of its own) for the address it prints.
    static func start() async throws -> PrivateBus {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let reader = output.fileHandleForReading
        let address = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            let thread = Thread {
                var data = Data()
                while !data.contains(UInt8(ascii: "\n")) {
                    let chunk = reader.availableData
                    if chunk.isEmpty { break }
                    data.append(chunk)
                }
                continuation.resume(
                    returning: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            }
            thread.start()
        }
        guard !address.isEmpty else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw PrivateBusError()
        }
        return PrivateBus(address: address, process: process)
    }

    /// Kills the daemon and waits for it (SIGKILL: a session dbus-daemon ignores SIGTERM).
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// `dbus-daemon` printed no address (is the `dbus-daemon` package installed?).
struct PrivateBusError: Error, CustomStringConvertible {
    var description: String { "dbus-daemon printed no address (install the dbus-daemon package)" }
}
