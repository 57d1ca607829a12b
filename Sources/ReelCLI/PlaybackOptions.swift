import ArgumentParser
import ReelComposable
import ReelContainer
import ReelCore
import ReelMPV

/// The flags every playing subcommand shares (`reel play`, `reel demo`).
struct PlaybackOptions: ParsableArguments {
    @Flag(help: "Print one JSON object per line (state transitions, items, errors, positions) instead of text.")
    var json = false

    @Flag(
        help: """
            Show playback statistics (decoder, time to first frame, bit rates, bytes, stalls, \
            dropped frames): over the video in a window (i toggles them there), in the status \
            output headless.
            """)
    var stats = false

    @Flag(help: "Play without a window even when there is a display (DISPLAY).")
    var headless = false

    @Flag(help: "Play without sound (the engine's audio output is null).")
    var noAudio = false

    @Flag(help: "Also print item events, seeks, track lists and the engine's log.")
    var verbose = false

    @Flag(
        help: """
            Do not publish the player on D-Bus (MPRIS: desktop media controls, media keys, \
            playerctl), watch logind's sleep or inhibit the screensaver.
            """)
    var noMpris = false

    @Option(
        help: ArgumentHelp(
            "When the window's controls show: auto (hide after 3 s of no input while playing), always, never, manual.",
            valueName: "style"))
    var controls: ControlsStyle = .auto

    @Flag(
        help: """
            Play in mpv's own window with its on-screen controller and keys (MPlayerKit's system \
            player) instead of Reel's window; needs a display.
            """)
    var systemPlayer = false

    @Flag(
        help: """
            Start in picture in picture: a small borderless window that stays above the others \
            (hover it for restore and close).
            """)
    var pictureInPicture = false

    @Option(
        help: ArgumentHelp(
            "Where the window's s key writes screenshots (default: the current directory).", valueName: "folder"))
    var screenshotDir: String?

    @Option(
        help: ArgumentHelp(
            "Hardware decoding: off, or auto-safe (a GPU decoder when a safe one exists).", valueName: "mode"))
    var hwdec: HardwareDecodingOption = .off

    @Option(help: ArgumentHelp("How the picture fills the window: fit, fill or stretch.", valueName: "gravity"))
    var gravity: VideoGravity = .fit

    @OptionGroup var settings: PlayerSettingsOptions

    @Option(
        help: ArgumentHelp(
            "Seconds an item may take to become ready before it fails with a timeout (default: 15 for files, 45 for addresses).",
            valueName: "seconds"))
    var openTimeout: Double?

    @Option(
        name: .customLong("allow-scheme"),
        help: ArgumentHelp(
            "Also play addresses with this scheme: rtsp, rtsps, rtmp, rtmps or srt for live sources (may repeat).",
            valueName: "scheme"),
        transform: SchemeArgument.init(parsing:))
    var allowedSchemes: [SchemeArgument] = []

    func validate() throws {
        if let openTimeout, !(openTimeout.isFinite && openTimeout > 0) {
            throw ValidationError("--open-timeout must be a positive number of seconds.")
        }
    }

    /// The player's readiness deadline: `--open-timeout` for every item, or the standard one.
    var readinessDeadline: PlayerFeature.ReadinessDeadline {
        guard let openTimeout else { return .standard }
        let deadline = Duration.milliseconds(Int64((openTimeout * 1000).rounded()))
        return .init(local: deadline, network: deadline)
    }

    /// The engine configuration these flags ask for: the standard one without video output;
    /// with `--no-audio` the headless one; with `--system-player` mpv's own window. A window
    /// session switches video to the render API.
    var engineConfiguration: MPVConfiguration {
        var configuration: MPVConfiguration = noAudio ? .headless : .standard
        configuration.video = systemPlayer ? .ownWindow : .none
        configuration.hardwareDecoding = hwdec.setting
        configuration.urlPolicy = urlPolicy
        configuration.buffering = settings.buffering
        if systemPlayer, settings.fullscreen { configuration.options["fullscreen"] = "yes" }
        return configuration
    }

    /// The reporter these flags ask for.
    @MainActor func makeReporter() -> any PlaybackReporter {
        if json { return JSONReporter(verbose: verbose) }
        let printer = StatusPrinter(verbose: verbose)
        printer.showsMetrics = stats
        return printer
    }
}

/// When the window's controls show (`--controls`).
enum ControlsStyle: String, ExpressibleByArgument, CaseIterable {
    /// Shown on interaction, hidden after 3 s without any while playing.
    case auto
    /// Always shown.
    case always
    /// Never shown.
    case never
    /// Toggled by a tap.
    case manual

    /// The container's display style.
    var displayStyle: DisplayStyle {
        switch self {
        case .auto: .auto(hideAfter: 3)
        case .always: .always
        case .never: .never
        case .manual: .manual
        }
    }
}

/// `--hwdec`'s values, named as mpv names them.
enum HardwareDecodingOption: String, ExpressibleByArgument, CaseIterable {
    /// Software only.
    case off
    /// A safe GPU decoder when there is one.
    case autoSafe = "auto-safe"

    /// The engine's setting.
    var setting: MPVConfiguration.HardwareDecoding { self == .off ? .off : .autoSafe }
}
