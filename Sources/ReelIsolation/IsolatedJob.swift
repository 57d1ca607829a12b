import Foundation
import Logging

/// Work on untrusted input that runs in a child process: the parent (``Isolation``) sends the
/// job, the worker process (``IsolatedWorker``) runs it and answers, and a job that hangs in a C
/// library is killed at its deadline instead of taking the app with it.
///
/// A job is a `Codable` value: what it needs travels to the worker as JSON on standard input, what
/// it learns comes back as JSON lines on standard output: any number of ``Progress`` reports, then
/// one ``Output``. Reel's jobs are ``MediaCheck`` and ``ThumbnailJob``; an app or another module
/// defines its own the same way (a probe job reads a file's streams and returns them).
///
/// ```swift
/// struct Probe: IsolatedJob {
///     static let name = "probe"
///     var url: URL
///     func run(in context: IsolatedContext<Self>) async -> ProbeReport { … }
/// }
/// ```
public protocol IsolatedJob: Codable, Sendable {
    /// What the job reports while it runs: kept by the parent when the worker is killed, so that
    /// a timeout still says what was known.
    associatedtype Progress: Codable & Sendable = Never
    /// What the job answers.
    associatedtype Output: Codable & Sendable

    /// The job's name on the worker's command line, unique among the jobs one worker serves.
    static var name: String { get }

    /// Does the work. In a worker this runs in the child process; it may also be called in-process.
    func run(in context: IsolatedContext<Self>) async -> Output
}

/// What a running ``IsolatedJob`` may use: a way to report progress, a logger, and whether the
/// process ends right after the job (so that teardown that could hang may be left to the exit).
public struct IsolatedContext<Job: IsolatedJob>: Sendable {
    /// A logger for the job's own lines. In a worker it writes to standard error, which the
    /// parent captures (``IsolatedRun/diagnostics``); off unless the parent asked for a level.
    public let logger: Logger
    /// True in a worker: the process exits as soon as the output is written, so a job need not
    /// wait for a teardown that a stuck C library could hang (the exit ends it).
    public let processEndsAfterJob: Bool
    private let send: @Sendable (Job.Progress) -> Void

    /// A context that passes progress to `progress` (in-process use, and tests).
    public init(
        logger: Logger = Logger(label: "reel.isolation", factory: { _ in SwiftLogNoOpLogHandler() }),
        processEndsAfterJob: Bool = false,
        progress: @escaping @Sendable (Job.Progress) -> Void = { _ in }
    ) {
        self.logger = logger
        self.processEndsAfterJob = processEndsAfterJob
        send = progress
    }

    /// Reports what is known so far.
    public func report(_ progress: Job.Progress) { send(progress) }
}
