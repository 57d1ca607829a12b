import Foundation
import NIOConcurrencyHelpers
import ReelTestSupport
import ReelTesting

/// A private D-Bus daemon for one test: `dbus-daemon --session --nofork --print-address`,
/// killed by ``stop()``. Every test that needs a bus starts its own, so nothing leaks between
/// tests running in parallel, and the machine's own buses are never touched.
///
/// The daemon runs under a small shell that also kills it, within a second, once the test
/// process is gone, so a crashed or killed test run leaves no daemon behind. Both are stopped
/// with SIGKILL: children of the test process inherit a signal mask that blocks SIGTERM.
final class PrivateBus: @unchecked Sendable {
    /// The daemon's address, for `DBUS_SESSION_BUS_ADDRESS` or `BusAddress.address`.
    let address: String
    private let daemon: Int32
    private let shell: Process

    private init(address: String, daemon: Int32, shell: Process) {
        self.address = address
        self.daemon = daemon
        self.shell = shell
    }

    /// The shell around the daemon, watching the test process `owner`.
    private static func script(owner: Int32) -> String {
        """
        dbus-daemon --session --nofork --nopidfile --print-address=1 --print-pid=1 </dev/null &
        daemon=$!
        exec >/dev/null
        while kill -0 \(owner) 2>/dev/null && kill -0 "$daemon" 2>/dev/null; do sleep 1; done
        kill -9 "$daemon" 2>/dev/null
        """
    }

    /// Starts a daemon and waits (on a thread of its own) for the address and process id it prints.
    static func start() async throws -> PrivateBus {
        let (shell, lines) = try await DaemonShell.start(
            script(owner: ProcessInfo.processInfo.processIdentifier), lines: 2)
        guard lines.count == 2, let daemon = Int32(lines[1]) else {
            kill(shell.processIdentifier, SIGKILL)
            shell.waitUntilExit()
            throw PrivateBusError()
        }
        return PrivateBus(address: lines[0], daemon: daemon, shell: shell)
    }

    /// Whether ``stop()`` ran: a process id is killed once, never after it may be reused.
    private let isStopped = NIOLockedValueBox(false)

    /// Kills the daemon and its shell; later calls do nothing. (Foundation reaps the shell;
    /// waiting for that here would hold the main actor for up to a second.)
    func stop() {
        let wasStopped = isStopped.withLockedValue { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        kill(daemon, SIGKILL)
        kill(shell.processIdentifier, SIGKILL)
    }

    /// A test that throws before its last line, where it stops the bus, still stops it here.
    deinit { stop() }
}

/// `dbus-daemon` printed no address (is the `dbus-daemon` package installed?).
struct PrivateBusError: Error, CustomStringConvertible {
    var description: String { "dbus-daemon printed no address (install the dbus-daemon package)" }
}
