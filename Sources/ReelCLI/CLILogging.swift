import Foundation
import Logging
import NIOConcurrencyHelpers

/// The command line's one log setting: `--verbose` shows Reel's log lines (the engine's, the
/// workers') on standard error from `info` up; without it nothing is logged.
enum CLILogging {
    /// A logger for `label` that prints to standard error from `info` up when `verbose`, and does
    /// nothing otherwise.
    static func logger(_ label: String, verbose: Bool) -> Logger {
        guard verbose else { return Logger(label: label, factory: { _ in SwiftLogNoOpLogHandler() }) }
        var logger = Logger(label: label, factory: { _ in DistinctLineLogHandler.standardError })
        logger.logLevel = .info
        return logger
    }

    /// A logger that hands each line from `info` up to `sink` as `[level] module: text` (libmpv's
    /// level and module when the line has them), for `reel play`, whose reporter prints log lines
    /// itself (as JSON `log` records with `--json`):
    /// `configuration.logger = CLILogging.logger("reel.mpv") { input.yield(.log($0)) }`.
    static func logger(_ label: String, forwardingTo sink: @escaping @Sendable (String) -> Void) -> Logger {
        var logger = Logger(label: label, factory: { _ in DistinctLineLogHandler.forwarding(to: sink) })
        logger.logLevel = .info
        return logger
    }
}

/// Which lines were already shown: each distinct message once per item (`reel.item`), so that a
/// library repeating itself (a live manifest's parser at every reload) cannot flood the terminal.
final class DistinctLines: Sendable {
    private let seen = NIOLockedValueBox<Set<String>>([])
    /// Past this many distinct lines the memory is cleared (a line may then show once more).
    let capacity: Int

    init(capacity: Int = 10_000) { self.capacity = capacity }

    /// True the first time `message` is logged for the item in `metadata`.
    func isFirst(_ message: Logger.Message, metadata: Logger.Metadata) -> Bool {
        let key = "\(metadata["reel.item"].map { "\($0)" } ?? "-")\u{1F}\(message)"
        return seen.withLockedValue { seen in
            if seen.count >= capacity { seen.removeAll() }
            return seen.insert(key).inserted
        }
    }
}

/// Writes each distinct line (once per item, ``DistinctLines``) through `write`, as `format`
/// makes it from the event and its merged metadata: the command line's two ways of showing a
/// log line share the rest.
struct DistinctLineLogHandler: LogHandler {
    let format: @Sendable (LogEvent, Logger.Metadata) -> String
    let write: @Sendable (String) -> Void
    let distinct = DistinctLines()
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        guard distinct.isFirst(event.message, metadata: merged) else { return }
        write(format(event, merged))
    }

    /// Hands each line to `sink` as `[level] module: text` (libmpv's level and module when the
    /// line has them).
    static func forwarding(to sink: @escaping @Sendable (String) -> Void) -> Self {
        Self(
            format: { event, merged in
                let level = merged["mpv.level"].map { "\($0)" } ?? "\(event.level)"
                let module = merged["mpv.module"] ?? merged["reel.source"] ?? "reel"
                return "[\(level)] \(module): \(event.message)"
            }, write: sink)
    }

    /// Prints each line to standard error as `reel: [level] message (metadata)`, in one write, so
    /// that lines from different threads never interleave.
    static var standardError: Self {
        Self(
            format: { event, merged in
                let details = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                return "reel: [\(event.level)] \(event.message)\(details.isEmpty ? "" : " (\(details))")\n"
            }, write: { Console.error($0) })
    }
}
