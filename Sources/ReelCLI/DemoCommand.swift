import ArgumentParser
import Foundation
import ReelCore

/// `reel demo`: plays a generated demo clip exactly as `reel play` would.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Play a 20-second demo clip with two audio and two subtitle tracks and three chapters.",
        discussion: """
            The clip is generated with ffmpeg on first use and cached in $REEL_CACHE_DIR, else \
            $XDG_CACHE_HOME/reel, else ~/.cache/reel. Playback works as in `reel play`: in a \
            window with every control when there is a display, headless otherwise.
            """
    )

    @Flag(help: "Generate the demo clip again even if a cached copy exists.")
    var regenerate = false

    @Flag(help: "Only make sure the clip exists and print its path; do not play it.")
    var generateOnly = false

    @OptionGroup var playback: PlaybackOptions

    @MainActor func run() async throws {
        OutputOptions.quietPipeWireLog()
        let clip = DemoClip(directory: CacheDirectory.resolve())
        if regenerate || !clip.isCached {
            // Keep standard output pure JSON lines with --json, and the path alone with
            // --generate-only (`clip=$(reel demo --generate-only)`).
            let quiet = playback.json || generateOnly
            let announce = { (text: String) in quiet ? Console.error(text) : Console.out(text) }
            announce("Generating the demo clip…\n")
            let started = ContinuousClock.now
            do {
                try await clip.generate()
            } catch {
                Console.error("reel: \(error.description)\n")
                throw ExitCode.failure
            }
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            announce("Generated \(clip.url.path) in \(String(format: "%.1f", seconds)) s.\n")
        }
        if generateOnly {
            Console.out("\(clip.url.path)\n")
            return
        }
        let exitCode = await WindowSession.play(SessionQueue(items: [MediaItem(url: clip.url)]), options: playback)
        if exitCode != 0 { throw ExitCode(exitCode) }
    }
}
