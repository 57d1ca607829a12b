import Foundation
import Logging
import ReelCore
import Synchronization

/// How one libmpv instance's log lines reach the app: through ``MPVConfiguration/logger``, with
/// typed levels and metadata, and (until every caller has moved to the logger) through the
/// older ``MPVConfiguration/logHandler``.
///
/// Metadata of every line: `reel.engine` (this process's number for the libmpv instance),
/// `reel.source` (`libmpv` or `libxml2`), `mpv.module` and `mpv.level` (libmpv's own prefix and
/// level name, for libmpv's lines) and `reel.item` (the ``ItemID`` being played, when there is
/// one).
struct EngineLog: Sendable {
    /// The logger with the engine's metadata set.
    let logger: Logger
    /// The engine's number in this process, from 1.
    let engine: UInt64

    private static let counter = Atomic<UInt64>(0)

    /// A log for a new libmpv instance of `configuration`.
    init(_ configuration: MPVConfiguration) {
        engine = Self.counter.add(1, ordering: .relaxed).newValue
        var logger = configuration.logger
        if let legacy = configuration.logHandler {
            let handlers: [any LogHandler] = [logger.handler, LegacyLogHandler(receiver: legacy)]
            logger = Logger(label: logger.label) { _ in MultiplexLogHandler(handlers) }
        }
        logger[metadataKey: "reel.engine"] = "\(engine)"
        self.logger = logger
    }

    /// Logs one of libmpv's lines (which carry FFmpeg's, libass's and the demuxers' messages).
    func libmpv(module: String, level: String, text: String, item: ItemID?) {
        let mapped = Self.level(mpv: level)
        guard logger.logLevel <= mapped else { return }
        var metadata: Logger.Metadata = [
            "reel.source": "libmpv", "mpv.module": .string(module), "mpv.level": .string(level),
        ]
        if let item { metadata["reel.item"] = "\(item.rawValue)" }
        logger.log(level: mapped, "\(text)", metadata: metadata)
    }

    /// Logs a line a C library would have printed to standard error itself.
    func library(_ source: String, _ text: String, item: ItemID?) {
        var metadata: Logger.Metadata = ["reel.source": .string(source)]
        if let item { metadata["reel.item"] = "\(item.rawValue)" }
        logger.warning("\(text)", metadata: metadata)
    }

    /// swift-log's level for a libmpv level name (``MPVConfiguration/logLevel``'s values):
    /// `fatal` → critical, `error` → error, `warn` → warning, `info` and `status` → info, `v` →
    /// debug, `debug` and `trace` → trace.
    static func level(mpv: String) -> Logger.Level {
        switch mpv {
        case "fatal": .critical
        case "error": .error
        case "warn": .warning
        case "info", "status": .info
        case "v": .debug
        default: .trace
        }
    }

    /// The libmpv level name that asks libmpv for every line at or above `level`.
    static func mpvLevel(for level: Logger.Level) -> String {
        switch level {
        case .critical: "fatal"
        case .error: "error"
        case .warning, .notice: "warn"
        case .info: "info"
        case .debug: "v"
        case .trace: "trace"
        }
    }
}

/// Hands lines to ``MPVConfiguration/logHandler`` as ``MPVConfiguration/LogMessage``s, as before
/// the engine logged through swift-log.
private struct LegacyLogHandler: LogHandler {
    let receiver: @Sendable (MPVConfiguration.LogMessage) -> Void
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let metadata = self.metadata.merging(event.metadata ?? [:]) { _, new in new }
        let module = metadata["mpv.module"].map { "\($0)" } ?? metadata["reel.source"].map { "\($0)" } ?? "reel"
        let level = metadata["mpv.level"].map { "\($0)" } ?? EngineLog.mpvLevel(for: event.level)
        receiver(MPVConfiguration.LogMessage(prefix: module, level: level, text: "\(event.message)"))
    }
}
