import ReelCore

/// A canvas that draws through another with every colour's opacity multiplied by ``opacity``:
/// how overlays fade widgets that know nothing about fading.
///
/// Images are drawn as they are when ``opacity`` is at least one half, and skipped below.
@MainActor
public final class FadingCanvas: Canvas {
    /// The canvas drawn into.
    public let base: any Canvas
    /// The factor applied to every colour's alpha, 0…1.
    public var opacity: Double

    /// Creates a fading view of `base`.
    public init(_ base: any Canvas, opacity: Double) {
        self.base = base
        self.opacity = min(1, max(0, opacity))
    }

    /// The base canvas's size.
    public var size: Size { base.size }
    /// The base canvas's scale.
    public var scale: Double { base.scale }

    private func faded(_ color: Color) -> Color { color.opacity(color.alpha * opacity) }

    /// Fills with the faded colour.
    public func fill(_ path: Path, color: Color) { base.fill(path, color: faded(color)) }
    /// Strokes with the faded colour.
    public func stroke(_ path: Path, color: Color, lineWidth: Double) {
        base.stroke(path, color: faded(color), lineWidth: lineWidth)
    }
    /// Fills a gradient with faded colours.
    public func fillGradient(_ rect: Rect, top: Color, bottom: Color) {
        base.fillGradient(rect, top: faded(top), bottom: faded(bottom))
    }
    /// Draws text in the faded colour.
    public func drawText(_ text: String, at point: Point, font: Font, color: Color, alignment: TextAlignment) {
        base.drawText(text, at: point, font: font, color: faded(color), alignment: alignment)
    }
    /// Measures with the base canvas.
    public func measureText(_ text: String, font: Font) -> Size { base.measureText(text, font: font) }
    /// Draws the image when mostly opaque.
    public func drawImage(_ image: RGBAImage, in rect: Rect) {
        if opacity >= 0.5 { base.drawImage(image, in: rect) }
    }
    /// Clips the base canvas.
    public func pushClip(_ rect: Rect) { base.pushClip(rect) }
    /// Undoes the last clip.
    public func popClip() { base.popClip() }
}
