import Foundation
import ReelCore

/// Every MPRIS property value at one moment: what the bus thread answers from, since sd-bus
/// asks for properties synchronously on its own thread. The main actor makes a new one after
/// every change of the playback state and swaps it in.
struct MPRISSnapshot: Hashable, Sendable {
    // org.mpris.MediaPlayer2
    var identity: String
    var desktopEntry: String
    var supportedURISchemes: [String]
    var supportedMIMETypes: [String]
    var canQuit = false
    var canRaise = false
    var canSetFullscreen = false
    var fullscreen = false
    // org.mpris.MediaPlayer2.Player
    var playbackStatus = "Stopped"
    var loopStatus = "None"
    var shuffle = false
    var rate = 1.0
    var volume = 1.0
    var metadata = MPRISMetadata(trackID: MPRISMetadata.noTrack, artists: [])
    var canPlay = false
    var canPause = false
    var canSeek = false
    var canGoNext = false
    var canGoPrevious = false
    /// Position is read on demand from this anchor, never published.
    var anchor = PositionAnchor(position: 0, time: HostTime(nanoseconds: 0))

    /// The lowest rate the engine takes.
    static let minimumRate = 0.01
    /// The highest rate the engine takes.
    static let maximumRate = 100.0

    /// MPRIS's `PlaybackStatus` for a playback state: `Stopped` without a playable item,
    /// `Playing` while it plays or waits to, `Paused` otherwise.
    static func playbackStatus(_ playback: PlaybackInfo) -> String {
        switch playback.status {
        case .idle, .failed: return "Stopped"
        case .loading, .ready, .ended: break
        }
        switch playback.playerState {
        case .playing, .buffering: return "Playing"
        case .paused: return "Paused"
        }
    }

    /// MPRIS's `LoopStatus` for a repeat mode.
    static func loopStatus(_ mode: RepeatMode) -> String {
        switch mode {
        case .off: "None"
        case .one: "Track"
        case .all: "Playlist"
        }
    }

    /// The repeat mode for MPRIS's `LoopStatus` (an unknown name is nil).
    static func repeatMode(_ loopStatus: String) -> RepeatMode? {
        RepeatMode.allCases.first { Self.loopStatus($0) == loopStatus }
    }

    /// Takes the playback part from `playback`.
    mutating func update(from playback: PlaybackInfo) {
        playbackStatus = Self.playbackStatus(playback)
        rate = playback.speed
        volume = playback.volume
        metadata = MPRISMetadata(playback)
        let playable = playback.item != nil && playbackStatus != "Stopped"
        canPlay = playable
        canPause = playable
        canSeek = playable && playback.isSeekable == true
        anchor = playback.anchor
    }

    /// The position in microseconds now.
    var position: Int64 { Int64((anchor.position(at: .now) * 1_000_000).rounded()) }

    /// The properties of the root interface whose values differ from `old`'s.
    func changedRootProperties(since old: MPRISSnapshot) -> [String] {
        var names: [String] = []
        if canQuit != old.canQuit { names.append("CanQuit") }
        if canRaise != old.canRaise { names.append("CanRaise") }
        if canSetFullscreen != old.canSetFullscreen { names.append("CanSetFullscreen") }
        if fullscreen != old.fullscreen { names.append("Fullscreen") }
        return names
    }

    /// The properties of the player interface whose values differ from `old`'s (never
    /// `Position`: the spec has clients read it, and `Seeked` reports jumps).
    func changedPlayerProperties(since old: MPRISSnapshot) -> [String] {
        var names: [String] = []
        if playbackStatus != old.playbackStatus { names.append("PlaybackStatus") }
        if loopStatus != old.loopStatus { names.append("LoopStatus") }
        if shuffle != old.shuffle { names.append("Shuffle") }
        if rate != old.rate { names.append("Rate") }
        if volume != old.volume { names.append("Volume") }
        if metadata != old.metadata { names.append("Metadata") }
        if canPlay != old.canPlay { names.append("CanPlay") }
        if canPause != old.canPause { names.append("CanPause") }
        if canSeek != old.canSeek { names.append("CanSeek") }
        if canGoNext != old.canGoNext { names.append("CanGoNext") }
        if canGoPrevious != old.canGoPrevious { names.append("CanGoPrevious") }
        return names
    }
}
