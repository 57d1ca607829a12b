import Observation
import ReelCore
import ReelMPRIS
import ReelPlayer
import ReelPulse

/// What a Linux desktop expects of a video player, for one ``/ReelPlayer/Player``: it appears in
/// the desktop's media controls and answers media keys and `playerctl` (MPRIS), pauses before
/// the system sleeps, keeps the screensaver off while video plays, and pauses when the audio
/// output it plays on goes away.
///
/// ```swift
/// let player = Player(engine: try MPVEngine(configuration: .standard))
/// let window = try PlayerWindow(player: player)
/// let desktop = DesktopIntegration(player: player, window: window) { issue in
///     print("reel: \(issue.message)")   // "MPRIS is off: …": playback goes on without it
/// }
/// try player.load(MediaItem(url: clip))
/// await window.run()
/// desktop.stop()
/// ```
///
/// Everything goes through the player, so the desktop and the app's own controls drive one
/// model: media keys and `playerctl` call the player's methods with the reason
/// ``/ReelCore/IntentReason/remote``; MPRIS's `Fullscreen` is the player's
/// ``/ReelPlayer/Player/presentation`` (settable while a window shows the video); sleep is an
/// interruption (``/ReelPlayer/Player/beginInterruption()``, resumed on waking as the player's
/// ``/ReelPlayer/Player/interruptionPolicy`` says); a lost audio output is
/// ``/ReelPlayer/Player/interrupt()``. MPRIS's `Raise` raises ``window`` and `Quit` closes it
/// (without a window, `Quit` stops the player); set ``mpris``'s hooks to do otherwise, and for
/// `Next` and `Previous`.
///
/// Each part is optional (``Configuration/parts``) and fails soft: a part that cannot start,
/// or stops working, is off, and ``issues`` (and ``onIssue``) say why; the player is never
/// affected. ``activeParts`` lists what works: the audio output's part comes back by itself when
/// its sound server does (a restart).
///
/// ## Threading
/// Main actor. The buses and the sound server are served on threads of their own.
///
/// ## Lifetime
/// The parts start in `init` (the sound server connects in the background) and run until
/// ``stop()`` or deinit.
@MainActor
@Observable
public final class DesktopIntegration {
    /// The player the desktop drives.
    public let player: Player
    /// The parts asked for and where they connect.
    public let configuration: Configuration
    /// What `Raise` raises and `Quit` closes, if anything shows the video. Not retained.
    @ObservationIgnored public weak var window: (any DesktopWindow)? {
        didSet { connectWindow() }
    }
    /// The parts that work now.
    public private(set) var activeParts: Set<Part> = []
    /// Why parts are off, oldest first: one entry for each part that could not start or
    /// stopped working.
    public private(set) var issues: [Issue] = []
    /// Called on the main actor with each new entry of ``issues``.
    @ObservationIgnored public var onIssue: (@MainActor (Issue) -> Void)?
    /// Called on the main actor after the player was paused because its audio output went away.
    @ObservationIgnored public var onAudioOutputLost: (@MainActor (AudioOutputLoss) -> Void)?
    /// Whether the parts run (until ``stop()``).
    public private(set) var isRunning = true

    /// The MPRIS service while it is on the bus (`Next`, `Previous`, `Shuffle` and `LoopStatus`
    /// follow the player's queue); replace its `onQuit` and `onRaise` to change what they do.
    @ObservationIgnored public private(set) var mpris: MPRISService?
    /// The logind monitor while it is connected.
    @ObservationIgnored public private(set) var sleepMonitor: SleepMonitor?
    /// The screensaver inhibitor while it is connected.
    @ObservationIgnored public private(set) var screenSaverInhibitor: ScreenSaverInhibitor?
    /// The sound-server monitor, from the moment it starts connecting.
    @ObservationIgnored public private(set) var audioOutputMonitor: AudioOutputMonitor?
    @ObservationIgnored private var audioOutputStart: Task<Void, Never>?

    /// Starts the parts `configuration` asks for, for `player` shown in `window` (nil when
    /// nothing shows the video, or the app handles `Raise` and `Quit` itself). `onIssue` is
    /// called for every issue, including those found here (it is ``onIssue``).
    public init(
        player: Player, window: (any DesktopWindow)? = nil, configuration: Configuration = Configuration(),
        onIssue: (@MainActor (Issue) -> Void)? = nil
    ) {
        self.player = player
        self.configuration = configuration
        self.window = window
        self.onIssue = onIssue
        let parts = configuration.parts
        if parts.contains(.mpris) { startMPRIS() }
        if parts.contains(.sleep) { startSleepMonitor() }
        if parts.contains(.screenSaver) { startScreenSaverInhibitor() }
        if parts.contains(.audioOutput) { startAudioOutputMonitor() }
    }

    isolated deinit { stop() }

    /// Leaves the buses (releasing the screensaver) and the sound server. Idempotent; the parts
    /// do not start again.
    public func stop() {
        guard isRunning else { return }
        isRunning = false
        audioOutputStart?.cancel()
        audioOutputMonitor?.stop()
        screenSaverInhibitor?.stop()
        sleepMonitor?.stop()
        mpris?.stop()
        activeParts = []
    }

    // MARK: - Parts

    private func startMPRIS() {
        let service = MPRISService(player, configuration: configuration.mpris)
        do {
            try service.start()
        } catch {
            report(.mpris, "MPRIS is off: \(error.message)")
            return
        }
        mpris = service
        connectWindow()
        activeParts.insert(.mpris)
    }

    /// `Raise` raises the window (offered only with one); `Quit` closes it, or stops the player.
    private func connectWindow() {
        guard let mpris else { return }
        let hasWindow = window != nil
        if !hasWindow {
            mpris.onRaise = nil
        } else if mpris.onRaise == nil {
            mpris.onRaise = { [weak self] in self?.window?.raise() }
        }
        guard mpris.onQuit == nil else { return }
        mpris.onQuit = { [weak self] in
            guard let self else { return }
            if let window {
                window.close()
            } else {
                try? player.stop(reason: .remote)
            }
        }
    }

    private func startSleepMonitor() {
        let monitor = SleepMonitor.interrupting(player, address: configuration.logindBus)
        do {
            try monitor.start()
        } catch {
            report(.sleep, "sleep is not watched: \(error.message)")
            return
        }
        sleepMonitor = monitor
        activeParts.insert(.sleep)
    }

    private func startScreenSaverInhibitor() {
        let inhibitor = ScreenSaverInhibitor(
            player, address: configuration.screenSaverBus, applicationName: configuration.mpris.identity)
        inhibitor.onFailure = { [weak self] reason in
            self?.activeParts.remove(.screenSaver)
            self?.report(.screenSaver, "the screensaver is not inhibited: \(reason)")
        }
        do {
            try inhibitor.start()
        } catch {
            report(.screenSaver, "the screensaver is not inhibited: \(error.message)")
            return
        }
        screenSaverInhibitor = inhibitor
        activeParts.insert(.screenSaver)
    }

    /// Connects in the background: a sound server that is slow to answer holds nothing up.
    private func startAudioOutputMonitor() {
        let monitor = AudioOutputMonitor.interrupting(
            player, server: configuration.soundServer, streams: configuration.audioStreams)
        let interrupt = monitor.onOutputLost
        monitor.onOutputLost = { [weak self] loss in
            interrupt(loss)
            self?.onAudioOutputLost?(loss)
        }
        monitor.onFailure = { [weak self] reason in
            // A connection that never worked is reported once, by `start()`'s error below.
            guard let self, activeParts.remove(.audioOutput) != nil else { return }
            report(.audioOutput, "the audio output is no longer watched (connecting again): \(reason)")
        }
        // The sound server came back (a restart): the part works again.
        monitor.onReconnect = { [weak self] in
            guard let self, isRunning else { return }
            activeParts.insert(.audioOutput)
        }
        audioOutputMonitor = monitor
        audioOutputStart = Task { [weak self] in
            do throws(SoundServerError) {
                try await monitor.start()
                // Stopped while connecting: the monitor closed the connection itself.
                guard let self, isRunning, monitor.isRunning else { return }
                activeParts.insert(.audioOutput)
            } catch {
                guard let self, isRunning else { return }
                report(.audioOutput, "the audio output is not watched: \(error.message)")
            }
        }
    }

    private func report(_ part: Part, _ message: String) {
        let issue = Issue(part: part, message: message)
        issues.append(issue)
        onIssue?(issue)
    }
}
