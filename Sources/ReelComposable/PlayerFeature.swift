import Foundation
import ReelCore

/// SuperPlayer's player feature, done right: everything a player knows (playback with reasons,
/// the control bar's state, presentation, interruptions), with user intents as actions and
/// engine commands as effects. `Player` (ReelPlayer) is its app-facing face; a composable app
/// composes it into its own reducer and hands the scope to a `Player`.
///
/// ```swift
/// let store = Store(initialState: PlayerFeature.State(), reducer: PlayerFeature()) {
///     $0.playbackEngine = engine
/// }
/// store.bridge(engine.events) { .engine($0) }   // what a Player does for its store
/// store.send(.queue(.loadRequested(item)))
/// store.send(.scrub(.began)); store.send(.scrub(.changed(to: 42))); store.send(.scrub(.ended))
/// ```
///
/// Commands are never state: sending `.transport(.playPauseToggled())` twice sends two commands, so a play
/// after an outside pause always works. Scrubbing is optimistic: the labels follow the finger,
/// the seek is sent on release, and playback resumes if it was playing. Arguments no engine
/// takes are refused before anything is recorded (``State/commandError``).
///
/// The feature is made of children, each in its own file with its own actions: transport,
/// scrubbing, the queue, interruptions, presentation, the controls, tracks and outputs, and
/// live streams. The controls own a part of the state no other child reads, and are scoped to
/// it (``/ReelArchitecture/Scope``); the others reduce the whole state, because each records its commands in the
/// playback state and reads it, but each owns only its own fields. The engine's events stay in
/// the feature itself: they are the hot path (every position sample), reduced in place.
///
/// A feature that drives two engines (a main player and a trailer) gives each `PlayerFeature`
/// its engine (``init(engine:clock:now:makeItemID:tickInterval:readinessDeadline:makeShuffleSeed:liveReload:)``).
public struct PlayerFeature: Reducer, Sendable {
    /// What can happen to the feature: the engine's events and the feature's own timers, and
    /// each child's actions, grouped as TCA groups a child's (each case says what happened or
    /// what was asked).
    public enum Action: Equatable, Sendable {
        /// The engine reported an event.
        case engine(EngineEvent)
        /// The engine refused a command.
        case commandRefused(EngineCommand, PlayerError)
        /// The ticker fired: the displayed position is refreshed (sent while playing).
        case timerTicked
        /// The item `id` was still waiting (opening, or stalled) at its ``ReadinessDeadline``:
        /// it fails with ``/ReelCore/PlayerError/Code/timedOut``.
        case readinessDeadlinePassed(ItemID)
        /// Play, pause, seek, speed, volume, stop.
        case transport(TransportAction)
        /// A finger (or a key held) on the seek bar.
        case scrub(ScrubAction)
        /// Open an item, edit the queue or move through it.
        case queue(QueueAction)
        /// The system takes playback away, or gives it back.
        case interruption(InterruptionAction)
        /// How the video is shown, as asked and as the window reports it.
        case presentation(PresentationAction)
        /// Whether the controls show.
        case controls(ControlsAction)
        /// Tracks, subtitles, the audio output, delays, the picture, screenshots.
        case outputs(OutputsAction)
        /// A live stream's edge and an adaptive stream's quality.
        case live(LiveAction)
    }

    /// Cancellation ids of the feature's timers.
    enum Timer: Hashable, Sendable {
        case ticker
        case readiness
    }

    /// The engine this feature's commands go to; nil sends them to the store's (`playbackEngine`). A parent
    /// feature that drives two players gives each its own.
    public let engine: (any PlaybackEngine)?
    /// Paces the position ticker.
    public let clock: any Clock<Duration>
    /// The host time now (tests pin it).
    public let now: @Sendable () -> HostTime
    /// Creates the identifier of a load.
    public let makeItemID: @Sendable () -> ItemID
    /// How often the displayed position is refreshed while playing.
    public let tickInterval: Duration
    /// How long an item may wait to open, or to play again after a stall.
    public let readinessDeadline: ReadinessDeadline
    /// The seed of a shuffle asked without one.
    public let makeShuffleSeed: @Sendable () -> UInt64
    /// How a live stream that ran dry is reloaded.
    public let liveReload: LiveReload

    /// Creates the feature with its dependencies (real ones by default).
    public init(
        engine: (any PlaybackEngine)? = nil, clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> HostTime = { .now }, makeItemID: @escaping @Sendable () -> ItemID = { .next() },
        tickInterval: Duration = .milliseconds(250), readinessDeadline: ReadinessDeadline = .standard,
        makeShuffleSeed: @escaping @Sendable () -> UInt64 = { .random(in: .min ... .max) },
        liveReload: LiveReload = .standard
    ) {
        self.liveReload = liveReload
        self.engine = engine
        self.clock = clock
        self.now = now
        self.makeItemID = makeItemID
        self.tickInterval = tickInterval
        self.readinessDeadline = readinessDeadline
        self.makeShuffleSeed = makeShuffleSeed
    }

    /// The children the feature is made of, each with its own actions (see their files).
    var transport: TransportFeature { TransportFeature(feature: self) }
    var scrubbing: ScrubbingFeature { ScrubbingFeature(feature: self) }
    var queueing: QueueFeature { QueueFeature(feature: self) }
    var interruptions: InterruptionFeature { InterruptionFeature(feature: self) }
    var presenting: PresentationFeature { PresentationFeature(feature: self) }
    var outputs: OutputsFeature { OutputsFeature(feature: self) }
    var live: LiveFeature { LiveFeature(feature: self) }
    /// The controls own a part of the state no other child reads: they see only that part.
    var controls: Scope<State, Action, ControlsFeature> {
        Scope(state: \.controlsVisible, action: Self.controlsCase) { ControlsFeature() }
    }
    /// Where the controls' actions sit in the feature's.
    static let controlsCase = ActionCase<Action, ControlsAction>(
        embed: Action.controls, extract: { if case .controls(let action) = $0 { action } else { nil } })

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        let wasPlaying = state.playerState == .playing
        let waited = state.waitingItem
        let anchor = state.playback.anchor
        var effect = handle(action, in: &state)
        let waiting = state.waitingItem
        if waiting?.id != waited?.id {
            effect = .merge(effect, waiting.map { readinessTimer(for: $0) } ?? .cancel(id: Timer.readiness))
        }
        // The labels move on the ticker and on discontinuities (a new anchor: seek, rate change,
        // drift), never on every position sample, so a playing store changes ~4 times a second.
        if state.scrub == nil, action == .timerTicked || state.playback.anchor != anchor {
            state.elapsedTime = state.playback.position(at: now())
        }
        if state.liveReloads.attempts > 0 { live.noteRecovery(in: &state) }
        // What the engine holds prepared follows the queue; the child is made only to change it.
        let wanted = QueueFeature.wantedNext(in: state)
        let prepare = wanted?.id == state.preparedNext?.entry ? .none : queueing.prepare(wanted, in: &state)
        return .merge(effect, prepare, timers(in: state, wasPlaying: wasPlaying))
    }

    /// Hands `action` to the child that owns it; the engine's events stay here, on the hot path.
    private func handle(_ action: Action, in state: inout State) -> Effect<Action> {
        switch action {
        case .engine(let event):
            return received(event, in: &state)
        case .commandRefused(let command, let error):
            PlaybackReducer.reduce(&state.playback, .refused(command, error), at: now())
            let refusal = refuse(error, in: &state)
            // A queued item the engine refuses to open (its scheme) is skipped like a failure.
            guard case .load = command, state.queue.count > 1 else { return refusal }
            return .merge(refusal, queueing.entryEnded(.failed(error), in: &state))
        case .timerTicked:
            return .none
        case .readinessDeadlinePassed(let id):
            return readinessDeadlinePassed(id, in: &state)
        case .transport:
            return transport.reduce(into: &state, action: action)
        case .scrub:
            return scrubbing.reduce(into: &state, action: action)
        case .queue:
            return queueing.reduce(into: &state, action: action)
        case .interruption:
            return interruptions.reduce(into: &state, action: action)
        case .presentation:
            return presenting.reduce(into: &state, action: action)
        case .controls:
            return controls.reduce(into: &state, action: action)
        case .outputs:
            return outputs.reduce(into: &state, action: action)
        case .live:
            return live.reduce(into: &state, action: action)
        }
    }

    /// An engine event: the playback state takes it, and the queue follows the item's end.
    private func received(_ event: EngineEvent, in state: inout State) -> Effect<Action> {
        let current = state.playback.itemID
        let wasEnded = state.playback.status == .ended
        let wasLive = state.playback.isLive
        PlaybackReducer.reduce(&state.playback, .received(event), at: now())
        if case .itemEnded(let id, .endOfMedia) = event, id == current, let prepared = state.preparedNext {
            queueing.adopt(prepared, in: &state)
            return .none
        }
        switch event {
        case .property(.audioDevices):
            return outputs.audioDevicesChanged(in: &state)
        case .itemLoaded(let id) where id == current:
            return queueing.entryOpened(in: &state)
        case .itemEnded(let id, .failed(let error)) where id == current:
            return queueing.entryEnded(.failed(error), in: &state)
        default:
            // The end of the media (libmpv keeps the item open at its end: `eof-reached`).
            guard !wasEnded, state.playback.status == .ended else { return .none }
            // A live stream has no end: it ran dry (or lost its source), and is reloaded.
            if wasLive { return live.liveStreamEnded(in: &state) }
            return queueing.entryEnded(.endOfMedia, in: &state)
        }
    }

    /// Records a refusal: the error shows, and ``State/refusalCount`` moves.
    func refuse(_ error: PlayerError, in state: inout State) -> Effect<Action> {
        state.commandError = error
        state.refusalCount += 1
        return .none
    }

    /// Records `command` in the playback state and returns it as an engine effect.
    func command(_ command: EngineCommand, reason: IntentReason = .user, in state: inout State) -> Effect<Action> {
        // What no engine accepts is refused here, before it is recorded: the state never shows
        // a volume or speed the engine did not take.
        do {
            try command.checkArguments()
        } catch {
            PlaybackReducer.reduce(&state.playback, .refused(command, error), at: now())
            return refuse(error, in: &state)
        }
        state.commandError = nil
        PlaybackReducer.reduce(&state.playback, .sent(command, reason: reason), at: now())
        return engineEffect(command)
    }

    /// `command` for this feature's engine, not recorded; a refusal comes back as
    /// ``Action/commandRefused(_:_:)`` when `reportsRefusal`. Every engine effect of the
    /// feature is made here.
    func engineEffect(_ command: EngineCommand, reportsRefusal: Bool = true) -> Effect<Action> {
        guard reportsRefusal else { return .engine(command, on: engine) }
        return .engine(command, on: engine) { .commandRefused(command, $0) }
    }

    // MARK: - Timers

    /// Starts or stops the position ticker as playback starts and stops.
    private func timers(in state: State, wasPlaying: Bool) -> Effect<Action> {
        let isPlaying = state.playerState == .playing
        guard isPlaying != wasPlaying else { return .none }
        return isPlaying ? ticker() : .cancel(id: Timer.ticker)
    }

    private func ticker() -> Effect<Action> {
        let (clock, interval) = (clock, tickInterval)
        return .run { send in
            while !Task.isCancelled {
                do { try await clock.sleep(for: interval) } catch { return }
                await send(.timerTicked)
            }
        }
        .cancellable(id: Timer.ticker, cancelInFlight: true)
    }
}
