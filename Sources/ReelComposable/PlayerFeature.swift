import Foundation
import ReelCore

/// SuperPlayer's player feature, done right: everything a player knows (playback with reasons,
/// the control bar's state, presentation, interruptions), with user intents as actions and
/// engine commands as effects. `Player` (ReelPlayer) is its app-facing face; a composable app
/// composes it into its own reducer and hands the scope to a `Player`.
///
/// ```swift
/// let store = Store(initialState: PlayerFeature.State(), reducer: PlayerFeature(), engine: engine)
/// store.bridge(engine.events) { .engine($0) }   // what a Player does for its store
/// store.send(.load(item))
/// store.send(.scrubBegan); store.send(.scrubChanged(to: 42)); store.send(.scrubEnded)
/// ```
///
/// Commands are never state: sending `.togglePlayPause(reason: .user)` twice sends two commands, so a play
/// after an outside pause always works. Scrubbing is optimistic: the labels follow the finger,
/// the seek is sent on release, and playback resumes if it was playing. Arguments no engine
/// takes are refused before anything is recorded (``State/commandError``).
///
/// The feature is made of children, each in its own file with its own actions: transport,
/// scrubbing, the queue, interruptions, presentation, the controls, tracks and outputs, and
/// live streams. The controls own a part of the state no other child reads, and are scoped to
/// it (``Scope``); the others reduce the whole state, because each records its commands in the
/// playback state and reads it, but each owns only its own fields. The engine's events stay in
/// the feature itself: they are the hot path (every position sample), reduced in place.
///
/// A feature that drives two engines (a main player and a trailer) gives each `PlayerFeature`
/// its engine (``init(engine:clock:now:makeItemID:tickInterval:readinessDeadline:makeShuffleSeed:liveReload:)``).
public struct PlayerFeature: Reducer, Sendable {

    /// What can happen to the feature.
    public enum Action: Equatable, Sendable {
        /// The engine reported an event.
        case engine(EngineEvent)
        /// The engine refused a command.
        case commandRefused(EngineCommand, PlayerError)
        /// Open an item, for a reason (a remote control's address, …).
        case load(MediaItem, autoplay: Bool = true, reason: IntentReason = .user)
        /// Jump to a live stream's live edge and play (``/ReelCore/PlaybackInfo/liveEdge``).
        case goLive
        /// Play the engine's choice of an adaptive stream's variants, or one variant fixed.
        case streamingQualitySelected(StreamingQuality)
        /// Pause when the player wants to play; play otherwise (from the start when the item
        /// has ended).
        case togglePlayPause(reason: IntentReason)
        /// Play, for a reason (a remote control, an interruption ending, …).
        case play(reason: IntentReason = .user)
        /// Pause, for a reason.
        case pause(reason: IntentReason = .user)
        /// A finger went down on the seek bar.
        case scrubBegan
        /// The finger moved to a time.
        case scrubChanged(to: TimeInterval)
        /// The finger lifted: seek there.
        case scrubEnded
        /// The scrub was abandoned (the pointer left the window): no seek; playback resumes.
        case scrubCancelled
        /// Skip forward (positive) or back, to a keyframe.
        case skipTapped(seconds: TimeInterval)
        /// Move by `by` seconds (negative goes back).
        case skip(by: TimeInterval, precision: SeekPrecision)
        /// Seek to a time.
        case seek(to: TimeInterval, precision: SeekPrecision = .exact)
        /// Seek exactly to a frame, counted from 0 at the container's frame rate
        /// (``/ReelCore/PlaybackInfo/frameRate``): frame `n` shows at `n / rate` seconds. Refused
        /// while the frame rate is unknown.
        case seekToFrame(Int)
        /// Changes how the engine buffers (``/ReelCore/BufferingPolicy``).
        case bufferingPolicySet(BufferingPolicy)
        /// A speed was chosen.
        case speedSelected(Double)
        /// Sets or clears the A-B loop.
        case abLoopSet(ABLoop)
        /// Frames the picture (gravity, zoom, pan, aspect ratio).
        case videoFramingSet(VideoFraming)
        /// Shows the picture with the next gravity: fit, fill, stretch, fit…
        case gravityCycled
        /// Multiplies the picture's zoom (``/ReelCore/VideoFraming/zoom``) by a factor, kept
        /// within 0.125…8 (ctrl+wheel and pinches).
        case zoomMultiplied(by: Double)
        /// Shows the next subtitle track, with Off after the last (mpv's `j`).
        case subtitleTrackCycled
        /// Plays the next audio track, wrapping around (mpv's `#`).
        case audioTrackCycled
        /// Moves the A-B loop on: A at the position shown, then B there, then off (mpv's `l`).
        case abLoopCycled
        /// Toggles a presentation: the video goes fullscreen (or into picture in picture), or
        /// back inline when it is there already.
        case presentationToggled(Presentation)
        /// Goes back from the current presentation: fullscreen and picture in picture return
        /// inline; inline stays.
        case presentationLeft
        /// Pauses and shows the next frame, or the one before.
        case frameStepped(forward: Bool)
        /// Adjusts the picture's colours (``/ReelCore/VideoAdjustments/neutral`` resets them).
        case videoAdjustmentsSet(VideoAdjustments)
        /// Writes the current frame, at the video's own size, to the PNG file `file`, with the
        /// subtitles shown on it or without (``screenshotName(_:)`` names one after the item and
        /// the time).
        case screenshotRequested(to: URL, includingSubtitles: Bool)
        /// Delays the sound by seconds (negative: earlier), to fix lip sync.
        case audioDelaySet(TimeInterval)
        /// Delays the subtitles by seconds (negative: earlier).
        case subtitleDelaySet(TimeInterval)
        /// Keeps the pitch at other speeds, or lets it follow the speed.
        case pitchCorrectionSet(Bool)
        /// Keeps the bottom fraction (0…0.5) of the picture free of subtitles, for controls that
        /// cover it; 0 gives the engine's default margin back.
        case subtitleMarginSet(Double)
        /// Moves the sound's delay by seconds (mpv's `+`/`-`: ±0.1).
        case audioDelayAdjusted(by: TimeInterval)
        /// Moves the subtitles' delay by seconds (mpv's `z`/`Z`: ∓0.1).
        case subtitleDelayAdjusted(by: TimeInterval)
        /// An audio track was chosen, or none.
        case audioTrackSelected(id: Int?)
        /// A subtitle track was chosen, or Off.
        case subtitleTrackSelected(id: Int?)
        /// A second subtitle track was chosen, shown at the top of the picture, or none.
        case secondarySubtitleSelected(id: Int?)
        /// Subtitles get this style.
        case subtitleStyleSet(SubtitleStyle)
        /// An audio output was chosen by name (``/ReelCore/AudioDevice/name``), or the system's
        /// default (``/ReelCore/AudioDevice/automaticName``).
        case audioDeviceSelected(String)
        /// The volume was set: 0…1, or above 1 to amplify up to the engine's maximum (which the
        /// engine enforces). A negative volume is 0; a slider keeps its own range.
        case volumeChanged(Double)
        /// The mute button was tapped.
        case muteToggled
        /// Mute or unmute.
        case muteSet(Bool)
        /// Add a subtitle file to the current item and show it.
        case subtitleAdded(ExternalSubtitle)
        /// Show the video this way. Refused (``State/commandError``) when nothing shows the
        /// video, for ``/ReelCore/Presentation/none`` (close the window instead), and for picture in
        /// picture when the window cannot show it. With `autoplay` (MPlayerKit's
        /// `.fullscreen(autoplay:)`) an accepted presentation also plays.
        case presentationRequested(Presentation, autoplay: Bool = false)
        /// The window reports how it shows the video now (it attached, the window manager or the
        /// user changed it, it closed).
        case presentationChanged(Presentation, pictureInPicturePossible: Bool)
        /// The system takes playback away (it is about to sleep): a playing player pauses with
        /// the reason ``/ReelCore/IntentReason/interruption``.
        case interruptionBegan
        /// The interruption is over; `shouldResume` is the system's word. With it, the policy
        /// decides whether playback resumes.
        case interruptionEnded(shouldResume: Bool)
        /// The system took playback away for good (the audio output went away): a playing player
        /// pauses with the reason ``/ReelCore/IntentReason/interruption``, and nothing resumes it, not even
        /// the end of an interruption in progress.
        case audioOutputLost
        /// What happens when an interruption ends.
        case interruptionPolicySet(InterruptionPolicy)
        /// Show the controls (a tap on the video, a mouse move, a control touched, code).
        case showControls
        /// Hide the controls.
        case hideControls
        /// Try the failed item again from where it stopped.
        case retryTapped
        /// Refresh the displayed position (sent while playing).
        case tick
        /// The item `id` was still waiting (opening, or stalled) at its ``ReadinessDeadline``:
        /// it fails with ``/ReelCore/PlayerError/Code/timedOut``.
        case readinessDeadlinePassed(ItemID)
        /// Stop and unload, for a reason.
        case stop(reason: IntentReason = .user)
        /// Edit the queue or move through it.
        case queue(QueueAction)
    }

    /// Cancellation ids of the feature's timers.
    enum Timer: Hashable, Sendable {
        case ticker
        case readiness
    }

    /// The engine this feature's commands go to; nil sends them to the store's engine. A parent
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
        Scope(state: \.controlsVisible, action: ActionCase(embed: { $0 }, extract: { $0 })) { ControlsFeature() }
    }

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
        if state.scrub == nil, action == .tick || state.playback.anchor != anchor {
            state.elapsedTime = state.playback.position(at: now())
        }
        if state.liveReloads.attempts > 0 { live.noteRecovery(in: &state) }
        return .merge(effect, queueing.prepareNext(in: &state), timers(in: state, wasPlaying: wasPlaying))
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
        case .tick:
            return .none
        case .readinessDeadlinePassed(let id):
            return readinessDeadlinePassed(id, in: &state)
        case .togglePlayPause, .play, .pause, .skipTapped, .skip, .seek, .seekToFrame, .frameStepped, .abLoopSet,
            .abLoopCycled,
            .bufferingPolicySet, .speedSelected, .volumeChanged, .muteToggled, .muteSet, .retryTapped, .stop:
            return transport.reduce(into: &state, action: action)
        case .scrubBegan, .scrubChanged, .scrubEnded, .scrubCancelled:
            return scrubbing.reduce(into: &state, action: action)
        case .load, .queue:
            return queueing.reduce(into: &state, action: action)
        case .interruptionBegan, .interruptionEnded, .audioOutputLost, .interruptionPolicySet:
            return interruptions.reduce(into: &state, action: action)
        case .presentationRequested, .presentationChanged, .presentationToggled, .presentationLeft:
            return presenting.reduce(into: &state, action: action)
        case .showControls, .hideControls:
            return controls.reduce(into: &state, action: action)
        case .audioTrackSelected, .subtitleTrackSelected, .secondarySubtitleSelected, .subtitleAdded,
            .subtitleStyleSet, .audioDeviceSelected, .audioDelayAdjusted, .subtitleDelayAdjusted, .videoFramingSet,
            .gravityCycled, .zoomMultiplied, .subtitleTrackCycled, .audioTrackCycled, .videoAdjustmentsSet,
            .screenshotRequested, .audioDelaySet, .subtitleDelaySet,
            .pitchCorrectionSet,
            .subtitleMarginSet:
            return outputs.reduce(into: &state, action: action)
        case .goLive, .streamingQualitySelected:
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
                await send(.tick)
            }
        }
        .cancellable(id: Timer.ticker, cancelInFlight: true)
    }
}
