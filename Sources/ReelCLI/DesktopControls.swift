import ReelCore
import ReelMPRIS
import ReelPlayer

/// A playing session's desktop integration, all over D-Bus: MPRIS (desktop media controls,
/// media keys, `playerctl`), logind's sleep as an interruption, and the screensaver kept off
/// while video plays. `--no-mpris` turns it all off.
///
/// Each part is optional: without a session bus the session plays on, and one line on standard
/// error says why MPRIS is off (the sleep monitor and the screensaver say so only with
/// `--verbose`).
@MainActor
final class DesktopControls {
    /// The MPRIS service, when it is on the bus: the session sets its hooks.
    let mpris: MPRISService?
    private let sleep: SleepMonitor?
    private let screensaver: ScreenSaverInhibitor?

    /// Publishes `target` and starts watching sleep. `onSleep` gets `true` before the system
    /// sleeps and `false` after it woke.
    init(
        _ target: any RemoteControllable, options: PlaybackOptions, onSleep: @escaping @MainActor (Bool) -> Void
    ) {
        guard !options.noMpris else {
            mpris = nil
            sleep = nil
            screensaver = nil
            return
        }
        let service = MPRISService(target)
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
        let inhibitor = ScreenSaverInhibitor(target)
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

    /// Publishes `player`; sleep interrupts it (``ReelPlayer/Player/beginInterruption()``).
    convenience init(player: Player, options: PlaybackOptions) {
        self.init(player, options: options) { [weak player] sleeping in
            if sleeping {
                player?.beginInterruption()
            } else {
                player?.endInterruption(shouldResume: true)
            }
        }
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

    /// What MPRIS's `Fullscreen` writes do (`CanSetFullscreen` is true once set).
    var onSetFullscreen: (@MainActor (Bool) -> Void)? {
        get { mpris?.onSetFullscreen }
        set { mpris?.onSetFullscreen = newValue }
    }

    /// Whether the window is fullscreen, as MPRIS shows it.
    var isFullscreen: Bool {
        get { mpris?.isFullscreen ?? false }
        set { mpris?.isFullscreen = newValue }
    }

    /// Leaves the buses, releasing the screensaver.
    func stop() {
        screensaver?.stop()
        sleep?.stop()
        mpris?.stop()
    }
}
