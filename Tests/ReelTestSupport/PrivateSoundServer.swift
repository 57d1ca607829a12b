import Foundation

/// A private PulseAudio server for one test, with null sinks for outputs: `pulseaudio -n` on a
/// socket in a directory of its own, killed by ``stop()``. The machine's own sound server (if
/// any) is never touched, and tests running in parallel each have their own.
///
/// Like the private D-Bus daemons of the MPRIS tests, the server runs under a small shell that
/// kills it within a second once the test process is gone.
package final class PrivateSoundServer: @unchecked Sendable {
    /// The server's address, for libpulse (`AudioOutputMonitor(server:)`) and libmpv (`pulse-host`).
    package let address: String
    private let directory: URL
    private let shell: Process
    private let server: Int32

    private init(address: String, directory: URL, shell: Process, server: Int32) {
        self.address = address
        self.directory = directory
        self.shell = shell
        self.server = server
    }

    /// Starts a server with one null output per name in `outputs` (the first is the default),
    /// and `module-rescue-streams` when `rescuesStreams` (streams on a disappearing output move
    /// to another, as on a desktop; without it the server kills them). Returns once the server
    /// said it is ready.
    package static func start(outputs: [String], rescuesStreams: Bool = true) async throws -> PrivateSoundServer {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("reel-pulse-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let socket = directory.appendingPathComponent("native").path
        var script = ["load-module module-native-protocol-unix auth-anonymous=1 socket=\(socket)"]
        script += outputs.map { "load-module module-null-sink sink_name=\($0)" }
        if rescuesStreams { script.append("load-module module-rescue-streams") }
        if let first = outputs.first { script.append("set-default-sink \(first)") }
        try script.joined(separator: "\n").write(
            to: directory.appendingPathComponent("server.pa"), atomically: true, encoding: .utf8)
        return try await run(in: directory)
    }

    /// Kills the server and starts it again at the same address, with the same outputs, after
    /// `downtime` (a sound server restarting, as PipeWire's does on an update; clients trying
    /// to connect meanwhile are refused); returns the new one, which ``stop()`` stops.
    package func restarted(after downtime: Duration = .zero) async throws -> PrivateSoundServer {
        kill(server, SIGKILL)
        kill(shell.processIdentifier, SIGKILL)
        // The old server's socket must be closed before the new one binds it: it is once the
        // process is a zombie or gone (its files are closed before it becomes one).
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        while Self.isAlive(server), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        try? FileManager.default.removeItem(at: directory.appendingPathComponent("log"))
        if downtime > .zero { try await Task.sleep(for: downtime) }
        return try await Self.run(in: directory)
    }

    /// Whether process `pid` runs and is not a zombie (`/proc/PID/stat`'s state).
    private static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    /// Runs the server of `directory`'s `server.pa`, its socket `native` there.
    private static func run(in directory: URL) async throws -> PrivateSoundServer {
        let socket = directory.appendingPathComponent("native").path
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = directory.path
        environment["XDG_RUNTIME_DIR"] = directory.path
        environment["XDG_CONFIG_HOME"] = directory.path
        environment.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        environment.removeValue(forKey: "DISPLAY")
        let (shell, lines) = try await DaemonShell.start(
            Self.script(owner: ProcessInfo.processInfo.processIdentifier), lines: 1, environment: environment,
            directory: directory)
        let line = lines.first ?? ""
        let words = line.split(whereSeparator: \.isWhitespace)
        guard words.count == 2, words[0] == "ready", let server = Int32(words[1]) else {
            kill(shell.processIdentifier, SIGKILL)
            let log = (try? String(contentsOf: directory.appendingPathComponent("log"), encoding: .utf8)) ?? ""
            throw PrivateSoundServerError(log: log)
        }
        return PrivateSoundServer(address: "unix:\(socket)", directory: directory, shell: shell, server: server)
    }

    /// Runs the server in the shell's directory and prints "ready PID" once it says its start-up is
    /// complete (or "failed" when it exits first); then watches the test process `owner`.
    private static func script(owner: Int32) -> String {
        """
        pulseaudio -n -F server.pa --daemonize=no --exit-idle-time=-1 --use-pid-file=no \
            --disable-shm=yes --log-target=stderr --log-level=info </dev/null 2>log &
        server=$!
        until grep -q 'Daemon startup complete' log 2>/dev/null; do
            kill -0 "$server" 2>/dev/null || { echo failed; exit 1; }
            sleep 0.02
        done
        echo "ready $server"
        exec >/dev/null
        while kill -0 \(owner) 2>/dev/null && kill -0 "$server" 2>/dev/null; do sleep 1; done
        kill -9 "$server" 2>/dev/null
        """
    }

    /// `pactl ARGUMENTS…` against this server; returns what it printed.
    @discardableResult
    package func pactl(_ arguments: String...) async -> String {
        await Command.output(["pactl", "--server=\(address)"] + arguments)
    }

    /// Adds a null output named `name`; returns its module's index, for ``removeOutput(module:)``.
    package func addOutput(_ name: String) async -> String {
        await pactl("load-module", "module-null-sink", "sink_name=\(name)")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Removes the output whose null-sink module has index `module`.
    package func removeOutput(module: String) async {
        await pactl("unload-module", module)
    }

    /// The module index of the null output named `name`.
    package func module(ofOutput name: String) async -> String? {
        let sinks = await pactl("list", "short", "sinks")
        guard
            sinks.split(separator: "\n").contains(where: {
                $0.split(separator: "\t").dropFirst().first == Substring(name)
            })
        else { return nil }
        let modules = await pactl("list", "short", "modules")
        return modules.split(separator: "\n")
            .first { $0.contains("module-null-sink") && $0.contains("sink_name=\(name)") }
            .flatMap { $0.split(separator: "\t").first.map(String.init) }
    }

    /// The indexes of the streams (sink inputs) playing now.
    package func streams() async -> [String] {
        await pactl("list", "short", "sink-inputs").split(separator: "\n")
            .compactMap { $0.split(separator: "\t").first.map(String.init) }
    }

    /// Kills the server and its shell, and removes its directory.
    package func stop() {
        kill(server, SIGKILL)
        kill(shell.processIdentifier, SIGKILL)
        try? FileManager.default.removeItem(at: directory)
    }
}

/// `pulseaudio` did not start (is the `pulseaudio` package installed?).
package struct PrivateSoundServerError: Error, CustomStringConvertible {
    /// What the server logged.
    package var log: String
    package var description: String {
        "pulseaudio did not start (install the pulseaudio package): \(log.suffix(1_000))"
    }
}
