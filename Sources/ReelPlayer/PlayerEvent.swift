import ReelCore

/// Something that happened to a ``Player``: what analytics and command-line tools listen to.
public enum PlayerEvent: Hashable, Sendable {
    /// The derived state changed.
    case stateChanged(PlayerState)
    /// An item began opening: its id and the item (nil when the player did not ask for it).
    case itemStarted(ItemID, MediaItem?)
    /// An item stopped, with the reason. A replaced item ends with ``/ReelCore/EndReason/stopped``.
    case itemEnded(ItemID, EndReason)
    /// A seek finished; playback continues from this position.
    case seeked(to: Double)
    /// The item's tracks changed (loaded, switched or added).
    case tracksChanged([Track])
    /// A command the engine had accepted failed.
    case commandFailed(EngineCommand, PlayerError)
}
