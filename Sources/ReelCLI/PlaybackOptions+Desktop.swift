import ReelDesktop
import ReelPlayer
import ReelPulse

extension PlaybackOptions {
    /// The desktop integration these flags ask for: `--no-mpris` turns off MPRIS, sleep and the
    /// screensaver, `--no-audio` the audio output (there is none to lose).
    var desktopConfiguration: DesktopIntegration.Configuration {
        var configuration = DesktopIntegration.Configuration()
        if noMpris { configuration.parts.subtract([.mpris, .sleep, .screenSaver]) }
        if noAudio { configuration.parts.remove(.audioOutput) }
        return configuration
    }

    /// Integrates `player` (shown in `window`, if any) with the desktop. Why MPRIS is off goes to
    /// standard error in one line; why another part is off only with `--verbose`, as does a pause
    /// for a lost audio output.
    @MainActor func makeDesktopIntegration(player: Player, window: (any DesktopWindow)?) -> DesktopIntegration {
        let verbose = verbose
        let desktop = DesktopIntegration(player: player, window: window, configuration: desktopConfiguration) {
            issue in
            if issue.part == .mpris || verbose { Console.error("reel: \(issue.message)\n") }
        }
        desktop.onAudioOutputLost = { loss in
            if verbose { Console.error("reel: paused: the audio output \(loss.output) went away\n") }
        }
        return desktop
    }
}
