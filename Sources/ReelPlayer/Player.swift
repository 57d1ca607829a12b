import Foundation
import NIOConcurrencyHelpers
import Observation
import ReelComposable
import ReelCore

/// An observable media player: MPlayerKit's `PlayerModel`, the app-facing face of
/// ``/ReelComposable/PlayerFeature`` running in a ``/ReelArchitecture/Store``.
///
/// ```swift
/// let player = Player(engine: try MPVEngine(configuration: .headless))
/// try player.load(MediaItem(url: clipURL, title: "Clip"))
/// _ = await player.wait(timeout: .seconds(30)) { $0.status == .ended }
/// print(player.state)   // paused(reason: .endOfMedia)
/// ```
///
/// Everything the player knows is the feature's state (``store``): every property here reads it,
/// and every command sends the feature an action. So a window, desktop media controls, a
/// composable app's own reducer and the app's code all see one model, and everything a player
/// does can be tested with `TestStore` on the feature alone.
///
/// ## Composable apps
/// An app built on reducers composes `PlayerFeature` into its own and hands the scoped store to
/// a player, which then feeds the engine's events into it:
///
/// ```swift
/// let store = Store(initialState: AppFeature.State(), reducer: AppFeature()) {
///     $0.playbackEngine = engine
/// }
/// let player = Player(store: store.scope(state: \.player, action: { .player($0) }), engine: engine)
/// ```
///
/// Do not also bridge the engine's events into that store yourself: each event would arrive twice.
///
/// ## Observing
/// The player is `Observable` (through its store): read ``state``, ``elapsedTime``,
/// ``presentation`` and the rest inside SwiftUI-style observation, or wait for a condition with
/// ``wait(timeout:until:)``. ``events`` lists every transition and item event in order, for
/// analytics and logs. Position is an anchor, so nothing changes per frame: ``elapsedTime`` moves
/// four times a second while playing; read ``currentTime`` when drawing a frame.
///
/// ## Threading
/// Main actor only. The engine's events are consumed on the main actor in order.
///
/// ## Lifetime
/// The player owns its engine. ``shutdown()`` releases it; afterwards every command throws
/// ``/ReelCore/PlayerError/Code/engineGone`` and ``events`` finishes.
///
/// ## Untrusted media
/// An item that does not become ready by its deadline (`PlayerFeature.ReadinessDeadline`) fails
/// with ``/ReelCore/PlayerError/Code/timedOut``, and the player stays responsive. An engine stuck inside a
/// C library (a demuxer that never returns, a FIFO nobody writes to) cannot be reclaimed inside
/// the process: ``shutdown()`` waits ``shutdownTimeout`` for it, then abandons it (its threads
/// stay blocked until the library returns, if ever). Apps that play untrusted input should open
/// it in a separate process.
///
/// ## Errors
/// Commands throw what can be judged at once (a refused address, an argument out of range, a
/// call after shutdown). A failure found later (missing file, corrupt media, network) leaves
/// ``state`` at `paused(reason: .error(…))`.
@MainActor
@Observable
public final class Player {
    /// The store of the player's feature: its state is everything the player knows.
    public let store: Store<PlayerFeature.State, PlayerFeature.Action>
    /// The engine the player drives.
    public let engine: any PlaybackEngine

    /// Whether ``shutdown()`` was called.
    public private(set) var isShutDown = false
    /// Whether ``shutdown()`` gave up waiting for a stuck engine (see "Untrusted media").
    public private(set) var abandonedEngine = false
    /// How long ``shutdown()`` waits for the engine before abandoning it (default 5 s).
    @ObservationIgnored public var shutdownTimeout: Duration = .seconds(5)

    @ObservationIgnored private var eventTask: Task<Void, Never>?
    @ObservationIgnored private var changes: StoreObservation?
    @ObservationIgnored private let eventSubscribers = StreamSubscribers<PlayerEvent>()

    /// The current item's and the session's playback figures as of the last change (an item
    /// starting or ending, a first frame, a stall beginning or ending, a statistics sample):
    /// observable. ``currentMetrics`` counts durations up to now.
    public internal(set) var metrics: PlaybackMetrics
    /// What ``metrics`` is derived from (``ReelCore/MetricsReducer``).
    @ObservationIgnored var metricsState: MetricsState
    @ObservationIgnored let metricsSubscribers = StreamSubscribers<MetricsLogEntry>()

    /// Creates a player that drives `engine` with its own store running `feature`.
    public convenience init(engine: any PlaybackEngine, feature: PlayerFeature = PlayerFeature()) {
        let store = Store(initialState: PlayerFeature.State(), reducer: feature) { $0.playbackEngine = engine }
        self.init(store: store, engine: engine)
    }

    /// Creates a player on `store` (a composable app's scope of its own store, running
    /// `PlayerFeature`), feeding `engine`'s events into it. The store's effects must reach
    /// `engine`: it is the root store's `playbackEngine`, or the feature's own (`PlayerFeature(engine:)`).
    public init(store: Store<PlayerFeature.State, PlayerFeature.Action>, engine: any PlaybackEngine) {
        self.store = store
        self.engine = engine
        let metricsState = MetricsState()
        self.metricsState = metricsState
        metrics = metricsState.metrics(at: metricsState.origin)
        changes = store.observeChanges { [weak self] old, new in
            guard let self, old.playerState != new.playerState else { return }
            self.publish(.stateChanged(new.playerState))
        }
        let events = engine.timedEvents
        eventTask = Task { [weak self] in
            for await timed in events {
                guard let self else { return }
                self.receive(timed.event, at: timed.time)
            }
            self?.finishStreams()
        }
    }

    // MARK: - State

    /// Everything known about playback.
    public var playback: PlaybackInfo { store.state.playback }
    /// What the player is doing, with the reason.
    public var state: PlayerState { store.state.playerState }
    /// The item loaded now.
    public var currentItem: MediaItem? { playback.item }
    /// The item's duration; nil when unknown or live.
    public var duration: TimeInterval? { playback.duration }
    /// The position now, extrapolated from the anchor and clamped to `[0, duration]`. Not
    /// observable: read it when drawing, or observe ``elapsedTime``.
    public var currentTime: TimeInterval { playback.position(at: .now) }
    /// The position as the player shows it, observable: it moves four times a second while
    /// playing, and at every seek or new item.
    public var elapsedTime: TimeInterval { store.state.elapsedTime }
    /// The item's title.
    public var title: String? { playback.title }
    /// All tracks of the item.
    public var tracks: [Track] { playback.tracks }
    /// Audio tracks.
    public var audioTracks: [Track] { playback.tracks(.audio) }
    /// Subtitle tracks.
    public var subtitleTracks: [Track] { playback.tracks(.subtitle) }
    /// The selected audio track.
    public var audioTrack: Track? { playback.selectedTrack(.audio) }
    /// The selected subtitle track; nil when subtitles are off.
    public var subtitleTrack: Track? { playback.selectedTrack(.subtitle) }
    /// The playback speed.
    public var rate: Double { playback.speed }
    /// The volume, 0…1.
    public var volume: Double { playback.volume }
    /// Whether sound is muted.
    public var isMuted: Bool { playback.isMuted }
    /// Width divided by height on screen; nil without video.
    public var aspectRatio: Double? { playback.video?.displayAspect }

    // MARK: - Commands

    /// Replaces the current item. Failures to open it arrive later in ``state``.
    /// - Throws: ``/ReelCore/PlayerError/Code/refusedScheme(_:)`` for an address the engine may not open.
    /// `reason` says who asked (a remote control's address is ``/ReelCore/IntentReason/remote``).
    public func load(_ item: MediaItem, autoplay: Bool = true, reason: IntentReason = .user) throws(PlayerError) {
        try perform(.queue(.loadRequested(item, autoplay: autoplay, reason: reason)))
    }

    /// Plays; at the end of the item, plays it again from the start.
    public func play(reason: IntentReason = .user) throws(PlayerError) {
        try perform(.transport(.playRequested(reason: reason)))
    }

    /// Pauses.
    public func pause(reason: IntentReason = .user) throws(PlayerError) {
        try perform(.transport(.pauseRequested(reason: reason)))
    }

    /// Pauses when the player wants to play, and plays otherwise.
    public func togglePlayPause(reason: IntentReason = .user) throws(PlayerError) {
        try perform(.transport(.playPauseToggled(reason: reason)))
    }

    /// Moves to `time` seconds, kept within the item (0…``duration``; a live stream's window,
    /// ``liveWindow``). A time that is no finite number is refused.
    public func seek(to time: TimeInterval, precision: SeekPrecision = .exact) throws(PlayerError) {
        try perform(.transport(.seekRequested(to: time, precision: precision)))
    }

    /// Moves by `seconds` (negative goes back).
    public func skip(by seconds: TimeInterval, precision: SeekPrecision = .keyframe) throws(PlayerError) {
        try perform(.transport(.skipRequested(by: seconds, precision: precision)))
    }

    /// Sets the playback speed (0.01…100).
    public func setRate(_ rate: Double) throws(PlayerError) { try perform(.transport(.rateChanged(rate))) }

    /// Sets the volume: 0…1, or above 1 to amplify, up to the engine's maximum (the mpv engine's
    /// `MPVConfiguration.maximumVolume`, 1.3 by default).
    /// A negative volume is 0.
    public func setVolume(_ volume: Double) throws(PlayerError) { try perform(.transport(.volumeChanged(volume))) }

    /// Mutes or unmutes.
    public func setMuted(_ muted: Bool) throws(PlayerError) { try perform(.transport(.mutedChanged(muted))) }

    /// Writes the current frame, at the video's own size, to the PNG file `file`, with the
    /// subtitles shown on it or without. The file is written by the engine shortly after.
    public func takeScreenshot(to file: URL, includingSubtitles: Bool = true) throws(PlayerError) {
        try perform(.outputs(.screenshotRequested(to: file, includingSubtitles: includingSubtitles)))
    }

    /// How many seconds the sound is delayed.
    public var audioDelay: TimeInterval { playback.audioDelay }
    /// How many seconds the subtitles are delayed.
    public var subtitleDelay: TimeInterval { playback.subtitleDelay }
    /// Whether the pitch is kept at other speeds.
    public var pitchCorrection: Bool { playback.pitchCorrection }

    /// Delays the sound by `seconds` (negative: earlier), to fix lip sync.
    public func setAudioDelay(_ seconds: TimeInterval) throws(PlayerError) {
        try perform(.outputs(.audioDelayChanged(seconds)))
    }

    /// Delays the subtitles by `seconds` (negative: earlier).
    public func setSubtitleDelay(_ seconds: TimeInterval) throws(PlayerError) {
        try perform(.outputs(.subtitleDelayChanged(seconds)))
    }

    /// Keeps the pitch at other speeds (the default), or lets it follow the speed.
    public func setPitchCorrection(_ on: Bool) throws(PlayerError) {
        try perform(.outputs(.pitchCorrectionChanged(on)))
    }

    /// The picture's colour adjustments.
    public var videoAdjustments: VideoAdjustments { playback.adjustments }

    /// Adjusts the picture's colours; ``/ReelCore/VideoAdjustments/neutral`` resets them.
    public func setVideoAdjustments(_ adjustments: VideoAdjustments) throws(PlayerError) {
        try perform(.outputs(.videoAdjustmentsChanged(adjustments)))
    }

    /// Pauses and shows the next frame (`forward`) or the one before.
    public func stepFrame(forward: Bool = true) throws(PlayerError) {
        try perform(.transport(.frameStepRequested(forward: forward)))
    }

    /// Skips to the next chapter's start, or back to this chapter's (the previous one's, within
    /// ``/ReelComposable/PlayerFeature/chapterRestartThreshold`` of its start), as mpv's PgUp and PgDn.
    public func skipChapter(forward: Bool = true) throws(PlayerError) {
        try perform(.transport(.chapterSkipRequested(forward: forward)))
    }

    /// Whether playback only goes forward at its own pace: seeks, skips, scrubs, frame steps and
    /// the A-B loop are ignored wherever they come from
    /// (``/ReelComposable/PlayerFeature/State/requiresLinearPlayback``).
    public var requiresLinearPlayback: Bool { store.state.requiresLinearPlayback }

    /// Turns linear playback on (AVPlayerViewController's `requiresLinearPlayback`) or off.
    public func setRequiresLinearPlayback(_ required: Bool) throws(PlayerError) {
        try perform(.transport(.linearPlaybackChanged(required)))
    }

    /// How the picture is framed: gravity, zoom, pan, aspect ratio.
    public var videoFraming: VideoFraming { playback.framing }

    /// Frames the picture.
    public func setVideoFraming(_ framing: VideoFraming) throws(PlayerError) {
        try perform(.outputs(.videoFramingChanged(framing)))
    }

    /// Shows the picture with `gravity`, keeping the zoom, pan and aspect ratio.
    public func setVideoGravity(_ gravity: VideoGravity) throws(PlayerError) {
        var framing = videoFraming
        framing.gravity = gravity
        try setVideoFraming(framing)
    }

    /// Sets or clears an A-B loop.
    public func setABLoop(_ loop: ABLoop) throws(PlayerError) { try perform(.transport(.abLoopChanged(loop))) }

    /// Selects an audio track, or none.
    public func select(audio track: Track?) throws(PlayerError) {
        try perform(.outputs(.audioTrackSelected(id: track?.id)))
    }

    /// Selects a subtitle track, or turns subtitles off with `nil`.
    public func select(subtitle track: Track?) throws(PlayerError) {
        try perform(.outputs(.subtitleTrackSelected(id: track?.id)))
    }

    /// Adds a subtitle file to the current item and shows it.
    public func addSubtitle(url: URL, title: String? = nil, language: String? = nil) throws(PlayerError) {
        try perform(.outputs(.subtitleAdded(ExternalSubtitle(url: url, title: title, language: language))))
    }

    /// Stops and unloads the item, for a reason (a remote control's stop is ``/ReelCore/IntentReason/remote``).
    public func stop(reason: IntentReason = .user) throws(PlayerError) {
        try perform(.transport(.stopRequested(reason: reason)))
    }

    // MARK: - Presentation

    /// How the video is shown; ``/ReelCore/Presentation/none`` until a window shows it.
    public var presentation: Presentation { store.state.presentation }
    /// Whether the window can show picture in picture now.
    public var isPictureInPicturePossible: Bool { store.state.isPictureInPicturePossible }
    /// Whether the video shows in the picture-in-picture window.
    public var isPictureInPictureActive: Bool { presentation == .pictureInPicture }

    /// Shows the video as `presentation`; the window follows. With `autoplay` (MPlayerKit's
    /// `.fullscreen(autoplay:)`) playback also starts once the presentation is accepted.
    /// - Throws: ``/ReelCore/PlayerError/Code/invalidArgument`` when nothing shows the video, for
    ///   ``/ReelCore/Presentation/none``, or for picture in picture the window cannot show (nothing plays
    ///   then); ``/ReelCore/PlayerError/Code/engineGone`` after ``shutdown()``.
    public func setPresentation(_ presentation: Presentation, autoplay: Bool = false) throws(PlayerError) {
        try perform(.presentation(.requested(presentation, autoplay: autoplay)))
    }

    /// Moves the video into the picture-in-picture window.
    public func startPictureInPicture() throws(PlayerError) { try setPresentation(.pictureInPicture) }

    /// Brings the video back from the picture-in-picture window into its own.
    public func stopPictureInPicture() throws(PlayerError) {
        guard isPictureInPictureActive else { return }
        try setPresentation(.inline)
    }

    /// Called by the window after every change of how it shows the video.
    public func presentationDidChange(to presentation: Presentation, pictureInPicturePossible: Bool) {
        store.send(.presentation(.changed(presentation, pictureInPicturePossible: pictureInPicturePossible)))
    }

    // MARK: - Interruptions

    /// What the player does when an interruption ends (default ``/ReelCore/InterruptionPolicy/ifWasPlaying``).
    public var interruptionPolicy: InterruptionPolicy {
        get { store.state.interruption.policy }
        set { store.send(.interruption(.policyChanged(newValue))) }
    }

    /// Whether an interruption began (``beginInterruption()``) and has not ended.
    public var isInterrupted: Bool { store.state.interruption.isActive }

    /// The system takes playback away (it is about to sleep): a playing player pauses with the
    /// reason ``/ReelCore/IntentReason/interruption``, so ``state`` becomes `paused(reason: .interrupted)`.
    /// A paused player stays as it is. Does nothing after ``shutdown()``.
    public func beginInterruption() {
        guard !isShutDown else { return }
        store.send(.interruption(.began))
    }

    /// The system took playback away for good (the audio output went away): a playing player
    /// pauses with the reason ``/ReelCore/IntentReason/interruption``, and nothing resumes it, not even the
    /// end of an interruption in progress. Does nothing after ``shutdown()``.
    public func interrupt() {
        guard !isShutDown else { return }
        store.send(.interruption(.audioOutputLost))
    }

    /// The interruption is over. `shouldResume` is the system's word (true after waking from
    /// sleep); with it, ``interruptionPolicy`` decides whether playback resumes, with the reason
    /// ``/ReelCore/IntentReason/interruption``. Returns whether it resumed.
    @discardableResult
    public func endInterruption(shouldResume: Bool = true) -> Bool {
        guard isInterrupted else { return false }
        let before = store.state
        store.send(.interruption(.ended(shouldResume: shouldResume && !isShutDown)))
        let after = store.state
        let resumed = PlayIntent(playWhenReady: true, reason: .interruption)
        return after.playback.intent == resumed && before.playback.intent != resumed
            && after.refusalCount == before.refusalCount
    }

    // MARK: - Lifetime

    /// Releases the engine, waiting at most ``shutdownTimeout`` for it. Idempotent.
    public func shutdown() async {
        guard !isShutDown else { return }
        isShutDown = true
        // A deliberate shutdown unloads the item; only an engine that dies by itself fails it.
        store.send(.transport(.stopRequested()))
        let engine = engine
        if await Self.finishes(within: shutdownTimeout, { await engine.shutdown() }) {
            await eventTask?.value
        } else {
            abandonedEngine = true
            eventTask?.cancel()
        }
        changes?.cancel()
        finishStreams()
    }

    /// Runs `work` and returns true when it finished within `limit`, false at the limit (`work`
    /// goes on by itself).
    private static func finishes(within limit: Duration, _ work: @escaping @Sendable () async -> Void) async -> Bool {
        let outcome = NIOLockedValueBox<CheckedContinuation<Bool, Never>?>(nil)
        return await withCheckedContinuation { continuation in
            outcome.withLockedValue { $0 = continuation }
            Task {
                await work()
                outcome.withLockedValue { $0.take() }?.resume(returning: true)
            }
            Task {
                try? await Task.sleep(for: limit)
                outcome.withLockedValue { $0.take() }?.resume(returning: false)
            }
        }
    }

    // MARK: - Events

    /// Everything that happens from now on, in order: every state transition (whoever caused
    /// it), items starting and ending, seeks, track changes and failed commands. Finishes at
    /// shutdown.
    public var events: AsyncStream<PlayerEvent> { eventSubscribers.subscribe() }

    /// Sends `action`, throwing what the store refused on the way: every method sends one
    /// action through here. Reel's own hosts (MPRIS, the desktop, `reel`'s window) send the
    /// actions no method names (a remote control's reason, the subtitles' margin) the same way.
    package func perform(_ action: PlayerFeature.Action) throws(PlayerError) {
        guard !isShutDown else { throw PlayerError(.engineGone) }
        let refusals = store.state.refusalCount
        store.send(action)
        let state = store.state
        if state.refusalCount != refusals, let error = state.commandError { throw error }
    }

    private func receive(_ event: EngineEvent, at time: HostTime) {
        let wasSeeking = playback.waiting == .seeking
        let before = (id: playback.itemID, status: playback.status)
        store.send(.engine(event))
        recordMetrics(event, at: time)
        // An item played again after its end (a replay, a seek back) may end again, or stop.
        if before.status == .ended, playback.itemID == before.id, playback.status != .ended { endedItem = nil }
        switch event {
        case .itemStarted(let id):
            startedItem = id
            publishedTracks = nil
            // The item now: a queue may have moved on by the time a subscriber reads the player.
            publish(.itemStarted(id, playback.itemID == id ? playback.item : nil))
        case .property(.endReached(true))
        where before.status == .ready || (before.status == .loading && before.id == startedItem):
            // libmpv keeps an item open at its end and reports no end of file; the item ended
            // here, once, even when the queue replaces it in the same action (its later stop is
            // not news). An item the engine started that is still loading ends too: a clip
            // shorter than its opening. One the engine has not started yet is not the one that
            // ended. The state after the action may already be the next item's.
            guard let id = before.id else { break }
            endedItem = id
            publish(.itemEnded(id, .endOfMedia))
        case .itemEnded(let id, .stopped) where id == endedItem:
            break
        case .itemEnded(let id, let reason): publish(.itemEnded(id, reason))
        case .playbackRestarted where wasSeeking: publish(.seeked(to: currentTime))
        case .property(.tracks) where playback.tracks != publishedTracks:
            // libmpv reports the list again when a track's state changes in a way Reel does not
            // keep (its demuxer's cache, say): a list already published is not news. A switch
            // the player made is: the state took it at once, the engine's list confirms it.
            publishedTracks = playback.tracks
            publish(.tracksChanged(playback.tracks))
        case .commandFailed(let command, let error): publish(.commandFailed(command, error))
        default: break
        }
    }

    /// The last item whose end of media was published (its later stop is not news).
    @ObservationIgnored private var endedItem: ItemID?
    /// The last item the engine reported started.
    @ObservationIgnored private var startedItem: ItemID?
    /// The track list last published for the item now, nil before its first.
    @ObservationIgnored private var publishedTracks: [Track]?

    private func publish(_ event: PlayerEvent) {
        eventSubscribers.yield(event)
    }

    private func finishStreams() {
        metricsSubscribers.finish()
        eventSubscribers.finish()
    }
}
