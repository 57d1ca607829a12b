import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a window costs while nothing changes: `reel play` (its controls as by default) against
/// `mpv --vo=x11 --no-config`, on the 1280×720 demo clip, on the same X display (a private Xvfb
/// when `DISPLAY` is not set), interleaved.
///
/// - **Paused**: each is started, plays 1.5 s, is paused with the space key (`xdotool key
///   --window`), settles 2 s, and is then measured over 30 s.
/// - **Hidden**: each is started and its window unmapped (`xdotool windowunmap`, what a
///   minimised window is to the program), settles 2 s, and is measured over 10 s of playback.
///
/// The measure is the process's CPU time over the interval (user + system of all its threads,
/// those that ended too: `/proc/PID/stat`, in clock ticks of 10 ms), and its threads' context
/// switches (`/proc/PID/task/*/status`; each is a thread that woke up; a thread that ended
/// during the interval is not counted, so it is a lower bound). Goal: a paused Reel window costs
/// at most what mpv's does plus 0.02 s over the 30 s (about nothing: the timer resolution of
/// the CPU figures and the odd wake-up of a decoder thread); hidden, at most mpv's.
struct PausedWindowBench {
    /// Runs of each player in each state.
    var runs: Int
    /// This executable; `reel` is looked for next to it.
    var executable: String

    /// Seconds a paused window is measured.
    static let pausedSeconds = 30
    /// Seconds a hidden, playing window is measured.
    static let hiddenSeconds = 10
    /// What a paused Reel window may cost beyond mpv's, CPU seconds over ``pausedSeconds``.
    static let pausedAllowance = 0.02

    /// The `reel` executable of the same build.
    var reel: String {
        URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("reel").path
    }

    /// How a window is measured.
    enum State: String {
        case paused, hidden
    }

    /// One interval of one player.
    struct Sample {
        /// CPU seconds of all threads.
        var cpuSeconds: Double
        /// Context switches of all threads.
        var switches: Int
    }

    /// Measures both states and returns the Markdown table and the overview's rows.
    @MainActor func run() async throws(BenchError) -> (markdown: String, overview: [Overview.Row]) {
        guard FileManager.default.isExecutableFile(atPath: reel) else {
            throw .failed("\(reel) was not found: build it with `swift build -c release --product reel`.")
        }
        guard let mpv = ChildProcess.locate("mpv") else { throw .missingTool("mpv") }
        guard let xdotool = ChildProcess.locate("xdotool") else { throw .missingTool("xdotool") }
        let clip = try await WindowBench(runs: 1, executable: executable).demoClip()
        let display = try XDisplay.open()
        defer { display.close() }
        progress("Paused window: display \(display.name)\(display.isPrivate ? " (private Xvfb)" : "")")
        let environment = ["DISPLAY": display.name]
        let players: [(name: String, executable: String, arguments: [String])] = [
            ("Reel", reel, ["play", clip, "--no-audio"]),
            ("mpv x11", mpv, ["--no-config", "--ao=null", "--hwdec=no", "--vo=x11", clip]),
        ]
        var samples: [State: [[Sample]]] = [.paused: [[], []], .hidden: [[], []]]
        for state in [State.paused, .hidden] {
            for index in 0..<runs {
                for offset in players.indices {
                    let which = (index + offset) % players.count
                    let player = players[which]
                    let sample = try measure(
                        player.executable, player.arguments, state: state, xdotool: xdotool, environment: environment)
                    samples[state]?[which].append(sample)
                    progress(
                        "Window \(state.rawValue), run \(index + 1)/\(runs), \(player.name): CPU "
                            + "\(format(sample.cpuSeconds, 3)) s, \(sample.switches) context switches")
                }
            }
        }
        return report(samples)
    }

    // MARK: - One run

    /// Starts a player, brings it into `state`, and measures it.
    private func measure(
        _ executable: String, _ arguments: [String], state: State, xdotool: String, environment: [String: String]
    ) throws(BenchError) -> Sample {
        let pid = try ChildProcess.spawn(executable, arguments, environment: environment)
        defer { Self.stop(pid) }
        let window = try findWindow(of: pid, xdotool: xdotool, environment: environment)
        switch state {
        case .paused:
            Self.wait(seconds: 1.5)
            try xdo(xdotool, ["key", "--window", window, "space"], environment: environment)
        case .hidden:
            try xdo(xdotool, ["windowunmap", window], environment: environment)
        }
        Self.wait(seconds: 2)
        let seconds = state == .paused ? Self.pausedSeconds : Self.hiddenSeconds
        let before = try Self.sample(pid)
        Self.wait(seconds: Double(seconds))
        let after = try Self.sample(pid)
        let switches = after.switches.reduce(0) { total, thread in
            total + max(0, thread.value - (before.switches[thread.key] ?? 0))
        }
        let sample = Sample(cpuSeconds: after.cpuSeconds - before.cpuSeconds, switches: switches)
        if state == .paused, sample.cpuSeconds > 1 {
            throw .failed("\(executable) used \(format(sample.cpuSeconds, 2)) s in \(seconds) s: it did not pause.")
        }
        return sample
    }

    /// The ID of `pid`'s visible window, once it has one (within 20 s).
    private func findWindow(of pid: pid_t, xdotool: String, environment: [String: String]) throws(BenchError) -> String
    {
        let output = try Self.output(
            "/usr/bin/timeout", ["-s", "KILL", "20", xdotool, "search", "--sync", "--onlyvisible", "--pid", "\(pid)"],
            environment: environment)
        guard let id = output.split(separator: "\n").last.map(String.init), !id.isEmpty else {
            throw .failed("No window of process \(pid) appeared within 20 s.")
        }
        return id
    }

    private func xdo(_ xdotool: String, _ arguments: [String], environment: [String: String]) throws(BenchError) {
        _ = try ChildProcess.run(xdotool, arguments, environment: environment)
    }

    /// The process's CPU time and its threads' context switches now.
    static func sample(_ pid: pid_t) throws(BenchError) -> (cpuSeconds: Double, switches: [String: Int]) {
        // `pid (comm) state ppid …`: utime and stime are the 14th and 15th fields, the 12th and
        // 13th after the command's closing parenthesis.
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { throw .failed("Process \(pid) is gone.") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
            throw .failed("/proc/\(pid)/stat could not be read.")
        }
        let tasks = "/proc/\(pid)/task"
        var switches: [String: Int] = [:]
        for thread in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
            guard let status = try? String(contentsOfFile: "\(tasks)/\(thread)/status", encoding: .utf8) else {
                continue
            }
            for line in status.split(separator: "\n") where line.contains("ctxt_switches:") {
                let count = line.split(separator: "\t").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                switches[thread, default: 0] += count ?? 0
            }
        }
        return ((user + system) / Double(sysconf(Int32(_SC_CLK_TCK))), switches)
    }

    /// Stops `pid` (SIGTERM, SIGKILL after 5 s) and reaps it.
    private static func stop(_ pid: pid_t) {
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(5)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return
            }
            usleep(20_000)
        }
    }

    private static func wait(seconds: Double) { usleep(useconds_t(seconds * 1_000_000)) }

    /// The standard output of a short command.
    private static func output(
        _ executable: String, _ arguments: [String], environment: [String: String]
    ) throws(BenchError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .spawnFailed(executable, "\(error)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: - Report

    private func report(_ samples: [State: [[Sample]]]) -> (markdown: String, overview: [Overview.Row]) {
        var lines = [
            "### Paused and hidden window (the \(WindowBench.width)x\(WindowBench.height) demo clip; `reel play` "
                + "against `mpv --vo=x11`; paused with the space key and measured over \(Self.pausedSeconds) s, "
                + "hidden (unmapped) while playing over \(Self.hiddenSeconds) s; \(runs) runs each, interleaved, "
                + "medians; all threads)",
            "| State | Metric | Reel median | Reel min | Reel max | mpv x11 median | goal | met |",
            "|---|---|---:|---:|---:|---:|---|---|",
        ]
        var overview: [Overview.Row] = []
        for state in [State.paused, .hidden] {
            guard let runs = samples[state], let ours = Summary(runs[0].map(\.cpuSeconds)),
                let theirs = Summary(runs[1].map(\.cpuSeconds)),
                let ourSwitches = Summary(runs[0].map { Double($0.switches) }),
                let theirSwitches = Summary(runs[1].map { Double($0.switches) })
            else { continue }
            let seconds = state == .paused ? Self.pausedSeconds : Self.hiddenSeconds
            let allowance = state == .paused ? Self.pausedAllowance : 0
            let goal = state == .paused ? "≤ mpv + \(format(allowance, 2)) s" : "≤ mpv"
            let met = ours.median <= theirs.median + allowance
            lines.append(
                "| \(state.rawValue) | CPU over \(seconds) s (s) | \(format(ours.median, 3)) | "
                    + "\(format(ours.minimum, 3)) | \(format(ours.maximum, 3)) | \(format(theirs.median, 3)) | "
                    + "\(goal) | \(met ? "yes" : "no") |")
            lines.append(
                "| \(state.rawValue) | context switches over \(seconds) s | \(format(ourSwitches.median, 0)) | "
                    + "\(format(ourSwitches.minimum, 0)) | \(format(ourSwitches.maximum, 0)) | "
                    + "\(format(theirSwitches.median, 0)) | — | — |")
            overview.append(
                Overview.Row(
                    benchmark: "Window CPU, \(state.rawValue) \(seconds) s of 720p (s)", reel: ours.median,
                    peer: theirs.median, peerName: "mpv --vo=x11", precision: 3, goal: goal, met: met))
        }
        return (lines.joined(separator: "\n") + "\n", overview)
    }

    private func progress(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
}

private func format(_ value: Double, _ precision: Int) -> String { String(format: "%.\(precision)f", value) }
