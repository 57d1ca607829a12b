import Foundation

/// One input to ``PlaybackReducer``: a command that was sent, or an event that came back.
public enum PlaybackInput: Hashable, Sendable {
    /// A command was accepted by the engine; `reason` says who asked (for intent changes).
    case sent(EngineCommand, reason: IntentReason)
    /// A command was refused before it reached the engine.
    case refused(EngineCommand, PlayerError)
    /// The engine reported an event.
    case received(EngineEvent)
    /// The model gave up on the item `id` (it did not become ready in time): it fails with
    /// `error`, whatever the engine still does with it.
    case abandoned(ItemID, PlayerError)
    /// The model gave up on the item `id` after it ended (a live stream that ran dry and did not
    /// come back when reloaded): it fails with `error`.
    case gaveUp(ItemID, PlayerError)
}

/// Derives ``PlaybackInfo`` from the commands sent to an engine and the events it sends back.
///
/// The reducer is pure: the same state, input and host time always give the same result. It
/// never calls the engine. Position is kept as an anchor and only moved on discontinuities
/// (seek, rate change, a sample that disagrees with the extrapolation), so 30 position samples a
/// second leave the state unchanged while playback flows as predicted.
public enum PlaybackReducer {
    /// How far a position sample may stray from the extrapolated anchor before it re-anchors.
    public static let positionTolerance: TimeInterval = 0.25

    /// Applies one input at host time `now`.
    public static func reduce(_ state: inout PlaybackInfo, _ input: PlaybackInput, at now: HostTime) {
        switch input {
        case .sent(let command, let reason): apply(command, reason: reason, to: &state, at: now)
        case .refused(let command, let error): refuse(command, error, in: &state, at: now)
        case .received(let event): apply(event, to: &state, at: now)
        case .abandoned(let id, let error):
            // Only an item that waits: opening, or stalled while it should play.
            guard state.itemID == id, state.isWaiting else { break }
            state.status = .failed(error)
            state.isSeeking = false
            state.isStalled = false
            state.stallProgress = nil
        case .gaveUp(let id, let error):
            guard state.itemID == id, state.status == .ended else { break }
            state.status = .failed(error)
        }
        reanchorIfRateChanged(&state, at: now)
    }

    // MARK: - Commands

    private static func apply(
        _ command: EngineCommand, reason: IntentReason, to state: inout PlaybackInfo, at now: HostTime
    ) {
        switch command {
        case .load(let request):
            resetItem(&state, to: request, at: now)
            setIntent(request.autoplay, reason: reason, in: &state)
        case .stop:
            let speed = state.speed
            let volume = state.volume
            let muted = state.isMuted
            let loop = state.loop
            let buffering = state.bufferingPolicy
            let outputs = (state.audioDevices, state.audioDevice, state.audioOutputDriver, state.subtitleStyle)
            let intentPending = state.pendingPlayWhenReady
            let enginePaused = state.enginePaused
            state = PlaybackInfo()
            state.speed = speed
            state.volume = volume
            state.isMuted = muted
            state.loop = loop
            state.bufferingPolicy = buffering
            (state.audioDevices, state.audioDevice, state.audioOutputDriver, state.subtitleStyle) = outputs
            state.enginePaused = enginePaused
            state.pendingPlayWhenReady = intentPending
            state.anchor = PositionAnchor(position: 0, time: now)
            setIntent(false, reason: reason, in: &state)
        case .play:
            setIntent(true, reason: reason, in: &state)
        case .pause:
            setIntent(false, reason: reason, in: &state)
        case .seek(let target, _):
            guard state.status == .ready || state.status == .ended || state.status == .loading else { return }
            let current = state.anchor.position(at: now)
            let goal: TimeInterval =
                switch target {
                case .absolute(let time): time
                case .relative(let delta): current + delta
                }
            state.anchor = PositionAnchor(
                position: PositionAnchor.clamp(goal, duration: state.duration), time: now, rate: 0,
                duration: state.duration)
            if state.status == .ended { state.status = .ready }
            if state.status == .ready { state.isSeeking = true }
        case .setSpeed(let speed): state.speed = speed
        case .setVolume(let volume): state.volume = volume
        case .setMuted(let muted): state.isMuted = muted
        case .setLoop(let loop): state.loop = loop
        case .setABLoop(let loop): state.abLoop = loop
        case .setVideoFraming(let framing): state.framing = framing
        case .setVideoAdjustments(let adjustments): state.adjustments = adjustments
        case .setAudioDelay(let seconds): state.audioDelay = seconds
        case .setSubtitleDelay(let seconds): state.subtitleDelay = seconds
        case .setPitchCorrection(let on): state.pitchCorrection = on
        case .setBufferingPolicy(let policy): state.bufferingPolicy = policy
        case .setAudioDevice(let name): state.audioDevice = name
        case .setSubtitleStyle(let style): state.subtitleStyle = style
        case .selectSecondarySubtitle(let id):
            for index in state.tracks.indices where state.tracks[index].kind == .subtitle {
                state.tracks[index].isSecondarySelected = state.tracks[index].id == id
            }
        case .setStreamingQuality(let quality):
            state.streamingQuality = quality
            // A fixed variant's tracks play at once; the engine's own choice arrives with its track list.
            if case .variant(let variant) = quality {
                for index in state.tracks.indices where state.tracks[index].kind == .video {
                    state.tracks[index].isSelected = state.tracks[index].id == variant.id
                }
                if let audio = variant.audioTrackID {
                    for index in state.tracks.indices where state.tracks[index].kind == .audio {
                        state.tracks[index].isSelected = state.tracks[index].id == audio
                    }
                }
            }
        case .stepFrame:
            // Stepping pauses; the new position arrives with the frame.
            setIntent(false, reason: reason, in: &state)
        case .selectTrack(let kind, let id):
            for index in state.tracks.indices where state.tracks[index].kind == kind {
                state.tracks[index].isSelected = state.tracks[index].id == id
            }
        // What is queued next is the queue's to know (PlayerFeature), not playback's.
        case .addSubtitle, .setSubtitleMargin, .prepareNext, .playPrepared, .screenshot, .reportStatistics: break
        }
    }

    private static func refuse(
        _ command: EngineCommand, _ error: PlayerError, in state: inout PlaybackInfo, at now: HostTime
    ) {
        switch command {
        case .load(let request):
            resetItem(&state, to: request, at: now)
            state.status = .failed(error)
        case .play, .pause:
            // An engine that refuses to play or pause (it is gone) plays nothing.
            if state.intent.playWhenReady { state.intent.playWhenReady = false }
        default:
            break
        }
    }

    private static func resetItem(_ state: inout PlaybackInfo, to request: LoadRequest, at now: HostTime) {
        state.itemID = request.id
        state.item = request.item
        state.status = .loading
        state.duration = nil
        state.anchor = PositionAnchor(position: max(0, request.item.startPosition ?? 0), time: now)
        state.bufferedRanges = []
        state.bufferFlags = BufferFlags()
        state.isSeekable = nil
        state.isLive = false
        state.streamingQuality = .auto
        state.stallCount = 0
        state.video = nil
        state.tracks = []
        state.chapters = []
        state.metadata = [:]
        state.engineTitle = nil
        state.container = nil
        state.abLoop = .off
        state.isSeeking = false
        state.isStalled = false
        state.stallProgress = nil
    }

    private static func setIntent(_ play: Bool, reason: IntentReason, in state: inout PlaybackInfo) {
        state.intent = PlayIntent(playWhenReady: play, reason: reason)
        // Wait for the engine's echo only when its pause flag will actually change.
        state.pendingPlayWhenReady = state.enginePaused.map { $0 == play } == true ? play : nil
    }

    // MARK: - Events

    private static func apply(_ event: EngineEvent, to state: inout PlaybackInfo, at now: HostTime) {
        switch event {
        case .itemStarted(let id):
            guard id == state.itemID, state.status != .loading else { return }
            state.status = .loading
        case .itemLoaded:
            break
        case .itemEnded(let id, let reason):
            guard id == state.itemID else { return }
            // A failed item stays failed: the end that follows (an abandoned item's stop, or an
            // engine that reports the failure twice) changes nothing.
            if case .failed = state.status { return }
            switch reason {
            case .endOfMedia: endReached(&state, at: now)
            case .failed(let error):
                state.status = .failed(error)
                state.isSeeking = false
                state.isStalled = false
            case .stopped:
                // Our own stop already cleared the item, so this is the engine stopping it by
                // itself (its own window's `q`): nothing to play any more, nothing wanted.
                state.status = .idle
                state.isSeeking = false
                state.isStalled = false
                state.intent = PlayIntent(playWhenReady: false, reason: .engine)
                state.pendingPlayWhenReady = nil
            }
        case .seekStarted:
            if state.status == .ready { state.isSeeking = true }
        case .playbackRestarted:
            if state.status == .loading { state.status = .ready }
            state.isSeeking = false
        case .property(let change):
            apply(change, to: &state, at: now)
        case .commandFailed(.seek, _):
            state.isSeeking = false
        case .commandFailed(.load(let request), let error):
            guard request.id == state.itemID else { return }
            state.status = .failed(error)
        case .commandFailed:
            break
        case .shutdown:
            state.isSeeking = false
            state.isStalled = false
            if state.status == .loading || state.status == .ready {
                state.status = .failed(PlayerError(.engineGone))
            }
        }
    }

    private static func endReached(_ state: inout PlaybackInfo, at now: HostTime) {
        guard state.status == .ready || state.status == .loading else { return }
        state.status = .ended
        state.isSeeking = false
        state.isStalled = false
        state.intent = PlayIntent(playWhenReady: false, reason: .endOfMedia)
        state.pendingPlayWhenReady = nil
        // Engines pause by themselves at the end (the engine contract), so a replay sent before
        // that pause is reported waits for its own echo instead of being undone by it.
        state.enginePaused = true
        let end = state.duration ?? state.anchor.position(at: now)
        state.anchor = PositionAnchor(position: end, time: now, rate: 0, duration: state.duration)
    }

    private static func apply(_ change: PropertyChange, to state: inout PlaybackInfo, at now: HostTime) {
        switch change {
        case .paused(let paused):
            // The first report is the engine's starting level, not a change anyone asked for.
            let isFirstReport = state.enginePaused == nil
            state.enginePaused = paused
            guard !isFirstReport, state.status != .idle else { return }
            let engineWantsPlay = !paused
            if let pending = state.pendingPlayWhenReady {
                if pending == engineWantsPlay { state.pendingPlayWhenReady = nil }
                return
            }
            if engineWantsPlay != state.intent.playWhenReady, state.status != .ended {
                state.intent = PlayIntent(playWhenReady: engineWantsPlay, reason: .engine)
            }
        case .pausedForCache(let stalled):
            if stalled, !state.isStalled, state.status == .ready { state.stallCount += 1 }
            state.isStalled = stalled && state.status != .ended
            if !stalled { state.stallProgress = nil }
        case .bufferingProgress(let progress):
            state.stallProgress = progress.map { min(1, max(0, $0)) }
        case .endReached(let reached):
            if reached {
                endReached(&state, at: now)
            } else if state.status == .ended {
                state.status = .ready
            }
        case .position(let sample, let sampleTime):
            guard let sample, sample.isFinite, !state.isSeeking, state.status != .ended else { return }
            let predicted = state.anchor.position(at: sampleTime)
            let clamped = PositionAnchor.clamp(sample, duration: state.duration)
            let drift = abs(clamped - predicted)
            if drift > positionTolerance || (state.anchor.rate == 0 && clamped != state.anchor.position) {
                state.anchor = PositionAnchor(
                    position: clamped, time: sampleTime, rate: state.anchor.rate, duration: state.duration)
            }
        case .duration(let duration):
            // A live stream has no end: libmpv's estimate (what its cache holds) is the live window's.
            guard !state.isLive else { return }
            let valid = duration.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            state.duration = valid
            state.anchor.duration = valid
        case .bufferedRanges(let ranges): state.bufferedRanges = ranges
        case .bufferFlags(let flags): state.bufferFlags = flags
        case .seekable(let seekable): state.isSeekable = seekable
        case .live(let live):
            state.isLive = live
            if live {
                state.duration = nil
                state.anchor.duration = nil
            }
        case .tracks(let tracks): state.tracks = tracks
        case .video(let video): state.video = video
        case .chapters(let chapters): state.chapters = chapters
        case .metadata(let metadata): state.metadata = metadata
        case .title(let title): state.engineTitle = title
        case .container(let container): state.container = container
        case .hardwareDecoder(let decoder): state.hardwareDecoder = decoder
        case .speed(let speed): state.speed = speed
        case .volume(let volume): state.volume = volume
        case .muted(let muted): state.isMuted = muted
        case .loop(let loop): state.loop = loop
        case .abLoop(let loop): state.abLoop = loop
        // Counters are the metrics' to keep (MetricsReducer), not playback's.
        case .statistics: break
        case .audioDevices(let devices): state.audioDevices = devices
        case .audioOutputDriver(let driver): state.audioOutputDriver = driver
        }
    }

    // MARK: - Position

    private static func reanchorIfRateChanged(_ state: inout PlaybackInfo, at now: HostTime) {
        let rate = state.playerState == .playing ? state.speed : 0
        guard rate != state.anchor.rate else { return }
        state.anchor = PositionAnchor(
            position: state.anchor.position(at: now), time: now, rate: rate, duration: state.duration)
    }
}
