import Foundation
import Logging
import NIOConcurrencyHelpers
import Subprocess
import Synchronization

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// Runs ``IsolatedJob``s in child processes that are killed with `SIGKILL` at a deadline.
///
/// The worker is an executable that hands its command line to ``IsolatedWorker`` — usually the
/// app itself in a hidden mode, as `reel worker` is for `reel`:
///
/// ```swift
/// let isolation = Isolation(executable: Isolation.currentExecutable, arguments: ["worker"])
/// let run = try await isolation.run(MediaCheck(url: address, seconds: 3), timeout: .seconds(10))
/// print(run.output.result, run.diagnostics)
/// ```
///
/// The worker's command line is `executable`, ``arguments``, then the job's name; the job itself
/// goes as one JSON line on its standard input, which stays open until the run ends (a worker whose
/// parent died sees it close and exits). Its standard output carries only the reply protocol; what
/// it or its C libraries print on standard error (and, redirected there, on standard output) comes
/// back as ``IsolatedRun/diagnostics``: each distinct line once, never on this process's terminal.
///
/// A job that hangs costs its timeout and ends with ``IsolationError/Reason/timedOut(_:)``,
/// carrying the last progress it reported; a crash ends with
/// ``IsolationError/Reason/crashed(signal:)``. Cancelling the calling task kills the worker too.
///
/// Writing the job to a worker that died at once would raise `SIGPIPE`; the first run makes the
/// process ignore `SIGPIPE` when nothing else handles it, as servers do, so that it reads as an error.
public struct Isolation: Sendable {
    /// The worker's executable.
    public var executable: URL
    /// The arguments that put the executable in worker mode; the job's name follows them.
    public var arguments: [String]
    /// The level of the logger a job gets in the worker (``IsolatedContext/logger``), whose lines
    /// come back as diagnostics; nil: no log.
    public var workerLogLevel: Logger.Level?
    /// Variables set in the worker on top of this process's environment.
    public var environment: [String: String]
    /// How many distinct diagnostic lines a run keeps (more are counted in
    /// ``IsolatedRun/droppedDiagnostics`` and dropped); each is cut at 1,000 characters.
    public var diagnosticLimit = 100
    /// Receives each distinct diagnostic line as it arrives, at `info`, with the metadata
    /// `reel.job` and `reel.worker` (the process id); off by default (the lines also come back in
    /// ``IsolatedRun/diagnostics`` and ``IsolationError/diagnostics``).
    public var logger = Logger(label: "reel.isolation", factory: { _ in SwiftLogNoOpLogHandler() })

    /// An isolation that runs `executable` with `arguments` and the job's name.
    public init(
        executable: URL, arguments: [String] = [], workerLogLevel: Logger.Level? = nil,
        environment: [String: String] = [:]
    ) {
        self.executable = executable
        self.arguments = arguments
        self.workerLogLevel = workerLogLevel
        self.environment = environment
    }

    /// This process's own executable (`/proc/self/exe`), for apps that are their own worker.
    public static var currentExecutable: URL {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        return URL(fileURLWithPath: path ?? CommandLine.arguments[0])
    }

    /// Runs `job` in a new worker and returns its output, or throws why there is none once the
    /// worker is gone; `progress` receives each report as the worker makes it.
    /// - Throws: ``IsolationError``: timed out (killed at `timeout`), crashed, exited without an
    ///   answer, answered something unreadable, or could not start.
    public func run<Job: IsolatedJob>(
        _ job: Job, timeout: Duration, progress: @escaping @Sendable (Job.Progress) -> Void = { _ in }
    ) async throws(IsolationError) -> IsolatedRun<Job.Output> {
        Self.ignoreBrokenPipes
        let started = ContinuousClock.now
        let request: [UInt8]
        do {
            request = Array(try JSONEncoder().encode(WorkerRequest(job: job, logLevel: workerLogLevel))) + [10]
        } catch {
            throw IsolationError(.launchFailed("the job could not be encoded: \(error)"))
        }
        let state = RunState<Job>(limit: diagnosticLimit, logger: logger, progress: progress)
        var options = PlatformOptions()
        // Cancellation kills at once: a worker stuck in a C library would not answer SIGTERM.
        options.teardownSequence = []
        // A name the environment cannot hold (empty, or with `=`) is left out.
        var variables: [Environment.Key: String?] = [:]
        for (name, value) in environment {
            if let key = Environment.Key(rawValue: name) { variables[key] = value }
        }
        let status: TerminationStatus
        do {
            let result = try await Subprocess.run(
                .path(FilePath(executable.path)), arguments: Arguments(arguments + [Job.name]),
                environment: .inherit.updating(variables),
                platformOptions: options, input: .inputWriter, output: .sequence, error: .sequence
            ) { execution in
                state.worker = execution.processIdentifier.value
                // The job, and no end of input: the worker reads one line, then waits for the
                // end of its input only to learn that this process is gone.
                _ = try? await execution.standardInputWriter.write(request)
                await withTaskGroup(of: Bool.self) { group in
                    group.addTask {
                        do {
                            for try await line in execution.standardOutput.strings(bufferingPolicy: .unbounded) {
                                state.reply(line)
                            }
                        } catch {
                            state.noteMalformed("its output could not be read: \(error)")
                        }
                        return true
                    }
                    group.addTask {
                        do {
                            for try await line in execution.standardError.strings(bufferingPolicy: .unbounded) {
                                state.diagnostic(line)
                            }
                        } catch {}
                        return true
                    }
                    group.addTask {
                        // The deadline; cancelled once both streams have ended.
                        guard (try? await Task.sleep(until: started + timeout, clock: .continuous)) != nil else {
                            return false
                        }
                        state.markTimedOut()
                        try? execution.send(signal: .kill)
                        return false
                    }
                    var ended = 0
                    while let stream = await group.next() {
                        if stream { ended += 1 }
                        if ended == 2 { group.cancelAll() }
                    }
                }
            }
            status = result.terminationStatus
        } catch {
            throw IsolationError(.launchFailed("\(error)"), elapsed: ContinuousClock.now - started)
        }
        return try state.outcome(status: status, timeout: timeout, elapsed: ContinuousClock.now - started)
    }

    private static let ignoreBrokenPipes: Void = {
        var current = sigaction()
        if sigaction(SIGPIPE, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil {
            signal(SIGPIPE, SIG_IGN)
        }
    }()
}

/// What a finished ``Isolation`` run produced.
public struct IsolatedRun<Output: Sendable>: Sendable {
    /// The job's answer.
    public var output: Output
    /// The distinct lines the worker printed, first seen first (see ``Isolation``).
    public var diagnostics: [String]
    /// How many more distinct lines there were than ``Isolation/diagnosticLimit`` kept.
    public var droppedDiagnostics: Int
    /// From the launch to the end of the worker.
    public var elapsed: Duration
}

/// The first line a worker reads: the job and the level of its logger.
struct WorkerRequest<Job: IsolatedJob>: Codable {
    var job: Job
    var logLevel: Logger.Level?
}

/// One line a worker writes on its reply channel: a progress report or the output.
struct WorkerReply<Progress: Codable, Output: Codable>: Codable {
    var progress: Progress?
    var output: Output?
}

/// What the reading tasks of one run have seen, guarded by a mutex.
final class RunState<Job: IsolatedJob>: Sendable {
    private struct Seen {
        var output: Job.Output?
        var lastProgress: Data?
        var malformed: String?
        var diagnostics: [String] = []
        var distinct: Set<String> = []
        var dropped = 0
        var timedOut = false
    }

    private let seen = NIOLockedValueBox(Seen())
    private let limit: Int
    private let logger: Logger
    private let progress: @Sendable (Job.Progress) -> Void
    private let workerID = Atomic<Int32>(0)

    init(limit: Int, logger: Logger, progress: @escaping @Sendable (Job.Progress) -> Void) {
        self.limit = limit
        self.logger = logger
        self.progress = progress
    }

    /// The worker's process id.
    var worker: Int32 {
        get { workerID.load(ordering: .relaxed) }
        set { workerID.store(newValue, ordering: .relaxed) }
    }

    func reply(_ line: String) {
        guard !line.isEmpty else { return }
        let data = Data(line.utf8)
        guard let reply = try? JSONDecoder().decode(WorkerReply<Job.Progress, Job.Output>.self, from: data) else {
            noteMalformed(String(line.prefix(200)))
            return
        }
        if let output = reply.output {
            seen.withLockedValue { $0.output = output }
        } else if let report = reply.progress {
            seen.withLockedValue { $0.lastProgress = try? JSONEncoder().encode(report) }
            progress(report)
        }
    }

    func noteMalformed(_ words: String) {
        seen.withLockedValue { if $0.malformed == nil { $0.malformed = words } }
    }

    /// Keeps `line` once: a C library that repeats itself (libxml2 at every manifest reload)
    /// costs one line.
    func diagnostic(_ line: String) {
        let text = String(line.trimmingCharacters(in: .whitespaces).prefix(1_000))
        guard !text.isEmpty else { return }
        let kept = seen.withLockedValue { seen in
            guard !seen.distinct.contains(text) else { return false }
            guard seen.diagnostics.count < limit else {
                // Remembered (up to a bound) so that a repeated line is counted once.
                if seen.distinct.count < 10_000 { seen.distinct.insert(text) }
                seen.dropped += 1
                return false
            }
            seen.distinct.insert(text)
            seen.diagnostics.append(text)
            return true
        }
        guard kept else { return }
        let (level, message) = Self.logLine(text)
        logger.log(level: level, "\(message)", metadata: ["reel.job": .string(Job.name), "reel.worker": "\(worker)"])
    }

    /// A diagnostic as a log line: the worker's own lines (``WorkerLogHandler``: `[level]
    /// message`) at their level without the prefix, anything else (what a C library printed)
    /// at `info` as it is.
    static func logLine(_ text: String) -> (level: Logger.Level, message: Substring) {
        guard text.first == "[", let close = text.firstIndex(of: "]"),
            let level = Logger.Level(rawValue: String(text[text.index(after: text.startIndex)..<close])),
            text[text.index(after: close)...].first == " "
        else { return (.info, Substring(text)) }
        return (level, text[text.index(close, offsetBy: 2)...])
    }

    func markTimedOut() { seen.withLockedValue { $0.timedOut = true } }

    func outcome(
        status: TerminationStatus, timeout: Duration, elapsed: Duration
    ) throws(IsolationError) -> IsolatedRun<Job.Output> {
        let seen = seen.withLockedValue { $0 }
        func failure(_ reason: IsolationError.Reason) -> IsolationError {
            IsolationError(reason, diagnostics: seen.diagnostics, lastProgressJSON: seen.lastProgress, elapsed: elapsed)
        }
        if let output = seen.output {
            return IsolatedRun(
                output: output, diagnostics: seen.diagnostics, droppedDiagnostics: seen.dropped, elapsed: elapsed)
        }
        if seen.timedOut { throw failure(.timedOut(timeout)) }
        switch status {
        case .signaled(let signal): throw failure(.crashed(signal: signal))
        case .exited(let code) where code != 0: throw failure(.exited(status: code))
        default: throw failure(.malformedReply(seen.malformed ?? "it exited without an answer"))
        }
    }
}
