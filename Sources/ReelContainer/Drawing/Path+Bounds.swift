extension Path {
    /// A rectangle that holds every point of the path (curves and arcs conservatively: their
    /// control points and full circles count).
    public var boundingBox: Rect {
        var points: [Point] = []
        for element in elements {
            switch element {
            case .move(let point), .line(let point): points.append(point)
            case .curve(let point, let control1, let control2): points += [point, control1, control2]
            case .arc(let center, let radius, _, _):
                points += [
                    Point(x: center.x - radius, y: center.y - radius),
                    Point(x: center.x + radius, y: center.y + radius),
                ]
            case .close: break
            }
        }
        guard let first = points.first else { return .zero }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for point in points.dropFirst() {
            minX = min(minX, point.x)
            minY = min(minY, point.y)
            maxX = max(maxX, point.x)
            maxY = max(maxY, point.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Adds a closed polygon through `points` as a new subpath.
    public mutating func addPolygon(_ points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { line(to: point) }
        close()
    }

    /// Adds a straight segment from `start` to `end` as a new subpath (for stroking).
    public mutating func addLine(from start: Point, to end: Point) {
        move(to: start)
        line(to: end)
    }
}
