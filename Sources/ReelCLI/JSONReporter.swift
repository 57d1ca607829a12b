import Foundation
import ReelCore
import ReelPlayer

/// Reports playback as JSON lines on standard output (see ``JSONRecord``): every state
/// transition, item start and end, seek and error, and a position sample once a second while
/// playing. Error messages also go to standard error, as in text mode.
@MainActor
final class JSONReporter: PlaybackReporter {
    /// Also report track lists and the engine's log.
    private let verbose: Bool
    /// When the last position sample was written.
    private var lastSample: HostTime?

    /// Creates a reporter.
    init(verbose: Bool) { self.verbose = verbose }

    func begin(_ item: MediaItem, keysEnabled: Bool) {}

    func report(_ event: PlayerEvent, playback: PlaybackInfo) {
        let now = HostTime.now
        switch event {
        case .stateChanged(let state):
            write(.state(state, playback: playback, at: now))
            if case .paused(.error(let error)) = state {
                write(.error(error))
                Console.error("reel: \(error.message)\n")
            }
            if state == .playing { lastSample = now }
        case .itemStarted(let id, let item):
            var record = JSONRecord(event: "itemStarted")
            record.item = id.rawValue
            record.url = item?.url.absoluteString
            write(record)
        case .itemEnded(let id, let reason):
            var record = JSONRecord(event: "itemEnded")
            record.item = id.rawValue
            record.reason = reason.identifier
            write(record)
        case .seeked(let position):
            var record = JSONRecord(event: "seeked")
            record.position = JSONRecord.rounded(position)
            write(record)
        case .tracksChanged(let tracks) where verbose:
            var record = JSONRecord(event: "tracks")
            record.tracks = tracks
            write(record)
        case .tracksChanged:
            break
        case .commandFailed(let command, let error):
            write(.error(error, command: command))
        }
    }

    func tick(_ playback: PlaybackInfo) {
        let now = HostTime.now
        guard playback.playerState == .playing else { return }
        if let lastSample, now.seconds(since: lastSample) < 1 { return }
        lastSample = now
        write(.position(playback, at: now))
    }

    func report(_ error: PlayerError, command: EngineCommand?) {
        write(.error(error, command: command))
        Console.error("reel: \(error.message)\n")
    }

    func log(_ line: String) {
        guard verbose else { return }
        var record = JSONRecord(event: "log")
        record.message = line
        write(record)
    }

    func end(exitCode: Int32) {}

    private func write(_ record: JSONRecord) { Console.out(record.line()) }
}
