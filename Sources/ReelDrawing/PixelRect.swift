/// A rectangle of whole device pixels, origin at the top left.
public struct PixelRect: Hashable, Sendable {
    /// Left edge.
    public var x: Int
    /// Top edge.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest pixel rectangle that covers `rect`, given in device units (not rounded yet).
    public init(covering rect: (minX: Double, minY: Double, maxX: Double, maxY: Double)) {
        let left = Int(rect.minX.rounded(.down))
        let top = Int(rect.minY.rounded(.down))
        let right = Int(rect.maxX.rounded(.up))
        let bottom = Int(rect.maxY.rounded(.up))
        self.init(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// Right edge (exclusive).
    public var maxX: Int { x + width }
    /// Bottom edge (exclusive).
    public var maxY: Int { y + height }
    /// Whether the rectangle covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The number of pixels covered.
    public var area: Int { isEmpty ? 0 : width * height }

    /// The smallest rectangle that covers both; an empty one does not count.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let left = min(x, other.x)
        let top = min(y, other.y)
        return PixelRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// The overlap of both (empty when they do not overlap).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return PixelRect(x: left, y: top, width: 0, height: 0) }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
