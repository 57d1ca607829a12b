import Foundation

extension Icons {
    /// A circular arrow turning back (`forward` false) or ahead, around the space for a number
    /// (the skip buttons draw the seconds inside).
    public static func skip(in box: Rect, forward: Bool) -> Icon {
        let center = box.center
        let radius = box.width * 0.36
        // The arc leaves a gap at the top; turning clockwise (forward) it ends at the gap's left
        // side moving right, turning back at its right side moving left.
        let gap = 0.35
        var arc = Path()
        let first = -Double.pi / 2 + gap
        arc.move(to: Point(x: center.x + radius * cos(first), y: center.y + radius * sin(first)))
        arc.arc(center: center, radius: radius, startAngle: first, endAngle: 1.5 * .pi - gap)
        let end = forward ? -Double.pi / 2 - gap : first
        let tip = Point(x: center.x + radius * cos(end), y: center.y + radius * sin(end))
        let direction = forward ? 1.0 : -1.0
        let head = Path.polygon([
            Point(x: tip.x + direction * box.width * 0.16, y: tip.y),
            Point(x: tip.x, y: tip.y - box.width * 0.12),
            Point(x: tip.x, y: tip.y + box.width * 0.12),
        ])
        return Icon(fill: head, stroke: arc, lineWidth: max(1.5, box.width * 0.07))
    }

    /// A bar and a triangle: one frame ahead (`forward`) or back.
    public static func frameStep(in box: Rect, forward: Bool) -> Icon {
        let (barLeft, base, tip) = forward ? (0.22, 0.42, 0.8) : (0.7, 0.58, 0.2)
        var path = Path.polygon([box.point(base, 0.24), box.point(tip, 0.5), box.point(base, 0.76)])
        path.addPolygon([
            box.point(barLeft, 0.24), box.point(barLeft + 0.08, 0.24), box.point(barLeft + 0.08, 0.76),
            box.point(barLeft, 0.76),
        ])
        return Icon(fill: path)
    }

    /// A cross (close, back).
    public static func close(in box: Rect) -> Icon {
        var path = Path()
        path.addLine(from: box.point(0.26, 0.26), to: box.point(0.74, 0.74))
        path.addLine(from: box.point(0.74, 0.26), to: box.point(0.26, 0.74))
        return Icon(stroke: path, lineWidth: max(1.5, box.width * 0.09))
    }

    /// A screen with a small filled window in its corner (picture in picture).
    public static func pictureInPicture(in box: Rect) -> Icon {
        let screen = Path.roundedRect(
            Rect(
                x: box.minX + box.width * 0.12, y: box.minY + box.height * 0.22, width: box.width * 0.76,
                height: box.height * 0.56), radius: box.width * 0.05)
        let window = Path.polygon([
            box.point(0.5, 0.5), box.point(0.8, 0.5), box.point(0.8, 0.7), box.point(0.5, 0.7),
        ])
        return Icon(fill: window, stroke: screen, lineWidth: max(1.2, box.width * 0.06))
    }
}
