import ArgumentParser
import Foundation
import ReelComposable
import ReelCore

/// `reel play <file|url>`: plays one item to its end, printing each state transition.
struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a file or URL to its end, printing each state transition.",
        discussion: """
            Exits with 0 at the end of the media (or on q), with 1 when the item cannot be played \
            or its address is refused, and with 130 on Ctrl-C. With an X display (DISPLAY) it plays \
            in a window with the player's controls (q or closing the window quits); --headless, or \
            no display, plays without one: then, when standard input is a terminal, space toggles \
            pause, ←/→ skip back/forward 5 seconds and q quits.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "A file path (~ and relative paths allowed) or a URL such as https://host/clip.mp4.",
            valueName: "file|url"),
        transform: MediaArgument.init(parsing:))
    var media: MediaArgument

    @Option(
        help: ArgumentHelp("Where to start: seconds (90, 12.5), m:ss or h:mm:ss.", valueName: "time"),
        transform: Self.parseTime)
    var start: TimeInterval?

    @OptionGroup var playback: PlaybackOptions

    @MainActor func run() async throws {
        let item = MediaItem(url: media.url, startPosition: start)
        let exitCode = await WindowSession.play(item, options: playback)
        if exitCode != 0 { throw ExitCode(exitCode) }
    }

    /// Parses `--start`.
    static func parseTime(_ text: String) throws(ValidationError) -> TimeInterval {
        guard let seconds = TimeLabel.seconds(from: text) else {
            throw ValidationError("\"\(text)\" is not a time: use seconds (90, 12.5), m:ss or h:mm:ss.")
        }
        return seconds
    }
}
