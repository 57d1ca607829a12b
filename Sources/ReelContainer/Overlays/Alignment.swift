/// Where something sits inside a rectangle.
public enum Alignment: String, Hashable, Sendable, CaseIterable {
    /// Top left.
    case topLeading
    /// Top centre.
    case top
    /// Top right.
    case topTrailing
    /// Middle left.
    case leading
    /// Centre.
    case center
    /// Middle right.
    case trailing
    /// Bottom left.
    case bottomLeading
    /// Bottom centre.
    case bottom
    /// Bottom right.
    case bottomTrailing

    /// The frame of an item of `size` aligned inside `container`.
    public func frame(of size: Size, in container: Rect) -> Rect {
        let x: Double =
            switch self {
            case .topLeading, .leading, .bottomLeading: container.minX
            case .top, .center, .bottom: container.midX - size.width / 2
            case .topTrailing, .trailing, .bottomTrailing: container.maxX - size.width
            }
        let y: Double =
            switch self {
            case .topLeading, .top, .topTrailing: container.minY
            case .leading, .center, .trailing: container.midY - size.height / 2
            case .bottomLeading, .bottom, .bottomTrailing: container.maxY - size.height
            }
        return Rect(origin: Point(x: x, y: y), size: size)
    }
}
