/// Where a control widget sits: eight slots in five regions.
///
/// Rows are numbered down the screen: `top1` above `top2` at the top; `bottom1` above `bottom2`
/// above `bottom3` at the bottom (so a seek bar in `bottom1` sits over a button row in
/// `bottom2`). `left` and `right` are columns between them, `center` a row in the middle.
public enum ControlSlot: String, Hashable, Sendable, CaseIterable {
    /// The first row at the top.
    case top1
    /// The second row at the top.
    case top2
    /// A column at the left edge.
    case left
    /// A column at the right edge.
    case right
    /// The first row of the bottom region.
    case bottom1
    /// The second row of the bottom region.
    case bottom2
    /// The last row, nearest the bottom edge.
    case bottom3
    /// A row in the middle.
    case center

    /// The region the slot belongs to (regions fade and get scrims together).
    public var region: ControlRegion {
        switch self {
        case .top1, .top2: .top
        case .left: .left
        case .right: .right
        case .bottom1, .bottom2, .bottom3: .bottom
        case .center: .center
        }
    }

    /// Whether the slot stacks its widgets vertically (the side columns).
    public var isColumn: Bool { self == .left || self == .right }
}
