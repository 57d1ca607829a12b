/// A vector shape made of straight and curved segments, in logical pixels.
///
/// Icons are paths, so any ``Canvas`` can draw them without an image format.
public struct Path: Hashable, Sendable {
    /// One drawing step.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath.
        case move(Point)
        /// A straight line.
        case line(Point)
        /// A cubic Bézier curve through two control points.
        case curve(to: Point, control1: Point, control2: Point)
        /// A circular arc around `center`, from `startAngle` to `endAngle` (radians, clockwise on screen).
        case arc(center: Point, radius: Double, startAngle: Double, endAngle: Double)
        /// Closes the current subpath.
        case close
    }

    /// The steps, in order.
    public private(set) var elements: [Element] = []

    /// Creates an empty path.
    public init() {}

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) { elements.append(.move(point)) }
    /// Adds a straight line to `point`.
    public mutating func line(to point: Point) { elements.append(.line(point)) }
    /// Adds a cubic curve.
    public mutating func curve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }
    /// Adds an arc.
    public mutating func arc(center: Point, radius: Double, startAngle: Double, endAngle: Double) {
        elements.append(.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle))
    }
    /// Closes the current subpath.
    public mutating func close() { elements.append(.close) }

    /// A closed polygon through `points`.
    public static func polygon(_ points: [Point]) -> Path {
        var path = Path()
        guard let first = points.first else { return path }
        path.move(to: first)
        for point in points.dropFirst() { path.line(to: point) }
        path.close()
        return path
    }

    /// A rectangle with rounded corners.
    public static func roundedRect(_ rect: Rect, radius: Double) -> Path {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        guard r > 0 else {
            return polygon([
                rect.origin, Point(x: rect.maxX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY),
                Point(x: rect.minX, y: rect.maxY),
            ])
        }
        var path = Path()
        path.move(to: Point(x: rect.minX + r, y: rect.minY))
        path.arc(center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0)
        path.arc(center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2)
        path.arc(center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi)
        path.arc(center: Point(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: .pi, endAngle: 1.5 * .pi)
        path.close()
        return path
    }

    /// A circle.
    public static func circle(center: Point, radius: Double) -> Path {
        var path = Path()
        path.move(to: Point(x: center.x + radius, y: center.y))
        path.arc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi)
        path.close()
        return path
    }
}
