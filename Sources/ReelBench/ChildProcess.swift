import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one child process cost, from `wait4`'s resource usage of exactly that child.
struct ProcessSample: Sendable {
    /// User CPU seconds.
    var userSeconds: Double
    /// System CPU seconds.
    var systemSeconds: Double
    /// Peak resident set size in bytes.
    var maxResidentBytes: Double
    /// Wall seconds from just before the spawn to the return of `wait4`.
    var wallSeconds: Double

    /// User plus system CPU seconds.
    var cpuSeconds: Double { userSeconds + systemSeconds }

    /// Peak resident set size in MiB.
    var maxResidentMebibytes: Double { maxResidentBytes / 1_048_576 }
}

/// Runs a measured child with `posix_spawn` and reaps it with `wait4`, which reports the resource
/// usage of that one child; no other code reaps it, so nothing can race for its status.
///
/// Why not swift-subprocess, which runs the benchmark's other children (the clip's ffmpeg, `reel
/// demo`): swift-subprocess 1.0 reaps its children itself (`waitid` on a pidfd) and reports only
/// the termination status, with no resource usage. `getrusage(RUSAGE_CHILDREN)` around a run is no
/// substitute: it sums CPU time correctly but keeps the largest peak RSS of any child so far, so
/// the smaller player's peak would read as the larger one's. Xvfb is spawned here too: it lives for
/// the whole window benchmark, past any one call, and is reaped with `waitpid`.
enum ChildProcess {
    /// Where the child's standard output and error go.
    enum Output {
        /// `/dev/null`.
        case discard
        /// This process's own.
        case inherit
    }

    /// Runs `executable` with `arguments` (standard input `/dev/null`) and waits for it.
    /// - Parameters:
    ///   - environment: Variables set in the child on top of this process's.
    ///   - terminateAfter: When given, the child gets `SIGTERM` once this much time has passed
    ///     and may then exit with status 0 or 143 or die of that signal.
    /// - Throws: ``BenchError/spawnFailed(_:_:)`` or ``BenchError/childFailed(_:status:)`` when it
    ///   does not exit with status 0.
    static func run(
        _ executable: String, _ arguments: [String], output: Output = .discard, environment: [String: String] = [:],
        terminateAfter: Duration? = nil
    ) throws(BenchError) -> ProcessSample {
        let start = ContinuousClock.now
        let pid = try spawn(executable, arguments, output: output, environment: environment)
        var terminated = false
        if let terminateAfter {
            // A child that already exited is a zombie until reaped: the signal cannot reach another process.
            let deadline = start + terminateAfter
            while ContinuousClock.now < deadline { usleep(10_000) }
            terminated = kill(pid, SIGTERM) == 0
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw .spawnFailed(executable, String(cString: strerror(errno))) }
        }
        let wall = ContinuousClock.now - start
        let byTermination = terminated && (status == 143 << 8 || status & 0x7F == SIGTERM)
        guard status == 0 || byTermination else {
            throw .childFailed(([executable] + arguments).joined(separator: " "), status: status)
        }
        return ProcessSample(
            userSeconds: seconds(usage.ru_utime), systemSeconds: seconds(usage.ru_stime),
            maxResidentBytes: residentBytes(usage.ru_maxrss), wallSeconds: seconds(wall))
    }

    /// Starts `executable` with `arguments` (standard input `/dev/null`) without waiting; the
    /// caller reaps it.
    static func spawn(
        _ executable: String, _ arguments: [String], output: Output = .discard, environment: [String: String] = [:]
    ) throws(BenchError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        if output == .discard {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else { throw .spawnFailed(executable, String(cString: strerror(spawned))) }
        return pid
    }

    /// The first executable named `name` on `PATH`.
    static func locate(_ name: String) -> String? {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    private static func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `ru_maxrss` is in kilobytes on Linux and in bytes on Darwin.
    private static func residentBytes(_ value: Int) -> Double {
        #if canImport(Darwin)
            Double(value)
        #else
            Double(value) * 1024
        #endif
    }
}
