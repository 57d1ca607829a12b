import ReelCore
import ReelPlayer

/// What `reel play` tells its user while a ``PlaybackSession`` runs: text for people
/// (``StatusPrinter``) or JSON lines for programs (``JSONReporter``).
///
/// Every method runs on the main actor, in the order things happened.
@MainActor
protocol PlaybackReporter: AnyObject {
    /// Playback of `item` is about to begin; `keysEnabled` says whether keys are read.
    func begin(_ item: MediaItem, keysEnabled: Bool)

    /// The player reported `event`; `playback` is the player's state now.
    func report(_ event: PlayerEvent, playback: PlaybackInfo)

    /// Called about four times a second, for the live status line and position samples.
    func tick(_ playback: PlaybackInfo)

    /// A command failed at once (a refused address, a call the engine rejected).
    func report(_ error: PlayerError, command: EngineCommand?)

    /// The engine wrote a log line (only with `--verbose`).
    func log(_ line: String)

    /// The session ends (with `exitCode`); the status line is cleared.
    func end(exitCode: Int32)

    /// An access-log or error-log entry was completed (see `SessionMetricsReporting.swift`).
    func report(_ entry: MetricsLogEntry)

    /// The playback figures now (with `--stats`, once a second).
    func stats(_ metrics: PlaybackMetrics, playback: PlaybackInfo)

    /// The session's last figures, after the player shut down.
    func summary(_ metrics: PlaybackMetrics)
}
