/// A key press `reel play` acts on.
enum Key: Hashable, Sendable {
    /// Space: toggle pause.
    case space
    /// ← (`ESC [ D`): back 5 s.
    case left
    /// → (`ESC [ C`): forward 5 s.
    case right
    /// `q`: quit.
    case quit
}
