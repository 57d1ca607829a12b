import ArgumentParser
import ReelMPV

/// The flags every playing subcommand shares (`reel play`, `reel demo`).
struct PlaybackOptions: ParsableArguments {
    @Flag(help: "Print one JSON object per line (state transitions, items, errors, positions) instead of text.")
    var json = false

    @Flag(help: "Play without a window. Currently the only mode; a window comes later.")
    var headless = false

    @Flag(help: "Play without sound (the engine's audio output is null).")
    var noAudio = false

    @Flag(help: "Also print item events, seeks, track lists and the engine's log.")
    var verbose = false

    /// The engine configuration these flags ask for: the standard one without video output;
    /// with `--no-audio` the headless one.
    var engineConfiguration: MPVConfiguration {
        var configuration: MPVConfiguration = noAudio ? .headless : .standard
        configuration.video = .none
        return configuration
    }

    /// The reporter these flags ask for.
    @MainActor func makeReporter() -> any PlaybackReporter {
        json ? JSONReporter(verbose: verbose) : StatusPrinter(verbose: verbose)
    }
}
