extension Rect {
    /// The point at fractions `u`, `v` of the width and height (0, 0 is the top left).
    public func point(_ u: Double, _ v: Double) -> Point { Point(x: minX + u * width, y: minY + v * height) }

    /// A square of `side` centred in this rectangle.
    public func centeredSquare(side: Double) -> Rect {
        Rect(x: midX - side / 2, y: midY - side / 2, width: side, height: side)
    }

    /// Whether this rectangle and `other` share any area.
    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    /// Whether `other` lies inside this rectangle (edges included), within `tolerance`.
    public func containsRect(_ other: Rect, tolerance: Double = 0.000_1) -> Bool {
        other.minX >= minX - tolerance && other.minY >= minY - tolerance && other.maxX <= maxX + tolerance
            && other.maxY <= maxY + tolerance
    }

    /// The rectangle grown by `amount` on every side.
    public func expanded(by amount: Double) -> Rect {
        Rect(x: minX - amount, y: minY - amount, width: width + 2 * amount, height: height + 2 * amount)
    }
}
