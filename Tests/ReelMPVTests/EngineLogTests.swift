import Foundation
import Logging
import NIOConcurrencyHelpers
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

@testable import ReelMPV

/// The engine's log lines go through swift-log: typed levels, the engine's and the item's
/// metadata, and libmpv asked for what the logger's level wants.
@MainActor
@Suite("The engine's log")
struct EngineLogTests {
    @Test func libmpvsLinesReachTheLoggerWithLevelsAndMetadata() async throws {
        let lines = LogLines()
        var configuration = MPVConfiguration.headless
        // The logger's level alone asks libmpv for its info lines (``MPVConfiguration/logLevel``
        // stays at warn).
        configuration.logger = Logger(label: "test.reel") { _ in lines.handler(level: .info) }
        let player = Player(engine: try MPVEngine(configuration: configuration))
        try player.load(MediaItem(url: try await MediaFixtures.url(for: .shortClip)))
        try await player.until(state: .playing, timeout: .seconds(15))
        let item = try #require(player.playback.itemID)
        await player.shutdown()

        let opened = try #require(lines.all.first { $0.text.contains("Video --vid=1") }, "\(lines.all.map(\.text))")
        #expect(opened.level == .info)
        #expect(opened.metadata["mpv.module"] == "cplayer")
        #expect(opened.metadata["mpv.level"] == "info")
        #expect(opened.metadata["reel.source"] == "libmpv")
        #expect(opened.metadata["reel.item"] == "\(item.rawValue)")
        #expect(opened.metadata["reel.engine"] != nil)
        // Below the logger's level: asked of libmpv, never handed on.
        #expect(!lines.all.contains { $0.level < .info })
    }

    @Test func libxml2sComplaintAboutAManifestReachesTheLoggerOnce() async throws {
        let lines = LogLines()
        var configuration = MPVConfiguration.headless
        configuration.logger = Logger(label: "test.reel") { _ in lines.handler(level: .warning) }
        let player = Player(engine: try MPVEngine(configuration: configuration))
        try player.load(MediaItem(url: try await UntrustedMedia.complainingDASHManifest()))
        try await player.until(state: .playing, timeout: .seconds(15))
        let item = try #require(player.playback.itemID)
        await player.shutdown()
        let complaints = lines.all.filter { $0.metadata["reel.source"] == "libxml2" }
        let namespace = complaints.filter { $0.text.contains("namespace error : Namespace prefix yt") }
        #expect(namespace.count == 1, "\(complaints.map(\.text))")
        #expect(namespace.first?.level == .warning)
        #expect(namespace.first?.metadata["reel.item"] == "\(item.rawValue)")
    }

    @Test func eachEngineHasItsOwnNumberAndNothingIsLoggedByDefault() throws {
        // The default logger is off: a library prints nothing an app did not ask for.
        #expect(MPVConfiguration.headless.logger.handler is SwiftLogNoOpLogHandler)
        var configuration = MPVConfiguration.headless
        configuration.logger = Logger(label: "test.reel") { _ in LogLines().handler(level: .warning) }
        let first = EngineLog(configuration)
        let second = EngineLog(configuration)
        #expect(first.engine != second.engine)
        #expect(first.logger[metadataKey: "reel.engine"] == "\(first.engine)")
        #expect(first.logger.logLevel == .warning)
        // libmpv is asked for what the logger wants, and never for less than the lines that
        // explain failures.
        #expect(configuration.requestedLogLevel == "warn")
        configuration.logger.logLevel = .debug
        #expect(configuration.requestedLogLevel == "v")
        configuration.logger.logLevel = .critical
        #expect(configuration.requestedLogLevel == "warn")
        configuration.logLevel = "trace"
        #expect(configuration.requestedLogLevel == "trace")
    }

    @Test(arguments: [
        ("fatal", Logger.Level.critical), ("error", .error), ("warn", .warning), ("info", .info),
        ("status", .info), ("v", .debug), ("debug", .trace), ("trace", .trace),
    ])
    func libmpvsLevelsMapToSwiftLogs(_ name: String, _ level: Logger.Level) {
        #expect(EngineLog.level(mpv: name) == level)
    }
}

/// Log events collected by a handler, from any thread.
final class LogLines: Sendable {
    struct Line: Sendable {
        var level: Logger.Level
        var text: String
        var metadata: [String: String]
    }

    private let lines = NIOLockedValueBox<[Line]>([])

    var all: [Line] { lines.withLockedValue { $0 } }

    func append(level: Logger.Level, text: String, metadata: [String: String]) {
        lines.withLockedValue { $0.append(Line(level: level, text: text, metadata: metadata)) }
    }

    func handler(level: Logger.Level) -> Handler { Handler(lines: self, logLevel: level) }

    struct Handler: LogHandler {
        let lines: LogLines
        var logLevel: Logger.Level
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
            lines.append(level: event.level, text: "\(event.message)", metadata: merged.mapValues { "\($0)" })
        }
    }
}
