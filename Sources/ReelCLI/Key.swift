/// A key press `reel play` acts on.
enum Key: Hashable, Sendable {
    /// Space: toggle pause.
    case space
    /// ← (`ESC [ D`): back 5 s.
    case left
    /// → (`ESC [ C`): forward 5 s.
    case right
    /// `>` or Enter: the next item (as mpv).
    case next
    /// `<`: the previous item, or the start of this one (as mpv).
    case previous
    /// `.`: pause and show the next frame (as mpv).
    case frameForward
    /// `,`: pause and show the frame before (as mpv).
    case frameBack
    /// `q`: quit.
    case quit
}
