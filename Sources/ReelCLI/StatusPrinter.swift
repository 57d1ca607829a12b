import Foundation
import ReelComposable
import ReelCore
import ReelPlayer

/// Reports playback as text: one line per state transition on standard output (errors on
/// standard error) and, when standard output is a terminal, a live status line redrawn in place.
///
/// ```text
/// ⏳ buffering (opening)
/// ▶ playing
/// ⏸ paused (end of media)
/// ```
@MainActor
final class StatusPrinter: PlaybackReporter {
    /// Also print item events, seeks, track lists and the engine's log.
    private let verbose: Bool
    /// Whether the live status line is drawn.
    private let live: Bool
    /// The status line on screen now, if any.
    private var statusLine: String?
    /// Whether playback figures are printed (`--stats`): a block every few seconds, the
    /// session's at the end, and the engine's lines about a failure.
    var showsMetrics = false
    /// When the last block of figures was printed.
    var lastStats: ContinuousClock.Instant?

    /// `\r` and "erase the whole line".
    private static let clearLine = "\r\u{1B}[2K"

    /// Creates a printer; `live` draws the status line (pass whether standard output is a terminal).
    init(verbose: Bool, live: Bool = Console.isOutputTerminal) {
        self.verbose = verbose
        self.live = live
    }

    /// The item named last: a start of the same item again (a live stream reloaded, one item
    /// looping) is not named again.
    private var named: MediaItem?

    func begin(_ item: MediaItem, keysEnabled: Bool) {
        var line = "Playing \(Self.name(of: item))"
        if keysEnabled { line += "  (space: pause/play, ←/→: back/forward 5 s, >/<: next/previous, q: quit)" }
        Console.out(line + "\n")
        named = item
    }

    /// A file's name, or an address.
    private static func name(of item: MediaItem) -> String {
        item.url.isFileURL ? item.url.lastPathComponent : item.url.absoluteString
    }

    func report(_ event: PlayerEvent, playback: PlaybackInfo) {
        switch event {
        case .stateChanged(let state):
            if case .paused(.error) = state {
                printLine(state.sentence, toError: true)
            } else {
                printLine(state.sentence)
            }
        case .itemStarted(let id, let item):
            // Each item of a queue is named as it starts; the first was named by `begin`.
            if let item, item != named {
                printLine("Playing \(Self.name(of: item))")
                named = item
            }
            if verbose { printLine("· item \(id) started") }
        case .itemEnded(let id, let reason) where verbose:
            printLine("· item \(id) ended (\(reason.identifier))")
        case .seeked(let position) where verbose:
            printLine("· seeked to \(TimeLabel.format(position))")
        case .tracksChanged(let tracks) where verbose:
            let names = tracks.map { "\($0.kind.rawValue) \($0.displayName)" }
            printLine(tracks.isEmpty ? "· no tracks" : "· \(tracks.count) tracks: " + names.joined(separator: ", "))
        case .commandFailed(let command, let error):
            printLine("⚠ \(command.identifier) failed: \(error.message)", toError: true)
        default:
            break
        }
        draw(playback)
    }

    func tick(_ playback: PlaybackInfo) { draw(playback) }

    func report(_ error: PlayerError, command: EngineCommand?) {
        switch command {
        case .none, .load: printLine("✖ error: \(error.message)", toError: true)
        case let command?: printLine("⚠ \(command.identifier) refused: \(error.message)", toError: true)
        }
    }

    func log(_ line: String) { printLine(line, toError: true) }

    func end(exitCode: Int32) {
        if statusLine != nil { Console.out(Self.clearLine) }
        statusLine = nil
    }

    // MARK: - Drawing

    /// Prints a line above the status line, then draws the status line again.
    func printLine(_ text: String, toError: Bool = false) {
        let redraw = statusLine
        if redraw != nil { Console.out(Self.clearLine) }
        if toError { Console.error(text + "\n") } else { Console.out(text + "\n") }
        if let redraw { Console.out(redraw) }
    }

    /// Redraws the status line when its text changed.
    private func draw(_ playback: PlaybackInfo) {
        guard live, playback.item != nil else { return }
        let now = HostTime.now
        let progress = TimeLabel.progress(playback.position(at: now), of: playback.duration)
        var text = "\(playback.playerState.symbol) \(progress)"
        if let buffered = playback.bufferedPosition(at: now) {
            text += "  [buffered up to \(TimeLabel.format(buffered))]"
        }
        guard text != statusLine else { return }
        Console.out(Self.clearLine + text)
        statusLine = text
    }
}
