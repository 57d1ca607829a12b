import Foundation

/// The player's icons, drawn into a square box.
package enum Icons {
    /// A right-pointing triangle.
    package static func play(in box: Rect) -> Icon {
        Icon(fill: .polygon([box.point(0.28, 0.18), box.point(0.82, 0.5), box.point(0.28, 0.82)]))
    }

    /// Two bars.
    package static func pause(in box: Rect) -> Icon {
        var path = Path()
        for left in [0.24, 0.58] {
            path.addPolygon([
                box.point(left, 0.2), box.point(left + 0.18, 0.2), box.point(left + 0.18, 0.8), box.point(left, 0.8),
            ])
        }
        return Icon(fill: path)
    }

    /// A circular arrow.
    package static func replay(in box: Rect) -> Icon {
        let center = box.center
        let radius = box.width * 0.3
        var arc = Path()
        arc.move(to: Point(x: center.x + radius * cos(-2.2), y: center.y + radius * sin(-2.2)))
        arc.arc(center: center, radius: radius, startAngle: -2.2, endAngle: 2.6)
        let tip = Point(x: center.x + radius * cos(-2.2), y: center.y + radius * sin(-2.2))
        let head = Path.polygon([
            Point(x: tip.x + box.width * 0.16, y: tip.y - box.width * 0.02),
            Point(x: tip.x - box.width * 0.04, y: tip.y - box.width * 0.16),
            Point(x: tip.x - box.width * 0.02, y: tip.y + box.width * 0.1),
        ])
        return Icon(fill: head, stroke: arc, lineWidth: max(1.5, box.width * 0.09))
    }

    /// A speaker with waves for `volume` (0…1), or crossed out when `muted`.
    package static func speaker(in box: Rect, volume: Double, muted: Bool) -> Icon {
        let body = Path.polygon([
            box.point(0.14, 0.38), box.point(0.3, 0.38), box.point(0.5, 0.2), box.point(0.5, 0.8),
            box.point(0.3, 0.62), box.point(0.14, 0.62),
        ])
        var strokes = Path()
        let origin = box.point(0.5, 0.5)
        if muted || volume <= 0 {
            strokes.addLine(from: box.point(0.62, 0.36), to: box.point(0.88, 0.64))
            strokes.addLine(from: box.point(0.88, 0.36), to: box.point(0.62, 0.64))
        } else {
            let waves = volume < 0.34 ? 1 : volume < 0.67 ? 2 : 3
            for wave in 1...waves {
                let radius = box.width * (0.1 + 0.12 * Double(wave))
                strokes.move(to: Point(x: origin.x + radius * cos(-0.8), y: origin.y + radius * sin(-0.8)))
                strokes.arc(center: origin, radius: radius, startAngle: -0.8, endAngle: 0.8)
            }
        }
        return Icon(fill: body, stroke: strokes, lineWidth: max(1.5, box.width * 0.07))
    }

    /// Four corners pointing out (enter) or in (`exit`).
    package static func fullscreen(in box: Rect, exit: Bool) -> Icon {
        var path = Path()
        let (near, far, arm) = (0.2, 0.8, 0.2)
        for (x, y) in [(near, near), (far, near), (far, far), (near, far)] {
            let dx = x < 0.5 ? arm : -arm
            let dy = y < 0.5 ? arm : -arm
            let corner = exit ? (x + dx, y + dy) : (x, y)
            let sx = exit ? -dx : dx
            let sy = exit ? -dy : dy
            path.move(to: box.point(corner.0 + sx, corner.1))
            path.line(to: box.point(corner.0, corner.1))
            path.line(to: box.point(corner.0, corner.1 + sy))
        }
        return Icon(stroke: path, lineWidth: max(1.5, box.width * 0.08))
    }

    /// A rounded box with "CC".
    package static func subtitles(in box: Rect) -> Icon {
        var path = Path.roundedRect(
            Rect(
                x: box.minX + box.width * 0.1, y: box.minY + box.height * 0.22, width: box.width * 0.8,
                height: box.height * 0.56), radius: box.width * 0.08)
        for centerX in [0.37, 0.63] {
            let center = box.point(centerX, 0.5)
            let radius = box.width * 0.1
            path.move(to: Point(x: center.x + radius * cos(0.8), y: center.y + radius * sin(0.8)))
            path.arc(center: center, radius: radius, startAngle: 0.8, endAngle: 0.8 + 4.7)
        }
        return Icon(stroke: path, lineWidth: max(1.2, box.width * 0.06))
    }

    /// A gear (speed and settings).
    package static func gear(in box: Rect) -> Icon {
        let center = box.center
        let (outer, inner, teeth) = (box.width * 0.38, box.width * 0.28, 8)
        var points: [Point] = []
        for index in 0..<(teeth * 4) {
            let angle = Double(index) / Double(teeth * 4) * 2 * .pi
            let radius = (index % 4 == 0 || index % 4 == 1) ? outer : inner
            points.append(Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)))
        }
        var path = Path.polygon(points)
        path.move(to: Point(x: center.x + box.width * 0.12, y: center.y))
        path.arc(center: center, radius: box.width * 0.12, startAngle: 0, endAngle: 2 * .pi)
        path.close()
        return Icon(stroke: path, lineWidth: max(1.2, box.width * 0.06))
    }

    /// Sound bars (audio tracks).
    package static func audio(in box: Rect) -> Icon {
        var path = Path()
        for (index, height) in [0.3, 0.6, 0.42, 0.7, 0.36].enumerated() {
            let left = 0.18 + Double(index) * 0.13
            path.addPolygon([
                box.point(left, 0.5 - height / 2), box.point(left + 0.08, 0.5 - height / 2),
                box.point(left + 0.08, 0.5 + height / 2), box.point(left, 0.5 + height / 2),
            ])
        }
        return Icon(fill: path)
    }

    /// A triangle against a bar: skip to the next item (`forward`) or the previous one.
    package static func skipItem(in box: Rect, forward: Bool) -> Icon {
        let (tip, base, bar) = forward ? (0.72, 0.24, 0.72) : (0.28, 0.76, 0.2)
        var path = Path.polygon([box.point(base, 0.22), box.point(tip, 0.5), box.point(base, 0.78)])
        path.addPolygon([
            box.point(bar, 0.22), box.point(bar + 0.08, 0.22), box.point(bar + 0.08, 0.78), box.point(bar, 0.78),
        ])
        return Icon(fill: path)
    }

    /// A framed landscape, a hill under a sun (the picture's framing and colours): unlike the
    /// fullscreen button's corner marks, which it sits beside.
    package static func picture(in box: Rect) -> Icon {
        let frame = Path.roundedRect(
            Rect(
                x: box.minX + box.width * 0.12, y: box.minY + box.height * 0.2, width: box.width * 0.76,
                height: box.height * 0.6), radius: box.width * 0.06)
        var scene = Path.polygon([
            box.point(0.2, 0.72), box.point(0.42, 0.46), box.point(0.56, 0.6), box.point(0.66, 0.52),
            box.point(0.8, 0.72),
        ])
        let sun = box.point(0.66, 0.36)
        scene.move(to: Point(x: sun.x + box.width * 0.07, y: sun.y))
        scene.arc(center: sun, radius: box.width * 0.07, startAngle: 0, endAngle: 2 * .pi)
        scene.close()
        return Icon(fill: scene, stroke: frame, lineWidth: max(1.5, box.width * 0.07))
    }

    /// Three lines with bullets (the queue).
    package static func queue(in box: Rect) -> Icon {
        var path = Path()
        for row in [0.28, 0.5, 0.72] {
            path.addPolygon([
                box.point(0.18, row - 0.05), box.point(0.28, row - 0.05), box.point(0.28, row + 0.05),
                box.point(0.18, row + 0.05),
            ])
            path.addPolygon([
                box.point(0.36, row - 0.04), box.point(0.84, row - 0.04), box.point(0.84, row + 0.04),
                box.point(0.36, row + 0.04),
            ])
        }
        return Icon(fill: path)
    }

    /// A check mark (the current menu entry).
    package static func checkmark(in box: Rect) -> Icon {
        var path = Path()
        path.move(to: box.point(0.2, 0.52))
        path.line(to: box.point(0.42, 0.74))
        path.line(to: box.point(0.8, 0.28))
        return Icon(stroke: path, lineWidth: max(1.5, box.width * 0.1))
    }
}
