import Foundation

/// A request to open one item.
public struct LoadRequest: Hashable, Sendable {
    /// Correlates every event of this item.
    public var id: ItemID
    /// What to open.
    public var item: MediaItem
    /// Start playing as soon as the item is ready; otherwise stay paused on the first frame.
    public var autoplay: Bool

    /// Creates a request with a fresh ``ItemID``.
    public init(item: MediaItem, autoplay: Bool = true, id: ItemID = .next()) {
        self.id = id
        self.item = item
        self.autoplay = autoplay
    }
}

/// Where a seek goes.
public enum SeekTarget: Hashable, Sendable {
    /// To this media time, in seconds.
    case absolute(TimeInterval)
    /// By this many seconds from the current position (negative goes back).
    case relative(TimeInterval)
}

/// How exactly a seek lands.
public enum SeekPrecision: String, Hashable, Sendable, Codable {
    /// On the requested frame (decodes from the previous keyframe; slower).
    case exact
    /// On the nearest keyframe (fast; may land a few seconds away).
    case keyframe
}

/// A typed command for a ``PlaybackEngine``.
///
/// Commands are effects, never state: sending the same command twice carries it out twice.
public enum EngineCommand: Hashable, Sendable {
    /// Replaces whatever plays with a new item. The replaced item ends with ``EndReason/stopped``.
    /// Forgets an item queued with ``prepareNext(_:)``.
    case load(LoadRequest)
    /// Queues an item to follow the current one, or forgets the one queued with `nil`: the
    /// engine opens it before the current item ends and moves to it at the end without a gap
    /// where the formats allow (gapless audio). The current item then ends with
    /// ``EndReason/endOfMedia`` and the queued one starts (``EngineEvent/itemStarted(_:)`` with
    /// its request's id), playing; the request's `autoplay` is not used.
    case prepareNext(LoadRequest?)
    /// Moves to the item queued with ``prepareNext(_:)`` now, using what the engine prepared:
    /// the current item ends with ``EndReason/stopped`` and the queued one starts. Nothing
    /// happens when none is queued.
    case playPrepared
    /// Stops and unloads the current item; the engine becomes idle.
    case stop
    /// Sets the intent to play.
    case play
    /// Sets the intent to pause.
    case pause
    /// Moves the play head.
    case seek(SeekTarget, precision: SeekPrecision)
    /// Sets the playback speed (1 is normal; 0.01…100).
    case setSpeed(Double)
    /// Sets the volume, 0…10 (1 is unchanged loudness; above 1 amplifies, up to the engine's
    /// maximum).
    case setVolume(Double)
    /// Delays the sound by seconds (negative: earlier), to fix lip sync.
    case setAudioDelay(Double)
    /// Delays the subtitles by seconds (negative: earlier).
    case setSubtitleDelay(Double)
    /// Keeps the pitch of the sound at other speeds (on), or lets it follow the speed.
    case setPitchCorrection(Bool)
    /// Writes the current frame, at the video's own size, to a PNG file (with the subtitles shown
    /// on it, or without).
    case screenshot(to: URL, includingSubtitles: Bool)
    /// Mutes or unmutes.
    case setMuted(Bool)
    /// Keeps the bottom `fraction` (0…0.5) of the picture free of subtitles, for controls that
    /// cover it; 0 gives the engine's default margin back.
    case setSubtitleMargin(Double)
    /// Sets what repeats at the end.
    case setLoop(LoopMode)
    /// Sets or clears an A-B loop.
    case setABLoop(ABLoop)
    /// Frames the picture: gravity, zoom, pan, aspect ratio.
    case setVideoFraming(VideoFraming)
    /// Pauses and shows the next frame (`forward`) or the one before.
    case stepFrame(forward: Bool)
    /// Adjusts the picture's colours.
    case setVideoAdjustments(VideoAdjustments)
    /// Selects a track of a kind by ``Track/id``, or none of that kind with `nil`.
    case selectTrack(TrackKind, id: Int?)
    /// Adds a subtitle file to the current item and selects it.
    case addSubtitle(ExternalSubtitle)
    /// Changes how the engine buffers (what its engine allows to change while it runs; the
    /// rest applies from the next item opened).
    case setBufferingPolicy(BufferingPolicy)
    /// Plays the engine's choice of an adaptive stream's variants, or one variant fixed.
    case setStreamingQuality(StreamingQuality)
    /// Asks the engine to report its counters for the current item soon, as
    /// ``PropertyChange/statistics(_:)`` (nothing when no item is open). A query: it changes
    /// nothing, so a model records nothing for it.
    case reportStatistics
    /// Plays the sound on the output named so (``AudioDevice/name``), or on the system's
    /// default with ``AudioDevice/automaticName``.
    case setAudioDevice(String)
    /// Styles the subtitles.
    case setSubtitleStyle(SubtitleStyle)
    /// Shows a second subtitle track at the top of the picture, or none with `nil`.
    case selectSecondarySubtitle(id: Int?)
}

extension EngineCommand {
    /// Checks the command's arguments (ranges, finite times, track identifiers): what every
    /// engine refuses whatever its state, and what a model checks before it records a command.
    /// Addresses are the engine's ``URLPolicy``'s to judge.
    /// - Throws: ``PlayerError/Code/invalidArgument`` with a sentence saying what is wrong.
    public func checkArguments() throws(PlayerError) {
        switch self {
        case .load(let request), .prepareNext(let request?):
            if let start = request.item.startPosition, !start.isFinite || start < 0 {
                throw PlayerError(.invalidArgument, message: "The start position must be a time in the media.")
            }
            try request.item.clip?.check()
            try LanguageList.check(request.item.preferredAudioLanguages + request.item.preferredSubtitleLanguages)
        case .seek(.absolute(let seconds), _), .seek(.relative(let seconds), _):
            guard seconds.isFinite else { throw PlayerError(.invalidArgument, message: "A seek needs a finite time.") }
        case .setSpeed(let speed):
            guard speed.isFinite, (0.01...100).contains(speed) else {
                throw PlayerError(.invalidArgument, message: "Speed must be between 0.01 and 100.")
            }
        case .setVolume(let volume):
            guard volume.isFinite, (0...10).contains(volume) else {
                throw PlayerError(.invalidArgument, message: "Volume must be between 0 and 10.")
            }
        case .screenshot(let file, _):
            guard file.isFileURL, file.pathExtension.lowercased() == "png" else {
                throw PlayerError(.invalidArgument, message: "A screenshot is written to a local .png file.")
            }
        case .setAudioDelay(let seconds), .setSubtitleDelay(let seconds):
            guard seconds.isFinite, (-600...600).contains(seconds) else {
                throw PlayerError(.invalidArgument, message: "A delay must be between -600 and 600 seconds.")
            }
        case .setSubtitleMargin(let fraction):
            guard fraction.isFinite, (0...0.5).contains(fraction) else {
                throw PlayerError(.invalidArgument, message: "The subtitle margin must be between 0 and 0.5.")
            }
        case .setVideoFraming(let framing):
            try framing.check()
        case .setVideoAdjustments(let adjustments):
            try adjustments.check()
        case .setBufferingPolicy(let policy):
            try policy.check()
        case .setABLoop(let loop):
            for point in [loop.a, loop.b] where point.map({ !$0.isFinite || $0 < 0 }) == true {
                throw PlayerError(.invalidArgument, message: "Loop points must be finite and not negative.")
            }
        case .setAudioDevice(let name):
            if name.isEmpty || name.contains(where: \.isNewline) {
                throw PlayerError(.invalidArgument, message: "An audio output needs a name.")
            }
        case .setSubtitleStyle(let style):
            try style.check()
        case .selectTrack(_, let id), .selectSecondarySubtitle(let id):
            if let id, id < 1 { throw PlayerError(.invalidArgument, message: "Track identifiers start at 1.") }
        case .setStreamingQuality(.variant(let variant)):
            if variant.id < 1 || variant.audioTrackID.map({ $0 < 1 }) == true {
                throw PlayerError(.invalidArgument, message: "Track identifiers start at 1.")
            }
        default:
            break
        }
    }
}
