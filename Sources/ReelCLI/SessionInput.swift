import ReelPlayer

/// Everything a ``PlaybackSession`` reacts to, merged into one ordered stream so that one loop
/// on the main actor handles it all.
enum SessionInput: Sendable {
    /// The player reported an event.
    case player(PlayerEvent)
    /// A quarter second passed.
    case tick
    /// A key was pressed.
    case key(Key)
    /// The engine wrote a log line.
    case log(String)
    /// A signal asked the process to end.
    case interrupted(signal: Int32)
}
