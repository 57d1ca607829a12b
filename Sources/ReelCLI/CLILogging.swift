import Foundation
import Logging

/// The command line's one log setting: `--verbose` shows Reel's log lines (the engine's, the
/// workers') on standard error from `info` up; without it nothing is logged.
enum CLILogging {
    /// A logger for `label` that prints to standard error from `info` up when `verbose`, and does
    /// nothing otherwise.
    static func logger(_ label: String, verbose: Bool) -> Logger {
        guard verbose else { return Logger(label: label, factory: { _ in SwiftLogNoOpLogHandler() }) }
        var logger = Logger(label: label, factory: { StandardErrorLogHandler(label: $0) })
        logger.logLevel = .info
        return logger
    }

    /// A logger that hands each line from `info` up to `sink` as `[level] module: text` (libmpv's
    /// level and module when the line has them), for `reel play`, whose reporter prints log lines
    /// itself (as JSON `log` records with `--json`):
    /// `configuration.logger = CLILogging.logger("reel.mpv") { input.yield(.log($0)) }`.
    static func logger(_ label: String, forwardingTo sink: @escaping @Sendable (String) -> Void) -> Logger {
        var logger = Logger(label: label, factory: { _ in ForwardingLogHandler(sink: sink) })
        logger.logLevel = .info
        return logger
    }
}

/// Hands each line to a closure as `[level] module: text`.
struct ForwardingLogHandler: LogHandler {
    let sink: @Sendable (String) -> Void
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let level = merged["mpv.level"].map { "\($0)" } ?? "\(event.level)"
        let module = merged["mpv.module"] ?? merged["reel.source"] ?? "reel"
        sink("[\(level)] \(module): \(event.message)")
    }
}

/// Prints each line to standard error as `reel: [level] message (metadata)`, in one write, so
/// that lines from different threads never interleave.
struct StandardErrorLogHandler: LogHandler {
    let label: String
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let details = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        Console.error("reel: [\(event.level)] \(event.message)\(details.isEmpty ? "" : " (\(details))")\n")
    }
}
