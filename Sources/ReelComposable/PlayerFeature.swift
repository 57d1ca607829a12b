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
/// store.send(.load(item))
/// store.send(.scrubBegan); store.send(.scrubChanged(to: 42)); store.send(.scrubEnded)
/// ```
///
/// Commands are never state: sending `.togglePlayPause(reason: .user)` twice sends two commands, so a play
/// after an outside pause always works. Scrubbing is optimistic: the labels follow the finger,
/// the seek is sent on release, and playback resumes if it was playing. Arguments no engine
/// takes are refused before anything is recorded (``State/commandError``).
///
/// A feature that drives two engines (a main player and a trailer) gives each `PlayerFeature`
/// its engine (``init(engine:clock:now:makeItemID:tickInterval:readinessDeadline:makeShuffleSeed:liveReload:)``).
public struct PlayerFeature: Reducer, Sendable {
    /// What the play button shows.
    public enum PlayButton: String, Equatable, Sendable {
        /// Tapping plays.
        case play
        /// Tapping pauses.
        case pause
        /// Tapping plays the ended item again from the start.
        case replay
    }

    /// A scrub in progress.
    public struct Scrub: Equatable, Sendable {
        /// Where the finger is, in seconds.
        public var position: TimeInterval
        /// Whether playback should resume when the scrub ends.
        public var resumesPlayback: Bool

        /// Creates a scrub.
        public init(position: TimeInterval, resumesPlayback: Bool) {
            self.position = position
            self.resumesPlayback = resumesPlayback
        }
    }

    /// The interruption in progress, and what happens at its end.
    public struct Interruption: Equatable, Sendable {
        /// What happens when an interruption ends (default ``/ReelCore/InterruptionPolicy/ifWasPlaying``).
        public var policy = InterruptionPolicy.ifWasPlaying
        /// Whether an interruption began and has not ended.
        public var isActive = false
        /// Whether the player wanted to play when the interruption began.
        public var wasPlaying = false
        /// The intent right after the interruption began: any other at its end means someone acted.
        public var intentAfterBegin: PlayIntent?
        /// Whether something during the interruption (the audio output going away) ruled out
        /// resuming.
        public var resumeForfeited = false

        /// No interruption, with the default policy.
        public init() {}
    }

    /// The feature's state.
    public struct State: Equatable, Sendable {
        /// Everything known about playback (issue #2's reducer keeps it).
        public var playback = PlaybackInfo()
        /// The playback position as the player shows it: refreshed by ``Action/tick`` (four times a
        /// second while playing) and at every discontinuity (seek, rate change, new item), so
        /// observing it is the way to follow time. Read ``/ReelCore/PlaybackInfo/position(at:)`` when drawing
        /// a frame.
        public var elapsedTime: TimeInterval = 0
        /// The scrub in progress, if any.
        public var scrub: Scrub?
        /// Whether the controls are shown. The feature has no timer of its own: a host (the
        /// container's control overlay, with its display style and auto-hide countdown) or an
        /// app sends ``Action/showControls`` and ``Action/hideControls``, and every view follows.
        public var controlsVisible = true
        /// The last command the engine refused (or the feature, for a presentation no window can
        /// show); cleared by the next command.
        public var commandError: PlayerError?
        /// How many commands were refused so far: a new refusal changes it even when the error
        /// repeats.
        public var refusalCount = 0
        /// How the video is shown. A window follows it and reports what changed by itself
        /// (``Action/presentationChanged(_:pictureInPicturePossible:)``); ``/ReelCore/Presentation/none``
        /// while nothing shows the video.
        public var presentation = Presentation.none
        /// Whether the window that shows the video can show picture in picture now.
        public var isPictureInPicturePossible = false
        /// The interruption in progress and the policy for its end.
        public var interruption = Interruption()
        /// The items to play, the current one, repeat and shuffle. ``Action/load(_:autoplay:)``
        /// makes a queue of one item; ``Action/queue(_:)`` edits it and moves through it.
        public var queue = PlayQueue()
        /// The entry the engine was asked to open next (``/ReelCore/EngineCommand/prepareNext(_:)``),
        /// so that it follows the current one without a gap; nil when none is queued.
        public var preparedNext: PreparedNext?
        /// The reloads of a live stream that ran dry (``LiveReload``).
        public var liveReloads = LiveReloads()

        /// Creates the state of an empty player with controls shown.
        public init() {}

        /// The player's state with its reason.
        public var playerState: PlayerState { playback.playerState }

        /// What repeats: the current item (the engine loops it, ``/ReelCore/PlaybackInfo/loop``), the
        /// whole queue (``/ReelCore/PlayQueue/repeatsAll``), or nothing.
        public var repeatMode: RepeatMode {
            if playback.loop == .item { return .one }
            return queue.repeatsAll ? .all : .off
        }

        /// Whether ``QueueAction/next`` moves to another item.
        public var canGoNext: Bool { queue.hasNext }
        /// Whether ``QueueAction/previous`` moves to another item (it restarts the current one
        /// otherwise).
        public var canGoPrevious: Bool { queue.hasPrevious }

        /// The item, while it waits in a way its ``ReadinessDeadline`` bounds: opening, or
        /// stalled (buffering or seeking while it should play). Nil otherwise.
        var waitingItem: (id: ItemID, item: MediaItem)? {
            guard playback.isWaiting, let id = playback.itemID, let item = playback.item else { return nil }
            return (id, item)
        }

        /// The time the labels and seek bar show: the scrub position while scrubbing, else
        /// ``elapsedTime``.
        public var seekBarPosition: TimeInterval { scrub?.position ?? elapsedTime }

        private var showsHours: Bool { (playback.duration ?? seekBarPosition) >= 3600 }

        /// Whether the item has no known end (live).
        public var isLive: Bool { playback.isLive || (playback.status == .ready && playback.duration == nil) }

        /// The current time: `m:ss` or `h:mm:ss`.
        public var currentLabel: String { TimeLabel.format(seekBarPosition, withHours: showsHours) }

        /// The time left, with a minus sign; "LIVE" for live items, "--:--" while unknown.
        public var remainingLabel: String { remainingLabel(live: "LIVE") }

        /// The time left, with a minus sign; `live` for live items (a window passes its own
        /// language's word), "--:--" while unknown.
        public func remainingLabel(live: String) -> String {
            guard let duration = playback.duration else { return isLive ? live : "--:--" }
            return "-" + TimeLabel.format(duration - seekBarPosition, withHours: showsHours)
        }

        /// The duration; "LIVE" for live items, "--:--" while unknown.
        public var durationLabel: String { durationLabel(live: "LIVE") }

        /// The duration; `live` for live items, "--:--" while unknown.
        public func durationLabel(live: String) -> String {
            guard let duration = playback.duration else { return isLive ? live : "--:--" }
            return TimeLabel.format(duration, withHours: showsHours)
        }

        /// How far along the seek bar the knob is, 0…1; nil without a duration (or a live window).
        public var progress: Double? {
            guard let range = seekRange, range.end > range.start else { return nil }
            return min(1, max(0, (seekBarPosition - range.start) / (range.end - range.start)))
        }

        /// How far along the seek bar the buffered part reaches, 0…1; nil when unknown.
        public var bufferedFraction: Double? {
            guard let duration = playback.duration, duration > 0,
                let end = playback.bufferedRanges.first(where: { $0.contains(elapsedTime) })?.end
            else { return nil }
            return min(1, max(0, end / duration))
        }

        /// The play button's icon.
        public var playButton: PlayButton {
            if playback.status == .ended { return .replay }
            return playback.intent.playWhenReady ? .pause : .play
        }

        /// The message to show for a failure, if any.
        public var errorMessage: String? {
            if case .failed(let error) = playback.status { return error.message }
            return commandError?.message
        }
    }

    /// What can happen to the feature.
    public enum Action: Equatable, Sendable {
        /// The engine reported an event.
        case engine(EngineEvent)
        /// The engine refused a command.
        case commandRefused(EngineCommand, PlayerError)
        /// Open an item.
        case load(MediaItem, autoplay: Bool = true)
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
        /// Pauses and shows the next frame, or the one before.
        case frameStepped(forward: Bool)
        /// Adjusts the picture's colours (``/ReelCore/VideoAdjustments/neutral`` resets them).
        case videoAdjustmentsSet(VideoAdjustments)
        /// Writes the current frame to a PNG file in `folder`, named after the item and the time
        /// (`clip-0m12s.png`), with the subtitles shown on it or without.
        case screenshotTaken(in: URL, includingSubtitles: Bool)
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
        /// Send any engine command, recorded with `reason`: the way in for remote controls and
        /// layers above.
        case command(EngineCommand, reason: IntentReason)
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
        /// Show the controls (a tap on the video, a mouse move).
        case showControls
        /// Hide the controls.
        case hideControls
        /// The user touched a control: shows the controls.
        case userInteracted
        /// Try the failed item again from where it stopped.
        case retryTapped
        /// Refresh the displayed position (sent while playing).
        case tick
        /// The item `id` was still waiting (opening, or stalled) at its ``ReadinessDeadline``:
        /// it fails with ``/ReelCore/PlayerError/Code/timedOut``.
        case readinessDeadlinePassed(ItemID)
        /// Stop and unload.
        case stop
        /// Edit the queue or move through it.
        case queue(QueueAction)
    }

    /// The queue entry the engine prepares to play next, and the request it was given.
    public struct PreparedNext: Equatable, Sendable {
        /// The entry.
        public var entry: QueueEntryID
        /// The request the engine holds for it.
        public var request: LoadRequest

        /// Creates a record (tests build the state they expect with it).
        public init(entry: QueueEntryID, request: LoadRequest) {
            self.entry = entry
            self.request = request
        }
    }

    /// What can be done to the queue (``State/queue``).
    public enum QueueAction: Equatable, Sendable {
        /// Replace the queue with `items` and open the one at `startIndex`.
        case replace([MediaItem], startIndex: Int = 0, autoplay: Bool = true)
        /// Add items at the end.
        case append([MediaItem])
        /// Add items before the index.
        case insert([MediaItem], at: Int)
        /// Remove the item at the index; removing the current one opens the one after it.
        case remove(at: Int)
        /// Move the item at `from` so that it ends at `to`.
        case move(from: Int, to: Int)
        /// Empty the queue and stop.
        case clear
        /// Open the item at the index.
        case jump(to: Int)
        /// Open the next item in play order (wrapping when the queue repeats).
        case next
        /// Restart the current item when it played past ``PlayerFeature/restartThreshold``;
        /// otherwise open the previous one (or restart the first).
        case previous
        /// Choose what repeats.
        case repeatModeSet(RepeatMode)
        /// Shuffle (with the seed, or a random one) or restore the order.
        case shuffleSet(Bool, seed: UInt64? = nil)
    }

    /// How far into an item ``QueueAction/previous`` restarts it instead of going back (3 s, as
    /// players do).
    public static let restartThreshold: TimeInterval = 3

    /// Cancellation ids of the feature's timers.
    enum Timer: Hashable, Sendable {
        case ticker
        case readiness
    }

    /// How long an item may wait before it fails with ``/ReelCore/PlayerError/Code/timedOut``:
    /// to open, or to play again once it stalls (buffering, or a seek that does not finish) while
    /// it should be playing. The player stays responsive whatever the engine is stuck in (a
    /// demuxer that spins after the first segment stalls forever). Nil waits forever.
    public struct ReadinessDeadline: Hashable, Sendable {
        /// For local files (`file` addresses).
        public var local: Duration?
        /// For everything else (network streams and manifests).
        public var network: Duration?

        /// Creates a deadline.
        public init(local: Duration?, network: Duration?) {
            self.local = local
            self.network = network
        }

        /// 15 s for local files, 45 s for network items (libmpv's own network timeout is 20 s
        /// without data; a manifest may take several requests).
        public static let standard = ReadinessDeadline(local: .seconds(15), network: .seconds(45))

        /// No deadline.
        public static let none = ReadinessDeadline(local: nil, network: nil)

        /// The deadline for `item`.
        public func duration(for item: MediaItem) -> Duration? { item.url.isFileURL ? local : network }
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
        noteLiveRecovery(in: &state)
        return .merge(effect, prepareNext(in: &state), timers(in: state, wasPlaying: wasPlaying))
    }

    // MARK: - Actions

    private func handle(_ action: Action, in state: inout State) -> Effect<Action> {
        switch action {
        case .engine(let event):
            let current = state.playback.itemID
            let wasEnded = state.playback.status == .ended
            let wasLive = state.playback.isLive
            PlaybackReducer.reduce(&state.playback, .received(event), at: now())
            if case .property(.audioDevices) = event { return audioDevicesChanged(in: &state) }
            if case .itemEnded(let id, .endOfMedia) = event, id == current, let prepared = state.preparedNext {
                adopt(prepared, in: &state)
                return .none
            }
            switch event {
            case .itemLoaded(let id) where id == current: return entryOpened(in: &state)
            case .itemEnded(let id, .failed(let error)) where id == current:
                return entryEnded(.failed(error), in: &state)
            default:
                // The end of the media (libmpv keeps the item open at its end: `eof-reached`).
                guard !wasEnded, state.playback.status == .ended else { return .none }
                // A live stream has no end: it ran dry (or lost its source), and is reloaded.
                if wasLive { return liveStreamEnded(in: &state) }
                return entryEnded(.endOfMedia, in: &state)
            }
        case .commandRefused(let command, let error):
            PlaybackReducer.reduce(&state.playback, .refused(command, error), at: now())
            let refusal = refuse(error, in: &state)
            // A queued item the engine refuses to open (its scheme) is skipped like a failure.
            guard case .load = command, state.queue.count > 1 else { return refusal }
            return .merge(refusal, entryEnded(.failed(error), in: &state))
        case .goLive, .streamingQualitySelected:
            return live(action, in: &state)
        case .audioDeviceSelected, .subtitleStyleSet, .secondarySubtitleSelected:
            return outputs(action, in: &state)
        case .load(let item, let autoplay):
            state.liveReloads = LiveReloads()
            return edit(.replace([item], startIndex: 0, autoplay: autoplay), in: &state)
        case .queue(let action):
            return edit(action, in: &state)
        case .togglePlayPause(let reason):
            if state.playback.intent.playWhenReady && state.playback.status != .ended {
                return command(.pause, reason: reason, in: &state)
            }
            return handle(.play(reason: reason), in: &state)
        case .play(let reason):
            if state.playback.status == .idle, let entry = state.queue.current {
                // A queue that was built but not opened yet (or stopped): open its current item.
                return open(entry, autoplay: true, in: &state)
            }
            if state.playback.status == .ended {
                return .merge(
                    command(.seek(.absolute(0), precision: .keyframe), in: &state),
                    command(.play, reason: reason, in: &state))
            }
            return command(.play, reason: reason, in: &state)
        case .pause(let reason):
            return command(.pause, reason: reason, in: &state)
        case .scrubBegan:
            let resumes = state.playback.intent.playWhenReady && state.playback.status != .ended
            state.scrub = Scrub(position: state.elapsedTime, resumesPlayback: resumes)
            return resumes ? command(.pause, in: &state) : .none
        case .scrubChanged(let time):
            guard state.scrub != nil else { return .none }
            let position = clamp(time, state)
            state.scrub?.position = position
            return .none
        case .scrubEnded:
            guard let scrub = state.scrub else { return .none }
            state.scrub = nil
            let seek = command(.seek(.absolute(scrub.position), precision: .exact), in: &state)
            return scrub.resumesPlayback ? .merge(seek, command(.play, in: &state)) : seek
        case .scrubCancelled:
            guard let scrub = state.scrub else { return .none }
            state.scrub = nil
            return scrub.resumesPlayback ? command(.play, in: &state) : .none
        case .abLoopSet(let loop):
            return command(.setABLoop(loop), in: &state)
        case .videoFramingSet(let framing):
            return command(.setVideoFraming(framing), in: &state)
        case .screenshotTaken(let folder, let subtitles):
            let file = folder.appendingPathComponent(Self.screenshotName(state))
            return command(.screenshot(to: file, includingSubtitles: subtitles), in: &state)
        case .audioDelayAdjusted(let seconds):
            return command(.setAudioDelay(Self.tenths(state.playback.audioDelay + seconds)), in: &state)
        case .subtitleDelayAdjusted(let seconds):
            return command(.setSubtitleDelay(Self.tenths(state.playback.subtitleDelay + seconds)), in: &state)
        case .videoAdjustmentsSet(let adjustments):
            return command(.setVideoAdjustments(adjustments), in: &state)
        case .frameStepped(let forward):
            return command(.stepFrame(forward: forward), in: &state)
        case .gravityCycled:
            var framing = state.playback.framing
            let all = VideoGravity.allCases
            framing.gravity = all[(all.firstIndex(of: framing.gravity)! + 1) % all.count]
            return command(.setVideoFraming(framing), in: &state)
        case .skipTapped(let seconds):
            return command(.seek(.relative(seconds), precision: .keyframe), in: &state)
        case .skip(let seconds, let precision):
            return command(.seek(.relative(seconds), precision: precision), in: &state)
        case .seek(let time, let precision):
            // A time that is no number is the engine command's to refuse, not to clamp.
            let target = time.isFinite ? clamp(time, state) : time
            return command(.seek(.absolute(target), precision: precision), in: &state)
        case .seekToFrame(let frame):
            do {
                let time = try Self.time(ofFrame: frame, in: state.playback)
                return command(.seek(.absolute(time), precision: .exact), in: &state)
            } catch {
                return refuse(error, in: &state)
            }
        case .bufferingPolicySet(let policy):
            return command(.setBufferingPolicy(policy), in: &state)
        case .speedSelected(let speed):
            return command(.setSpeed(speed), in: &state)
        case .audioTrackSelected(let id):
            return command(.selectTrack(.audio, id: id), in: &state)
        case .subtitleTrackSelected(let id):
            return command(.selectTrack(.subtitle, id: id), in: &state)
        case .volumeChanged(let volume):
            return command(.setVolume(volume.isFinite ? max(0, volume) : volume), in: &state)
        case .muteToggled:
            return command(.setMuted(!state.playback.isMuted), in: &state)
        case .muteSet(let muted):
            return command(.setMuted(muted), in: &state)
        case .subtitleAdded(let subtitle):
            return command(.addSubtitle(subtitle), in: &state)
        case .command(let command, let reason):
            return self.command(command, reason: reason, in: &state)
        case .presentationRequested(let presentation, let autoplay):
            let refusals = state.refusalCount
            let shown = present(presentation, in: &state)
            guard autoplay, state.refusalCount == refusals else { return shown }
            return .merge(shown, handle(.play(reason: .user), in: &state))
        case .presentationChanged(let presentation, let possible):
            state.presentation = presentation
            state.isPictureInPicturePossible = possible
            return .none
        case .interruptionBegan, .interruptionEnded, .audioOutputLost, .interruptionPolicySet:
            return interrupt(action, in: &state)
        case .showControls:
            state.controlsVisible = true
            return .none
        case .hideControls:
            state.controlsVisible = false
            return .none
        case .userInteracted:
            state.controlsVisible = true
            return .none
        case .retryTapped:
            guard var item = state.playback.item else { return .none }
            item.startPosition = state.elapsedTime > 0 ? state.elapsedTime : item.startPosition
            state.commandError = nil
            return command(.load(LoadRequest(item: item, autoplay: true, id: makeItemID())), in: &state)
        case .tick:
            return .none
        case .readinessDeadlinePassed(let id):
            guard state.waitingItem?.id == id else { return .none }
            PlaybackReducer.reduce(&state.playback, .abandoned(id, PlayerError(.timedOut)), at: now())
            // The engine may be stuck in a C library: the stop is queued behind it, never awaited,
            // and not recorded (the item stays failed, not unloaded).
            return .engine(.stop, on: engine)
        case .stop:
            state.scrub = nil
            state.preparedNext = nil
            return command(.stop, in: &state)
        }
    }

    /// Records a refusal: the error shows, and ``State/refusalCount`` moves.
    func refuse(_ error: PlayerError, in state: inout State) -> Effect<Action> {
        state.commandError = error
        state.refusalCount += 1
        return .none
    }

    private func present(_ presentation: Presentation, in state: inout State) -> Effect<Action> {
        if state.presentation == .none {
            return refuse(PlayerError(.invalidArgument, message: "Nothing shows this player's video."), in: &state)
        }
        switch presentation {
        case .none:
            return refuse(
                PlayerError(.invalidArgument, message: "A window cannot present nothing; close it instead."), in: &state
            )
        case .pictureInPicture where !state.isPictureInPicturePossible:
            return refuse(PlayerError(.invalidArgument, message: "Picture in picture is not possible now."), in: &state)
        default:
            state.commandError = nil
            state.presentation = presentation
            return .none
        }
    }

    /// Interruptions: MPlayerKit's `beginInterruption`/`endInterruption` with a resume policy.
    private func interrupt(_ action: Action, in state: inout State) -> Effect<Action> {
        let playback = state.playback
        let playable = playback.status == .loading || playback.status == .ready
        switch action {
        case .interruptionBegan:
            let wasPlaying = playback.intent.playWhenReady && playable
            let effect = wasPlaying ? command(.pause, reason: .interruption, in: &state) : .none
            state.interruption.isActive = true
            state.interruption.wasPlaying = wasPlaying
            state.interruption.intentAfterBegin = state.playback.intent
            state.interruption.resumeForfeited = false
            return effect
        case .interruptionEnded(let shouldResume):
            guard state.interruption.isActive else { return .none }
            state.interruption.isActive = false
            let interruption = state.interruption
            let resumes =
                switch interruption.policy {
                case .never: false
                case .ifWasPlaying: interruption.wasPlaying
                case .always: true
                }
            guard shouldResume, !interruption.resumeForfeited, playback.intent == interruption.intentAfterBegin,
                playable, resumes
            else { return .none }
            return command(.play, reason: .interruption, in: &state)
        case .audioOutputLost:
            if state.interruption.isActive {
                state.interruption.resumeForfeited = true
                return .none
            }
            return playback.intent.playWhenReady ? command(.pause, reason: .interruption, in: &state) : .none
        case .interruptionPolicySet(let policy):
            state.interruption.policy = policy
            return .none
        default:
            return .none
        }
    }

    /// Records `command` in the playback state and returns it as an engine effect.
    func command(_ command: EngineCommand, reason: IntentReason = .user, in state: inout State) -> Effect<
        Action
    > {
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
        return .engine(command, on: engine) { .commandRefused(command, $0) }
    }

    // MARK: - Queue

    private func edit(_ action: QueueAction, in state: inout State) -> Effect<Action> {
        switch action {
        case .replace(let items, let startIndex, let autoplay):
            let repeatsAll = state.queue.repeatsAll
            state.queue = PlayQueue(items)
            state.queue.repeatsAll = repeatsAll
            guard state.queue.entries.indices.contains(startIndex) else {
                return state.queue.isEmpty ? command(.stop, in: &state) : .none
            }
            return open(state.queue.entries[startIndex], autoplay: autoplay, in: &state)
        case .append(let items):
            state.queue.append(items)
            return .none
        case .insert(let items, let index):
            state.queue.insert(items, at: index)
            return .none
        case .remove(let index):
            guard state.queue.entries.indices.contains(index) else { return .none }
            let removed = state.queue.entries[index].id
            guard removed == state.queue.currentID else {
                state.queue.remove(at: index)
                return .none
            }
            let following = state.queue.entry(after: removed, wrapping: state.queue.repeatsAll)
            state.queue.remove(at: index)
            guard let following, following.id != removed else { return command(.stop, in: &state) }
            return open(following, autoplay: state.playback.intent.playWhenReady, in: &state)
        case .move(let source, let destination):
            state.queue.move(from: source, to: destination)
            return .none
        case .clear:
            state.queue.removeAll()
            state.preparedNext = nil
            return command(.stop, in: &state)
        case .jump(let index):
            guard state.queue.entries.indices.contains(index) else { return .none }
            leaveCurrent(in: &state)
            return open(state.queue.entries[index], autoplay: true, in: &state)
        case .next:
            guard let next = state.queue.entry(after: state.queue.currentID, wrapping: state.queue.repeatsAll),
                next.id != state.queue.currentID
            else { return .none }
            leaveCurrent(in: &state)
            if let prepared = state.preparedNext, prepared.entry == next.id {
                // What the engine prepared plays at once.
                adopt(prepared, ended: false, in: &state)
                return .merge(
                    .engine(.playPrepared, on: engine) { .commandRefused(.playPrepared, $0) },
                    command(.play, in: &state))
            }
            return open(next, autoplay: true, in: &state)
        case .previous:
            let restart = command(.seek(.absolute(0), precision: .keyframe), in: &state)
            guard state.elapsedTime <= Self.restartThreshold,
                let previous = state.queue.entry(before: state.queue.currentID, wrapping: state.queue.repeatsAll),
                previous.id != state.queue.currentID
            else {
                guard state.playback.status == .ended else { return restart }
                return .merge(restart, command(.play, in: &state))
            }
            leaveCurrent(in: &state)
            return open(previous, autoplay: true, in: &state)
        case .repeatModeSet(let mode):
            state.queue.repeatsAll = mode == .all
            let loop: LoopMode = mode == .one ? .item : .off
            return state.playback.loop == loop ? .none : command(.setLoop(loop), in: &state)
        case .shuffleSet(let on, let seed):
            if on {
                state.queue.shuffle(seed: seed ?? makeShuffleSeed())
            } else {
                state.queue.unshuffle()
            }
            return .none
        }
    }

    /// Opens `entry` (where it was left, with the tracks chosen for it) and makes it current.
    func open(_ entry: PlayQueue.Entry, autoplay: Bool, in state: inout State) -> Effect<Action> {
        state.queue.makeCurrent(entry.id)
        // A load empties what the engine had queued.
        state.preparedNext = nil
        return command(.load(request(for: entry, autoplay: autoplay)), in: &state)
    }

    /// The request that opens `entry` where it was left.
    private func request(for entry: PlayQueue.Entry, autoplay: Bool) -> LoadRequest {
        var item = entry.item
        if let resume = entry.resumePosition { item.startPosition = resume }
        return LoadRequest(item: item, autoplay: autoplay, id: makeItemID())
    }

    /// The engine moved (or is told to move) to the entry it had prepared: it is current, and
    /// loading. The entry left is forgotten where it was when it `ended`.
    private func adopt(_ prepared: PreparedNext, ended: Bool = true, in state: inout State) {
        if ended, let current = state.queue.currentID {
            state.queue.update(current) { $0.resumePosition = nil }
            state.queue.noteSuccess()
        }
        state.queue.makeCurrent(prepared.entry)
        state.preparedNext = nil
        PlaybackReducer.reduce(
            &state.playback, .sent(.load(prepared.request), reason: state.playback.intent.reason), at: now())
    }

    /// Asks the engine to prepare the entry that follows the current one, once the current one
    /// is ready, and again whenever the queue changes what follows.
    private func prepareNext(in state: inout State) -> Effect<Action> {
        var wanted: PlayQueue.Entry?
        // A live stream never reaches an end the next item could follow: it is reloaded instead.
        if state.playback.status == .ready, !state.playback.isLive, state.repeatMode != .one,
            let current = state.queue.currentID
        {
            wanted = state.queue.entry(after: current, wrapping: state.queue.repeatsAll)
        }
        guard wanted?.id != state.preparedNext?.entry else { return .none }
        guard let wanted else {
            state.preparedNext = nil
            return .engine(.prepareNext(nil), on: engine) { .commandRefused(.prepareNext(nil), $0) }
        }
        let request = request(for: wanted, autoplay: true)
        state.preparedNext = PreparedNext(entry: wanted.id, request: request)
        return .engine(.prepareNext(request), on: engine) { .commandRefused(.prepareNext(request), $0) }
    }

    /// Remembers, for the current entry, where it was left and which tracks were chosen.
    private func leaveCurrent(in state: inout State) {
        guard let id = state.queue.currentID, state.playback.item != nil else { return }
        let playback = state.playback
        let position = state.elapsedTime
        state.queue.update(id) { entry in
            switch playback.status {
            case .ready, .loading:
                entry.resumePosition = position > 0 ? position : entry.resumePosition
            case .ended:
                entry.resumePosition = nil
            default:
                break
            }
            if playback.status == .ready {
                entry.selectedTracks = PlayQueue.TrackSelection(
                    audio: playback.selectedTrack(.audio)?.id, subtitle: playback.selectedTrack(.subtitle)?.id)
            }
        }
    }

    /// The current entry opened: the failures in a row are over, and its chosen tracks return.
    private func entryOpened(in state: inout State) -> Effect<Action> {
        state.queue.noteSuccess()
        guard let tracks = state.queue.current?.selectedTracks else { return .none }
        var effects: [Effect<Action>] = []
        if tracks.audio != state.playback.selectedTrack(.audio)?.id {
            effects.append(command(.selectTrack(.audio, id: tracks.audio), in: &state))
        }
        if tracks.subtitle != state.playback.selectedTrack(.subtitle)?.id {
            effects.append(command(.selectTrack(.subtitle, id: tracks.subtitle), in: &state))
        }
        return .merge(effects)
    }

    /// The current entry ended: at its end the next one opens (the item ended with
    /// ``/ReelCore/PauseReason/endOfMedia``, then the next one is loading); a failed entry is
    /// skipped, until every entry has failed in a row.
    func entryEnded(_ reason: EndReason, in state: inout State) -> Effect<Action> {
        guard let current = state.queue.currentID else { return .none }
        switch reason {
        case .stopped:
            return .none
        case .endOfMedia:
            state.queue.update(current) { $0.resumePosition = nil }
            state.queue.noteSuccess()
        case .failed(let error):
            if state.queue.noteFailure(error) { return .none }
        }
        guard let next = state.queue.entry(after: current, wrapping: state.queue.repeatsAll) else { return .none }
        // A queue of one that repeats opens its item again.
        return open(next, autoplay: true, in: &state)
    }

    /// A screenshot's file name: the item's name and the time, `clip-1m02.500s.png`.
    public static func screenshotName(_ state: State) -> String {
        let base = state.playback.item.map { $0.url.deletingPathExtension().lastPathComponent } ?? "reel"
        let time = max(0, state.elapsedTime)
        let minutes = Int(time / 60)
        return "\(base)-\(minutes)m" + String(format: "%06.3f", time - Double(minutes * 60)) + "s.png"
    }

    /// `seconds` to the millisecond, so that steps of 0.1 add up to round numbers.
    static func tenths(_ seconds: TimeInterval) -> TimeInterval { (seconds * 1000).rounded() / 1000 }

    /// The deadline of the wait that `waiting` began; a later wait replaces it.
    private func readinessTimer(for waiting: (id: ItemID, item: MediaItem)) -> Effect<Action> {
        guard let deadline = readinessDeadline.duration(for: waiting.item) else {
            return .cancel(id: Timer.readiness)
        }
        let clock = clock
        return Effect<Action>.run { send in
            do { try await clock.sleep(for: deadline) } catch { return }
            await send(.readinessDeadlinePassed(waiting.id))
        }
        .cancellable(id: Timer.readiness, cancelInFlight: true)
    }

    private func clamp(_ time: TimeInterval, _ state: State) -> TimeInterval {
        if let window = state.playback.liveWindow {
            return min(window.end, max(window.start, time.isFinite ? time : window.end))
        }
        let lower = max(0, time.isFinite ? time : 0)
        return state.playback.duration.map { min(lower, $0) } ?? lower
    }

    // MARK: - Timers

    /// Starts or stops the position ticker as playback starts and stops.
    private func timers(in state: State, wasPlaying: Bool) -> Effect<Action> {
        let isPlaying = state.playerState == .playing
        var effects: [Effect<Action>] = []
        if isPlaying != wasPlaying {
            effects.append(isPlaying ? ticker() : .cancel(id: Timer.ticker))
        }
        return .merge(effects)
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
