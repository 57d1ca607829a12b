/// What the player is doing, with the reason: MPlayerKit's `PlayerState`.
///
/// It is derived from ``PlaybackInfo``'s three axes (intent, item status, waiting) by
/// ``PlaybackInfo/playerState``; it is never stored.
public enum PlayerState: Hashable, Sendable {
    /// Frames and sound advance.
    case playing
    /// Nothing advances, and will not until something changes; the reason says what.
    case paused(reason: PauseReason)
    /// The player wants to play but waits; the reason says for what.
    case buffering(reason: BufferingReason)

    /// Whether this is ``playing``.
    public var isPlaying: Bool { self == .playing }
}

/// Why the player is paused.
public enum PauseReason: Hashable, Sendable {
    /// Someone asked for the pause: the user, a remote control, or the engine's own controls.
    case userInitiated
    /// The system took playback away (sleep, audio output gone, another app).
    case interrupted
    /// Playback reached the end of the item.
    case endOfMedia
    /// The item failed.
    case error(PlayerError)
}

/// Why the player waits while it wants to play.
public enum BufferingReason: Hashable, Sendable {
    /// No more specific reason is known.
    case unknown
    /// The cache ran dry; playback resumes when enough data arrived (a stall).
    case toMinimizeStalls
    /// The item is opening or its first frames are being decoded. Apple advises no spinner for this.
    case evaluatingBufferRate
    /// Nothing is loaded.
    case noItemToPlay
    /// A seek is in progress.
    case seeking
}

/// Why the intent to play last changed (Media3's play-when-ready change reason).
public enum IntentReason: String, Hashable, Sendable, Codable {
    /// The app's user asked, through the app's own controls or API.
    case user
    /// A remote control asked (desktop media keys, MPRIS, a headset).
    case remote
    /// The system interrupted playback.
    case interruption
    /// Playback reached the end of the item.
    case endOfMedia
    /// The engine changed it by itself (its own controls or another client).
    case engine
}

/// The intent to play, with the reason it last changed.
public struct PlayIntent: Hashable, Sendable {
    /// Play as soon as the item is ready (Media3's `playWhenReady`).
    public var playWhenReady: Bool
    /// Why ``playWhenReady`` last changed.
    public var reason: IntentReason

    /// Creates an intent.
    public init(playWhenReady: Bool, reason: IntentReason) {
        self.playWhenReady = playWhenReady
        self.reason = reason
    }

    /// The pause reason this intent gives when it does not want to play.
    var pauseReason: PauseReason {
        switch reason {
        case .interruption: .interrupted
        case .endOfMedia: .endOfMedia
        case .user, .remote, .engine: .userInitiated
        }
    }
}

/// Where the current item is in its life.
public enum ItemStatus: Hashable, Sendable {
    /// Nothing is loaded.
    case idle
    /// The item is opening, or its first frame is being decoded.
    case loading
    /// The item can play at once.
    case ready
    /// Playback reached the end; the last frame stays.
    case ended
    /// The item failed.
    case failed(PlayerError)
}

/// What playback waits for, when it waits.
public enum Waiting: Hashable, Sendable {
    /// Nothing.
    case none
    /// The cache to fill again, with progress 0…1 when known.
    case buffering(progress: Double?)
    /// A seek to finish.
    case seeking
}
