import Foundation
import Logging
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The worker's side of ``Isolation``: runs one job in this process and answers on standard
/// output, then exits.
///
/// Call it from the worker mode of the executable an ``Isolation`` names, with the job's name
/// (the last argument the isolation adds):
///
/// ```swift
/// // `myapp worker check`, run by Isolation(executable: …, arguments: ["worker"])
/// await IsolatedWorker.serve(name: CommandLine.arguments[2], jobs: IsolatedWorker.reelJobs)
/// ```
///
/// Before the job starts, standard output is set aside for the reply protocol and file descriptor
/// 1 is pointed at standard error, so that nothing a C library prints on either can be mistaken
/// for an answer; the parent captures both. The job's JSON is read from the first line of
/// standard input; when standard input then closes (the parent died), the worker exits at once.
public enum IsolatedWorker {
    /// The jobs Reel defines: ``MediaCheck``, ``ThumbnailJob`` and ``ProbeJob``.
    public static let reelJobs: [any IsolatedJob.Type] = [MediaCheck.self, ThumbnailJob.self, ProbeJob.self]

    /// Runs the job called `name` among `jobs` and exits: status 0 after the output is written,
    /// 64 for an unknown job name, 65 for a job that cannot be read, 70 when the parent went away.
    public static func serve(name: String, jobs: [any IsolatedJob.Type] = reelJobs) async -> Never {
        let replies = ReplyChannel.takeStandardOutput()
        guard let type = jobs.first(where: { $0.name == name }) else {
            Self.error("reel worker: no job named \"\(name)\"")
            _exit(64)
        }
        guard let line = readRequestLine() else {
            Self.error("reel worker: no job on standard input")
            _exit(65)
        }
        watchForParentExit()
        await serve(type, request: line, replies: replies)
    }

    private static func serve<Job: IsolatedJob>(_ type: Job.Type, request: Data, replies: ReplyChannel) async -> Never {
        let decoded: WorkerRequest<Job>
        do {
            decoded = try JSONDecoder().decode(WorkerRequest<Job>.self, from: request)
        } catch {
            Self.error("reel worker: the \(Job.name) job could not be read: \(error)")
            _exit(65)
        }
        var logger = Logger(label: "reel.worker.\(Job.name)", factory: { _ in SwiftLogNoOpLogHandler() })
        if let level = decoded.logLevel {
            logger = Logger(label: "reel.worker.\(Job.name)", factory: { _ in WorkerLogHandler() })
            logger.logLevel = level
        }
        let context = IsolatedContext<Job>(logger: logger, processEndsAfterJob: true) { progress in
            replies.send(WorkerReply<Job.Progress, Job.Output>(progress: progress, output: nil))
        }
        let output = await decoded.job.run(in: context)
        replies.send(WorkerReply<Job.Progress, Job.Output>(progress: nil, output: output))
        // Without teardown: a stuck library thread must not hold the exit up.
        _exit(0)
    }

    /// The first line of standard input, read byte by byte so that nothing past it is consumed.
    private static func readRequestLine() -> Data? {
        var line = Data()
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return line.isEmpty ? nil : line }
            if byte == 10 { return line }
            line.append(byte)
        }
    }

    /// Exits when standard input closes: the parent keeps it open for the whole run, so its end
    /// means the parent is gone and nobody waits for the answer.
    private static func watchForParentExit() {
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(STDIN_FILENO, &byte, 1)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { _exit(70) }
            }
        }
        thread.name = "reel-worker-parent-watch"
        thread.start()
    }

    private static func error(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

/// The worker's log lines on standard error, `[level] message (metadata)`, without a time stamp:
/// the parent keeps each distinct line once, and a time would make every repetition distinct.
struct WorkerLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        // The engine's number and the item say nothing across processes: one engine, one item.
        merged["reel.engine"] = nil
        merged["reel.item"] = nil
        let details = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let bytes = Array("[\(event.level)] \(event.message)\(details.isEmpty ? "" : " (\(details))")\n".utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

/// The worker's reply channel: a duplicate of the original standard output, written one whole
/// line at a time from any thread.
final class ReplyChannel: Sendable {
    private let descriptor: Int32
    private let lock = NIOLockedValueBox(())

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Moves standard output aside (the returned channel) and points descriptor 1 at standard
    /// error.
    static func takeStandardOutput() -> ReplyChannel {
        let reserved = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        return ReplyChannel(descriptor: reserved >= 0 ? reserved : STDOUT_FILENO)
    }

    func send<Value: Encodable>(_ value: Value) {
        guard var data = try? JSONEncoder().encode(value) else { return }
        data.append(10)
        lock.withLockedValue { _ in
            data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return
                    }
                    offset += written
                }
            }
        }
    }
}
