import ReelCore

/// A canvas that draws through another with every colour's opacity multiplied by ``opacity``,
/// and everything moved by ``offset`` and magnified by ``magnification`` around ``anchor``: how overlays
/// fade, slide and grow widgets that know nothing about it (``Transition``).
///
/// Images are drawn as they are when ``opacity`` is at least one half, and skipped below.
@MainActor
package final class FadingCanvas: Canvas {
    /// The canvas drawn into.
    package let base: any Canvas
    /// The factor applied to every colour's alpha, 0…1.
    package var opacity: Double
    /// How far everything moves, in logical pixels.
    package var offset: Point
    /// The factor everything is magnified by around ``anchor`` (1: as it is).
    package var magnification: Double
    /// The point that stays put when magnifying.
    package var anchor: Point

    /// Creates a fading (and, optionally, moving and magnifying) view of `base`.
    package init(
        _ base: any Canvas, opacity: Double, offset: Point = .zero, magnification: Double = 1, anchor: Point = .zero
    ) {
        self.base = base
        self.opacity = opacity.isFinite ? min(1, max(0, opacity)) : 1
        self.offset = offset.x.isFinite && offset.y.isFinite ? offset : .zero
        self.magnification = magnification.isFinite ? max(0, magnification) : 1
        self.anchor = anchor
    }

    /// The base canvas's size.
    package var size: Size { base.size }
    /// The base canvas's scale.
    package var scale: Double { base.scale }

    private var isMoved: Bool { offset != .zero || magnification != 1 }

    private func faded(_ color: Color) -> Color { color.opacity(color.alpha * opacity) }

    private func map(_ point: Point) -> Point {
        Point(
            x: anchor.x + (point.x - anchor.x) * magnification + offset.x,
            y: anchor.y + (point.y - anchor.y) * magnification + offset.y)
    }

    private func map(_ rect: Rect) -> Rect {
        guard isMoved else { return rect }
        return Rect(
            origin: map(rect.origin), size: Size(width: rect.width * magnification, height: rect.height * magnification)
        )
    }

    private func map(_ path: Path) -> Path {
        guard isMoved else { return path }
        var moved = Path()
        for element in path.elements {
            switch element {
            case .move(let point): moved.move(to: map(point))
            case .line(let point): moved.line(to: map(point))
            case .curve(let point, let control1, let control2):
                moved.curve(to: map(point), control1: map(control1), control2: map(control2))
            case .arc(let center, let radius, let startAngle, let endAngle):
                moved.arc(
                    center: map(center), radius: radius * magnification, startAngle: startAngle, endAngle: endAngle)
            case .close: moved.close()
            }
        }
        return moved
    }

    /// Fills with the faded colour.
    package func fill(_ path: Path, color: Color) { base.fill(map(path), color: faded(color)) }
    /// Strokes with the faded colour.
    package func stroke(_ path: Path, color: Color, lineWidth: Double) {
        base.stroke(map(path), color: faded(color), lineWidth: lineWidth * magnification)
    }
    /// Fills a gradient with faded colours.
    package func fillGradient(_ rect: Rect, top: Color, bottom: Color) {
        base.fillGradient(map(rect), top: faded(top), bottom: faded(bottom))
    }
    /// Draws text in the faded colour.
    package func drawText(_ text: String, at point: Point, font: Font, color: Color, alignment: TextAlignment) {
        var scaled = font
        scaled.size *= magnification
        guard scaled.size > 0 else { return }
        base.drawText(text, at: isMoved ? map(point) : point, font: scaled, color: faded(color), alignment: alignment)
    }
    /// Measures with the base canvas.
    package func measureText(_ text: String, font: Font) -> Size { base.measureText(text, font: font) }
    /// Draws the image when mostly opaque.
    package func drawImage(_ image: RGBAImage, in rect: Rect) {
        if opacity >= 0.5 { base.drawImage(image, in: map(rect)) }
    }
    /// Clips the base canvas.
    package func pushClip(_ rect: Rect) { base.pushClip(map(rect)) }
    /// Undoes the last clip.
    package func popClip() { base.popClip() }
}
