import ReelCore

/// The focus ring: a line in the theme's ``Theme/focusRing`` colour a little outside a frame
/// (or just inside a menu entry), on a thin dark halo so that it shows over any picture. Its
/// width is a whole number of device pixels and its edges lie on device pixels, so it stays
/// sharp at any scale.
@MainActor
enum FocusRing {
    /// The space between a frame and its ring, in logical pixels.
    static let gap = 3.0
    /// The halo's colour, one device pixel each side of the ring.
    static let halo = Color(white: 0, alpha: 0.5)

    /// Draws the ring around `frame`, ``gap`` outside it.
    static func draw(around frame: Rect, in canvas: any Canvas, theme: Theme) {
        draw(within: frame.expanded(by: gap + lineWidth(theme, scale: scale(of: canvas))), in: canvas, theme: theme)
    }

    /// Draws the ring with its outer edge on `rect` (snapped to device pixels).
    static func draw(within rect: Rect, in canvas: any Canvas, theme: Theme) {
        let scale = scale(of: canvas)
        let width = lineWidth(theme, scale: scale)
        func snap(_ value: Double) -> Double { (value * scale).rounded() / scale }
        let minX = snap(rect.minX)
        let minY = snap(rect.minY)
        let outer = Rect(x: minX, y: minY, width: snap(rect.maxX) - minX, height: snap(rect.maxY) - minY)
        // The stroke is centred on the path: half its width inside the outer edge.
        let path = Path.roundedRect(outer.insetBy(dx: width / 2, dy: width / 2), radius: 6 + gap)
        canvas.stroke(path, color: halo, lineWidth: width + 2 / scale)
        canvas.stroke(path, color: theme.focusRing, lineWidth: width)
    }

    /// The theme's ring width, rounded to whole device pixels (at least one).
    private static func lineWidth(_ theme: Theme, scale: Double) -> Double {
        max(1, (theme.focusRingWidth * scale).rounded()) / scale
    }

    private static func scale(of canvas: any Canvas) -> Double { canvas.scale > 0 ? canvas.scale : 1 }
}
