/// A group of slots that fades in and out together and may have a scrim behind it.
public enum ControlRegion: String, Hashable, Sendable, CaseIterable {
    /// `top1` and `top2`.
    case top
    /// The left column.
    case left
    /// The right column.
    case right
    /// `bottom1` to `bottom3`.
    case bottom
    /// The middle row.
    case center

    /// The region's slots, in layout order.
    public var slots: [ControlSlot] { ControlSlot.allCases.filter { $0.region == self } }
}
