import Foundation
import ReelCore

/// One line of `--json` output: an object whose `event` says what happened.
///
/// Absent values are left out rather than written as `null`. Keys are sorted, times are in
/// seconds rounded to milliseconds.
///
/// ```json
/// {"duration":2,"event":"state","position":2,"reason":"endOfMedia","state":"paused"}
/// {"code":"fileNotFound","engineCode":-13,"event":"error","message":"The file \"x.mp4\" could not be found."}
/// ```
struct JSONRecord: Encodable, Sendable {
    /// `state`, `position`, `itemStarted`, `itemEnded`, `seeked`, `tracks`, `error`, `log`,
    /// `accessLog`, `errorLog`, `metrics` (with `--stats`, once a second) or `summary` (at the end).
    var event: String
    /// The state's identifier (`playing`, `paused`, `buffering`), for `state`.
    var state: String?
    /// The reason of a state or of an item's end.
    var reason: String?
    /// The position in seconds.
    var position: Double?
    /// The duration in seconds; absent when unknown or live.
    var duration: Double?
    /// The end of the buffered range that holds the position, in seconds.
    var buffered: Double?
    /// The item's identifier, for item events.
    var item: UInt64?
    /// The item's address, for `itemStarted`.
    var url: String?
    /// The error code's identifier, for `error`.
    var code: String?
    /// The error's sentence, for `error`; the line, for `log`.
    var message: String?
    /// The engine's numeric error code, when there is one.
    var engineCode: Int?
    /// The engine's own words, when there are some.
    var detail: String?
    /// The HTTP status of an `httpStatus` error.
    var httpStatus: Int?
    /// The refused scheme of a `refusedScheme` error.
    var scheme: String?
    /// The command that failed, for a command's `error`.
    var command: String?
    /// The tracks, for `tracks`.
    var tracks: [Track]?
    /// An item's (or an access-log span's) playback figures, for `accessLog`, `metrics` and `summary`.
    var metrics: MetricsRecord?
    /// The session's figures, for `metrics` and `summary`.
    var session: SessionRecord?
    /// The engine's last lines about a failure, for `errorLog`.
    var engineLog: [String]?
    /// When it happened (ISO 8601), for `errorLog`.
    var date: String?
    /// The playback speed, for `state`, when it is not 1.
    var speed: Double?
    /// The volume (1 is unchanged loudness), for `state`, when it is not 1.
    var volume: Double?
    /// Whether sound is muted, for `state`, when it is.
    var muted: Bool?

    /// A state transition, with the position and duration at that moment.
    static func state(_ state: PlayerState, playback: PlaybackInfo, at now: HostTime) -> JSONRecord {
        var record = JSONRecord(event: "state")
        record.state = state.identifier
        record.reason = state.reasonIdentifier
        record.position = rounded(playback.position(at: now))
        record.duration = playback.duration.map(rounded)
        record.speed = playback.speed == 1 ? nil : playback.speed
        record.volume = playback.volume == 1 ? nil : rounded(playback.volume)
        record.muted = playback.isMuted ? true : nil
        return record
    }

    /// A position sample.
    static func position(_ playback: PlaybackInfo, at now: HostTime) -> JSONRecord {
        var record = JSONRecord(event: "position")
        record.position = rounded(playback.position(at: now))
        record.duration = playback.duration.map(rounded)
        record.buffered = playback.bufferedPosition(at: now).map(rounded)
        return record
    }

    /// An error, optionally of a command the engine had accepted.
    static func error(_ error: PlayerError, command: EngineCommand? = nil) -> JSONRecord {
        var record = JSONRecord(event: "error")
        record.code = error.code.identifier
        record.message = error.message
        record.engineCode = error.engineCode
        record.detail = error.engineDetail
        record.command = command?.identifier
        switch error.code {
        case .httpStatus(let status): record.httpStatus = status
        case .refusedScheme(let scheme): record.scheme = scheme
        case .connectionLost(let position): record.position = rounded(position)
        default: break
        }
        return record
    }

    /// Seconds rounded to milliseconds, so that lines stay short.
    static func rounded(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

    /// The record as one line of JSON with sorted keys, including the newline.
    func line() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{\"event\":\"\(event)\"}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
