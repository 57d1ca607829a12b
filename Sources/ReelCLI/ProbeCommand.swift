import ArgumentParser
import Foundation
import ReelCore
import ReelMPV
import ReelPlayer

/// `reel probe <file|url>`: opens an item without playing it and prints what it holds.
struct ProbeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Open a file or URL without playing it and print its duration, tracks, chapters and metadata.",
        discussion: "Exits with 1 when the item cannot be opened, its address is refused, or it does not open in time."
    )

    @Argument(
        help: ArgumentHelp(
            "A file path (~ and relative paths allowed) or a URL such as https://host/clip.mp4.",
            valueName: "file|url"),
        transform: MediaArgument.init(parsing:))
    var media: MediaArgument

    @Flag(help: "Print the report as one JSON object.")
    var json = false

    @Option(help: ArgumentHelp("Seconds to wait for the item to open.", valueName: "seconds"))
    var timeout: Double = 10

    func validate() throws {
        guard timeout.isFinite, timeout > 0 else {
            throw ValidationError("--timeout must be a positive number of seconds.")
        }
    }

    @MainActor func run() async throws {
        Console.ignoreBrokenPipes()
        let player: Player
        do {
            player = Player(engine: try MPVEngine(configuration: .headless))
        } catch {
            throw fail(.player(error))
        }
        let result = await probe(player)
        await player.shutdown()
        switch result {
        case .success(let report):
            if json {
                Console.out(try report.json())
            } else {
                Console.out(report.text())
            }
        case .failure(let error):
            throw fail(error)
        }
    }

    /// Loads the item paused and waits until it is open (or failed).
    @MainActor private func probe(_ player: Player) async -> Result<ProbeReport, CLIError> {
        do {
            try player.load(MediaItem(url: media.url), autoplay: false)
        } catch {
            return .failure(.player(error))
        }
        let opened = await player.wait(timeout: .seconds(timeout)) { $0.status != .loading }
        switch player.playback.status {
        case .ready, .ended:
            return .success(ProbeReport(url: media.url, playback: player.playback))
        case .failed(let error):
            return .failure(.player(error))
        case .loading, .idle:
            if opened { return .failure(.player(PlayerError(.unknown))) }
            return .failure(.timedOut(seconds: timeout, target: media.displayName))
        }
    }

    /// Prints `error` (as JSON too with `--json`) and returns the exit code to throw.
    private func fail(_ error: CLIError) -> ExitCode {
        if json {
            var record = JSONRecord(event: "error")
            record.code = error.identifier
            record.message = error.description
            if case .player(let playerError) = error { record = .error(playerError) }
            Console.out(record.line())
        }
        Console.error("reel: \(error.description)\n")
        return .failure
    }
}
