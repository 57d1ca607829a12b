import ReelComposable
import ReelCore
import ReelPlayer

/// What a playing session opens: the items of `reel play`'s arguments (and their playlists), the
/// one to start with, and how the queue repeats and shuffles. A window's session may start with
/// no items and wait for a drop.
struct SessionQueue: Sendable {
    /// The items, in the order given.
    var items: [MediaItem]
    /// The index of the item to start with.
    var startIndex = 0
    /// Whether the play order is shuffled (the start item still plays first).
    var shuffle = false
    /// What repeats.
    var repeatMode = RepeatMode.off
    /// How the picture fills the view.
    var gravity = VideoGravity.fit
    /// The audio output's name (`--audio-device`), if one was chosen.
    var audioDevice: String?
    /// How subtitles look, if not the standard way.
    var subtitleStyle: SubtitleStyle?
    /// The subtitle track shown at the top (`--secondary-sid`), if any.
    var secondarySubtitle: Int?

    /// The item the session starts with; nil for a window waiting for a drop.
    var first: MediaItem? { items.indices.contains(startIndex) ? items[startIndex] : nil }

    /// Hands the queue to `player` and opens its first item.
    @MainActor func start(on player: Player) throws(PlayerError) {
        if gravity != .fit { try player.setVideoGravity(gravity) }
        if let audioDevice { try player.setAudioDevice(named: audioDevice) }
        if let subtitleStyle { try player.setSubtitleStyle(subtitleStyle) }
        if let secondarySubtitle { try player.perform(.outputs(.secondarySubtitleSelected(id: secondarySubtitle))) }
        // A window waiting for drops keeps the repeat mode for what is dropped.
        if repeatMode != .off { try player.setRepeatMode(repeatMode) }
        guard !items.isEmpty else { return }
        try player.setQueue(items, startIndex: startIndex)
        if shuffle { try player.setShuffle(true) }
    }
}
