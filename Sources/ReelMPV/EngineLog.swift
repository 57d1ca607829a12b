import Foundation
import Logging
import ReelCore
import Synchronization

/// How one libmpv instance's log lines reach the app: through ``MPVConfiguration/logger``, with
/// typed levels and metadata.
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
