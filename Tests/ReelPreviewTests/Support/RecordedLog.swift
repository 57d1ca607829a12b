import Logging
import NIOConcurrencyHelpers
import ReelTestSupport
import ReelTesting

/// The lines a ``Logger`` received, for tests: each as "level: message [key=value …]", counted
/// under "line" so a test can wait for them.
final class RecordedLog: Sendable {
    private let lines = NIOLockedValueBox<[String]>([])
    /// Counts "line".
    let signal = CountSignal()

    /// A logger at `trace` that records here.
    var logger: Logger {
        var logger = Logger(label: "test.reel") { _ in Handler(log: self) }
        logger.logLevel = .trace
        return logger
    }

    /// Every line so far.
    var recorded: [String] { lines.withLockedValue { $0 } }

    fileprivate func append(_ line: String) {
        lines.withLockedValue { $0.append(line) }
        signal.increment("line")
    }

    private struct Handler: LogHandler {
        let log: RecordedLog
        var logLevel = Logger.Level.trace
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
            let tags = merged.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
            log.append("\(event.level): \(event.message)\(tags)")
        }
    }
}
