import Foundation
import Observation
import ReelCore
import ReelPlayer

/// Watches the sound server (PulseAudio, or PipeWire's pulse server) and says when the audio
/// output that this process's sound plays on goes away: headphones unplugged, a USB or
/// Bluetooth device disconnected.
///
/// ```swift
/// let monitor = AudioOutputMonitor.interrupting(player)   // paused(reason: .interrupted)
/// try await monitor.start()
/// ```
///
/// libmpv 0.35.1 does not report this itself: the sound server moves the stream to another
/// output (or kills it and libmpv reopens one) and playback goes on, now out of the speakers.
/// The monitor sees it from the server's side instead: it subscribes to the server's outputs
/// (sinks) and streams (sink inputs), keeps track of the outputs the watched streams play on,
/// and applies `AudioOutputTracker`'s rules.
///
/// ## A server that goes away
/// When the connection breaks (the server stopped, or restarted: PipeWire's pulse server does
/// on every update), ``onFailure`` says why and the monitor connects again by itself
/// (``reconnects``): after half a second, then twice as long each time up to 30 seconds, until
/// it is connected (``onReconnect``) or ``stop()`` is called.
///
/// ## Threading
/// Main actor, `@Observable`; libpulse runs on a thread of its own and ``onOutputLost`` is
/// called on the main actor, after ``outputs`` shows the change.
@MainActor
@Observable
public final class AudioOutputMonitor {
    /// Called on the main actor when a watched stream's output went away.
    @ObservationIgnored public var onOutputLost: @MainActor (AudioOutputLoss) -> Void
    /// Called on the main actor when the connection to the sound server breaks (the server
    /// stopped or restarted); the monitor is then not running, and connects again when
    /// ``reconnects``.
    @ObservationIgnored public var onFailure: (@MainActor (String) -> Void)?
    /// Called on the main actor when the monitor is connected again after a failure.
    @ObservationIgnored public var onReconnect: (@MainActor () -> Void)?
    /// Whether the monitor connects again after the connection broke (default: yes).
    @ObservationIgnored public var reconnects = true
    /// The first wait before connecting again; each failed try doubles it, up to 30 s.
    @ObservationIgnored public var reconnectDelay = Duration.milliseconds(500)
    /// The sound server's outputs, sorted by name; empty while not running.
    public private(set) var outputs: [AudioOutput] = []
    /// The outputs the watched streams play on now, sorted by name (none while nothing plays).
    public private(set) var activeOutputs: [AudioOutput] = []
    /// The losses reported since ``start()``, oldest first.
    public private(set) var losses: [AudioOutputLoss] = []
    /// Whether the monitor is connected.
    public private(set) var isRunning = false

    @ObservationIgnored private let server: String?
    @ObservationIgnored private let selection: AudioStreamSelection
    @ObservationIgnored private var connection: SoundServerConnection?
    @ObservationIgnored private var isStarting = false
    /// Counts connections, so that a closed connection's late reports are dropped.
    @ObservationIgnored private var generation = 0
    /// The connection (by generation) that broke before `connect` finished with it: the server
    /// went away between answering and the connection being taken into use.
    @ObservationIgnored private var brokeWhileConnecting: Int?
    /// The tries to connect again after a failure, until one works or ``stop()``.
    @ObservationIgnored private var reconnection: Task<Void, Never>?

    /// Creates a monitor of the streams `selection` picks (default: this process's) on `server`
    /// (default: libpulse's own choice, `PULSE_SERVER` or the user's runtime directory; a
    /// server address such as `unix:/run/user/1000/pulse/native` otherwise).
    public init(
        server: String? = nil, streams selection: AudioStreamSelection = .thisProcess,
        onOutputLost: @escaping @MainActor (AudioOutputLoss) -> Void
    ) {
        self.server = server
        self.selection = selection
        self.onOutputLost = onOutputLost
    }

    /// A monitor that pauses `player` with the reason ``/ReelCore/IntentReason/interruption``
    /// (`paused(reason: .interrupted)`) when its output goes away
    /// (``/ReelPlayer/Player/interrupt()``). Playback does not resume by itself: the sound would
    /// come out of another output, so the user resumes.
    public static func interrupting(
        _ player: Player, server: String? = nil, streams selection: AudioStreamSelection = .thisProcess
    ) -> AudioOutputMonitor {
        AudioOutputMonitor(server: server, streams: selection) { [weak player] _ in player?.interrupt() }
    }

    /// Connects to the sound server, and returns once it listed its outputs and streams. The
    /// connection is made on a thread of its own, so the main actor never waits for the server.
    /// - Throws: ``SoundServerError`` when there is no sound server, it refuses the connection
    ///   or it does not answer within 5 s.
    public func start() async throws(SoundServerError) {
        reconnection?.cancel()
        reconnection = nil
        try await connect(keepingLosses: false)
    }

    private func connect(keepingLosses: Bool) async throws(SoundServerError) {
        guard !isRunning, !isStarting else { return }
        isStarting = true
        defer { isStarting = false }
        generation += 1
        let generation = generation
        let tracker = SharedTracker()
        let (server, selection) = (server, selection)
        let observe: @Sendable (SoundServerObservation) -> Void = { [weak self] observation in
            let (loss, snapshot) = tracker.observe(observation)
            Task { @MainActor in self?.report(loss, snapshot, generation: generation) }
        }
        let failed: @Sendable (String) -> Void = { [weak self] reason in
            Task { @MainActor in self?.fail(reason, generation: generation) }
        }
        typealias Outcome = Result<SoundServerConnection, SoundServerError>
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            let thread = Thread {
                continuation.resume(
                    returning: Outcome { () throws(SoundServerError) in
                        try SoundServerConnection(
                            server: server, selection: selection, observe: observe, failed: failed)
                    })
            }
            thread.name = "ReelPulse.connect"
            thread.start()
        }
        let connection = try outcome.get()
        if brokeWhileConnecting == generation {
            brokeWhileConnecting = nil
            connection.close()
            throw SoundServerError("connect to the sound server", reason: "the connection broke at once")
        }
        guard generation == self.generation else {
            connection.close()  // stopped while connecting
            return
        }
        self.connection = connection
        isRunning = true
        if !keepingLosses { losses = [] }
        show(tracker.snapshot)
    }

    isolated deinit {
        reconnection?.cancel()
        connection?.close()
    }

    /// Disconnects, and stops connecting again. Idempotent.
    public func stop() {
        reconnection?.cancel()
        reconnection = nil
        disconnect()
    }

    private func disconnect() {
        generation += 1
        isRunning = false
        connection?.close()
        connection = nil
        outputs = []
        activeOutputs = []
    }

    private func report(_ loss: AudioOutputLoss?, _ snapshot: SharedTracker.Snapshot, generation: Int) {
        guard generation == self.generation else { return }
        show(snapshot)
        guard let loss else { return }
        losses.append(loss)
        onOutputLost(loss)
    }

    private func fail(_ reason: String, generation: Int) {
        guard generation == self.generation else { return }
        // A connection that breaks while it is made is `connect`'s error, not a failure: the
        // reconnection tries again (a server still starting refuses its first tries).
        guard isRunning else {
            if isStarting { brokeWhileConnecting = generation }
            return
        }
        disconnect()
        // Before the app hears of it, so that `stop()` from `onFailure` ends the tries too.
        if reconnects, reconnection == nil { reconnectLater() }
        onFailure?(reason)
    }

    /// Tries to connect again, waiting longer after each try that fails, until one works or
    /// ``stop()`` cancels it.
    private func reconnectLater() {
        let first = reconnectDelay
        reconnection = Task { [weak self] in
            var delay = first
            while true {
                try? await Task.sleep(for: delay)
                guard !Task.isCancelled, let self, reconnects else { return }
                do throws(SoundServerError) {
                    try await connect(keepingLosses: true)
                } catch {
                    delay = min(delay * 2, .seconds(30))
                    continue
                }
                // Connected, unless `stop()` came meanwhile (then `connect` closed it); a
                // `start()` meanwhile found this connection and left it to say so.
                if !Task.isCancelled { reconnection = nil }
                if isRunning { onReconnect?() }
                return
            }
        }
    }

    /// Publishes what changed (an unchanged value is not set, so observers are not woken).
    private func show(_ snapshot: SharedTracker.Snapshot) {
        if snapshot.outputs != outputs { outputs = snapshot.outputs }
        if snapshot.activeOutputs != activeOutputs { activeOutputs = snapshot.activeOutputs }
    }
}
