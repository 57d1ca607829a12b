import Foundation

/// Everything known about playback, derived from engine events by ``PlaybackReducer``.
///
/// (ExoPlayer keeps the same facts in its `PlaybackInfo`; Media3's `Player.STATE_*` four-state enum
/// is ``ItemStatus`` here, and MPlayerKit's state with its reason is ``PlayerState``.)
///
/// Three independent axes are stored: ``intent`` (with the reason it last changed), ``status``
/// and ``waiting``. ``playerState`` is derived from them:
///
/// - a failed item is `paused(.error)`; an ended item is `paused(.endOfMedia)`;
/// - otherwise, without the intent to play, it is `paused` with the intent's reason;
/// - with it: no item is `buffering(.noItemToPlay)`, an opening item is
///   `buffering(.evaluatingBufferRate)`, a seek is `buffering(.seeking)`, a stall is
///   `buffering(.toMinimizeStalls)`, and anything else is `playing`.
///
/// Values the engine has not reported are `nil`, never `0` or `false`.
public struct PlaybackInfo: Hashable, Sendable {
    /// The intent to play and why it last changed.
    public var intent = PlayIntent(playWhenReady: false, reason: .user)
    /// Where the current item is in its life.
    public var status: ItemStatus = .idle
    /// The current request's identifier, if an item is loaded.
    public var itemID: ItemID?
    /// The current item.
    public var item: MediaItem?
    /// The item's duration; nil when unknown or live.
    public var duration: TimeInterval?
    /// The position anchor: extrapolate with ``position(at:)``.
    public var anchor = PositionAnchor(position: 0, time: HostTime(nanoseconds: 0))
    /// Cached media ranges.
    public var bufferedRanges: [TimeRange] = []
    /// What the engine's cache reports besides its ranges; see ``isPlaybackBufferEmpty``,
    /// ``isPlaybackBufferFull`` and ``isPlaybackLikelyToKeepUp``.
    public var bufferFlags = BufferFlags()
    /// Whether the item can be seeked; nil when unknown.
    public var isSeekable: Bool?
    /// Whether the item is a live stream (its ``duration`` is then nil; see ``liveWindow``).
    public var isLive = false
    /// Which variant of an adaptive stream plays (as last asked; ``StreamingQuality/auto`` for a
    /// new item). ``variants`` lists them.
    public var streamingQuality = StreamingQuality.auto
    /// How many times playback stalled for the network since the item was loaded.
    public var stallCount = 0
    /// Picture geometry; nil without video or before the first frame.
    public var video: VideoGeometry?
    /// All tracks of the item.
    public var tracks: [Track] = []
    /// The item's chapters.
    public var chapters: [Chapter] = []
    /// The container's metadata tags.
    public var metadata: [String: String] = [:]
    /// The title the engine derived (tags or file name).
    public var engineTitle: String?
    /// The container format's name.
    public var container: String?
    /// Playback speed.
    public var speed = 1.0
    /// Volume, 0…1.
    public var volume = 1.0
    /// Whether sound is muted.
    public var isMuted = false
    /// What repeats at the end.
    public var loop: LoopMode = .off
    /// The A-B loop.
    public var abLoop: ABLoop = .off
    /// How the picture is framed (as last asked: the engine has no event for it).
    public var framing = VideoFraming.standard
    /// The picture's colour adjustments (as last asked).
    public var adjustments = VideoAdjustments.neutral
    /// The hardware decoder in use (`"vaapi"`, …); nil while software decodes.
    public var hardwareDecoder: String?
    /// How many seconds the sound is delayed (as last asked).
    public var audioDelay: TimeInterval = 0
    /// How many seconds the subtitles are delayed (as last asked).
    public var subtitleDelay: TimeInterval = 0
    /// Whether the pitch is kept at other speeds (as last asked; on by default).
    public var pitchCorrection = true
    /// How the engine buffers, as last asked with ``EngineCommand/setBufferingPolicy(_:)``; nil
    /// while the engine's own configuration holds. Kept across items and stops.
    public var bufferingPolicy: BufferingPolicy?
    /// The audio outputs the engine can play on (``AudioDevice/automatic`` first); empty until
    /// the engine lists them, and with engines that play no sound.
    public var audioDevices: [AudioDevice] = []
    /// The name of the chosen audio output (as last asked, or the fallback to the default when it
    /// went away; ``currentAudioDevice`` is its entry).
    public var audioDevice = AudioDevice.automaticName
    /// The audio output driver playing the sound (`"pulse"`); nil while none is open.
    public var audioOutputDriver: String?
    /// How subtitles look (as last asked).
    public var subtitleStyle = SubtitleStyle.standard

    // Engine levels kept to derive the axes.
    var isSeeking = false
    var isStalled = false
    var stallProgress: Double?
    var enginePaused: Bool?
    var pendingPlayWhenReady: Bool?

    /// Creates the state of a player with nothing loaded.
    public init() {}

    /// What playback waits for.
    public var waiting: Waiting {
        if isSeeking { return .seeking }
        if isStalled { return .buffering(progress: stallProgress) }
        return .none
    }

    /// Whether the item waits in a way a deadline may bound: it is opening, or it is ready but
    /// stalled (buffering or seeking) while it should play.
    public var isWaiting: Bool {
        switch status {
        case .loading: return true
        case .ready:
            if case .buffering = playerState { return true }
            return false
        default: return false
        }
    }

    /// MPlayerKit's state with its reason, derived from the three axes.
    public var playerState: PlayerState {
        switch status {
        case .failed(let error): return .paused(reason: .error(error))
        case .ended: return .paused(reason: .endOfMedia)
        case .idle, .loading, .ready: break
        }
        guard intent.playWhenReady else { return .paused(reason: intent.pauseReason) }
        switch status {
        case .idle: return .buffering(reason: .noItemToPlay)
        case .loading: return .buffering(reason: .evaluatingBufferRate)
        default: break
        }
        switch waiting {
        case .seeking: return .buffering(reason: .seeking)
        case .buffering: return .buffering(reason: .toMinimizeStalls)
        case .none: return .playing
        }
    }

    /// The title to show: the item's own, else the engine's.
    public var title: String? { item?.title ?? engineTitle }

    /// The artist to show: the item's own, else the media's `artist` tag.
    public var artist: String? { item?.artist ?? tag("artist") }

    /// The album to show: the item's own, else the media's `album` tag.
    public var album: String? { item?.album ?? tag("album") }

    /// The media's tag `name`, however the file cases it (`artist` in MP4 and ID3, `ARTIST` in
    /// Vorbis comments).
    public func tag(_ name: String) -> String? {
        metadata[name] ?? metadata.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Whether the item plays sound and no picture (no video track is selected): a player shows
    /// its artwork instead. False until its tracks are known. Cover art in an audio file is a
    /// video track (libmpv shows it as the picture), so such an item is not audio only.
    public var isAudioOnly: Bool {
        item != nil && tracks.contains { $0.kind == .audio }
            && !tracks.contains { $0.kind == .video && $0.isSelected }
    }

    /// The extrapolated position at `now`, clamped to `[0, duration]`.
    public func position(at now: HostTime = .now) -> TimeInterval { anchor.position(at: now) }

    /// The tracks of one kind.
    public func tracks(_ kind: TrackKind) -> [Track] { tracks.filter { $0.kind == kind } }

    /// The video's frame rate in frames per second (the container's, of the selected video
    /// track); nil without video or when the container does not say.
    public var frameRate: Double? {
        guard let rate = selectedTrack(.video)?.frameRate, rate.isFinite, rate > 0 else { return nil }
        return rate
    }

    /// The selected track of a kind, if any (for subtitles, the main one).
    public func selectedTrack(_ kind: TrackKind) -> Track? { tracks.first { $0.kind == kind && $0.isSelected } }

    /// The subtitle track shown second, at the top of the picture; nil when none is.
    public var secondarySubtitleTrack: Track? { tracks.first { $0.kind == .subtitle && $0.isSecondarySelected } }

    /// Whether playback used up what was buffered and waits for more (AVPlayerItem's
    /// `isPlaybackBufferEmpty`): the cache ran dry before the item's end.
    public var isPlaybackBufferEmpty: Bool {
        status == .ready && bufferFlags.isUnderrun && !bufferFlags.reachesEnd
    }

    /// Whether the cache stopped reading because it holds all it may (AVPlayerItem's
    /// `isPlaybackBufferFull`): what the buffering policy allows, or the item to its end.
    public var isPlaybackBufferFull: Bool { status == .ready && bufferFlags.isIdle }

    /// Whether playback is likely to go on without stalling (AVPlayerItem's
    /// `isPlaybackLikelyToKeepUp`): the item is open, not stalled, and its cache has not run dry.
    public var isPlaybackLikelyToKeepUp: Bool {
        status == .ready && !isStalled && (!bufferFlags.isUnderrun || bufferFlags.reachesEnd)
    }

    /// The end of the buffered range that holds the position, if any.
    public func bufferedPosition(at now: HostTime = .now) -> TimeInterval? {
        let position = position(at: now)
        return bufferedRanges.first { $0.contains(position) }?.end
    }

    /// Applies one input with ``PlaybackReducer`` (what feature reducers and their tests use).
    public mutating func apply(_ input: PlaybackInput, at now: HostTime) {
        PlaybackReducer.reduce(&self, input, at: now)
    }

    /// The chapter that holds `time`, if any.
    public func chapter(at time: TimeInterval) -> Chapter? { chapters.last { $0.start <= time } }
}
