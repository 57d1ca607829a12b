/// An edge of the container or the video area: where panels and slides come from.
public enum Edge: String, Hashable, Sendable, CaseIterable {
    /// The left edge.
    case left
    /// The right edge.
    case right
    /// The top edge.
    case top
    /// The bottom edge.
    case bottom
}
