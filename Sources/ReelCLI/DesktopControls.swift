import ReelCore
import ReelMPRIS
import ReelPlayer
import ReelPulse

/// A playing session's desktop integration: over D-Bus, MPRIS (desktop media controls, media
/// keys, `playerctl`), logind's sleep as an interruption, and the screensaver kept off while
/// video plays (`--no-mpris` turns these off); on the sound server, a pause when the audio
/// output goes away (off with `--no-audio`).
///
/// Each part is optional: without a session bus the session plays on, and one line on standard
/// error says why MPRIS is off (the sleep monitor, the screensaver and the sound server say so
/// only with `--verbose`).
@MainActor
final class DesktopControls {
    /// The MPRIS service, when it is on the bus: the session sets its hooks.
    let mpris: MPRISService?
    private let sleep: SleepMonitor?
    private let screensaver: ScreenSaverInhibitor?
    private let audioOutput: AudioOutputMonitor?

    /// Publishes `player` and starts watching sleep and the audio output. `onSleep` gets `true`
    /// before the system sleeps and `false` after it woke; `onOutputLost` is called when the
    /// audio output this process plays on goes away.
    init(
        _ player: Player, options: PlaybackOptions, onSleep: @escaping @MainActor (Bool) -> Void,
        onOutputLost: @escaping @MainActor () -> Void
    ) {
        audioOutput = options.noAudio ? nil : Self.watchAudioOutput(verbose: options.verbose, onOutputLost)
        guard !options.noMpris else {
            mpris = nil
            sleep = nil
            screensaver = nil
            return
        }
        let service = MPRISService(player)
        do {
            try service.start()
            mpris = service
        } catch {
            Console.error("reel: MPRIS is off: \(error.message)\n")
            mpris = nil
        }
        let verbose = options.verbose
        let monitor = SleepMonitor(onPrepareForSleep: onSleep)
        do {
            try monitor.start()
            sleep = monitor
        } catch {
            if verbose { Console.error("reel: sleep is not watched: \(error.message)\n") }
            sleep = nil
        }
        let inhibitor = ScreenSaverInhibitor(player)
        inhibitor.onFailure = { reason in
            if verbose { Console.error("reel: the screensaver is not inhibited: \(reason)\n") }
        }
        do {
            try inhibitor.start()
            screensaver = inhibitor
        } catch {
            if verbose { Console.error("reel: the screensaver is not inhibited: \(error.message)\n") }
            screensaver = nil
        }
    }

    /// Publishes `player`; sleep interrupts it (``ReelPlayer/Player/beginInterruption()``), and
    /// so does losing the audio output (``ReelPlayer/Player/interrupt()``), with nothing resuming.
    convenience init(player: Player, options: PlaybackOptions) {
        self.init(
            player, options: options,
            onSleep: { [weak player] sleeping in
                if sleeping {
                    player?.beginInterruption()
                } else {
                    player?.endInterruption(shouldResume: true)
                }
            },
            onOutputLost: { [weak player] in player?.interrupt() })
    }

    /// A monitor of this process's audio output, connecting in the background (without a sound
    /// server it stays off, and says so with `--verbose`).
    private static func watchAudioOutput(
        verbose: Bool, _ onOutputLost: @escaping @MainActor () -> Void
    ) -> AudioOutputMonitor {
        let monitor = AudioOutputMonitor { loss in
            if verbose { Console.error("reel: paused: the audio output \(loss.output) went away\n") }
            onOutputLost()
        }
        monitor.onFailure = { reason in
            if verbose { Console.error("reel: the audio output is no longer watched: \(reason)\n") }
        }
        Task {
            do throws(SoundServerError) {
                try await monitor.start()
            } catch {
                if verbose { Console.error("reel: the audio output is not watched: \(error.message)\n") }
            }
        }
        return monitor
    }

    /// What MPRIS's `Quit` does (`CanQuit` is true once set).
    var onQuit: (@MainActor () -> Void)? {
        get { mpris?.onQuit }
        set { mpris?.onQuit = newValue }
    }

    /// What MPRIS's `Raise` does (`CanRaise` is true once set).
    var onRaise: (@MainActor () -> Void)? {
        get { mpris?.onRaise }
        set { mpris?.onRaise = newValue }
    }

    /// Leaves the buses, releasing the screensaver.
    func stop() {
        audioOutput?.stop()
        screensaver?.stop()
        sleep?.stop()
        mpris?.stop()
    }
}
