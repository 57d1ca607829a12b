import CCairo
import Foundation
import ReelCanvas
import ReelCore

/// A ``/ReelCanvas/Canvas`` drawn with cairo, text with Pango (DejaVu Sans): what ReelSDL's `PlayerWindow`
/// and ReelSnapshot's `SnapshotComposer` give an ``/ReelCanvas/OverlayHost`` to draw on.
///
/// ```swift
/// let canvas = try CairoCanvas(pixelWidth: 1280, pixelHeight: 720)   // transparent
/// canvas.fill(Rect(x: 0, y: 660, width: 1280, height: 60), color: .black.opacity(0.5))
/// canvas.drawText("0:42", at: Point(x: 24, y: 690), font: .time, color: .white, alignment: .leading)
/// try canvas.writePNG(to: URL(fileURLWithPath: "overlay.png"))
/// ```
///
/// Coordinates are logical pixels; the canvas scales them by ``scale`` to its surface's device
/// pixels. It remembers which device pixels it has drawn on since the last ``clear()``
/// (``drawnRegion``, ``drawnBounds``), so hosts composite and upload only those parts.
@MainActor
public final class CairoCanvas: Canvas {
    /// The drawable area in logical pixels.
    public let size: Size
    /// Device pixels per logical pixel.
    public let scale: Double
    /// The device pixels drawn on since the last ``clear()``, clipped to the surface, as a few
    /// rectangles.
    public private(set) var drawnRegion = PixelRegion()

    /// The bounding rectangle of ``drawnRegion``; nil when nothing was drawn.
    public var drawnBounds: PixelRect? { drawnRegion.isEmpty ? nil : drawnRegion.bounds }

    package let target: CairoSurface
    private let text: TextLayout
    private var clipDepth = 0

    /// A canvas on a new, transparent surface of `pixelWidth` × `pixelHeight` device pixels
    /// (premultiplied ARGB).
    /// - Throws: ``HostError/Code/cairo`` when the surface cannot be made (a size too large).
    public convenience init(pixelWidth: Int, pixelHeight: Int, scale: Double = 1) throws(HostError) {
        try self.init(target: CairoSurface(width: pixelWidth, height: pixelHeight), scale: scale)
    }

    /// A canvas that draws straight onto `frame`'s opaque pixels (which it keeps alive).
    public convenience init(frame: FrameBuffer, scale: Double = 1) throws(HostError) {
        try self.init(target: CairoSurface(frame: frame), scale: scale)
    }

    init(target: CairoSurface, scale: Double) {
        precondition(scale > 0, "The scale must be positive")
        self.target = target
        self.scale = scale
        size = Size(width: Double(target.width) / scale, height: Double(target.height) / scale)
        cairo_scale(target.context, scale, scale)
        cairo_set_line_join(target.context, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(target.context, CAIRO_LINE_CAP_ROUND)
        text = TextLayout(context: target.context)
    }

    /// Width of the surface in device pixels.
    public var pixelWidth: Int { target.width }
    /// Height of the surface in device pixels.
    public var pixelHeight: Int { target.height }

    // MARK: - Canvas

    /// Fills `path` with `color` (non-zero winding).
    public func fill(_ path: Path, color: Color) {
        let cairo = target.context
        add(path)
        markDrawn(extents(cairo_fill_extents))
        setSource(color)
        cairo_fill(cairo)
    }

    /// Strokes `path` with `color`, with round joins and caps.
    public func stroke(_ path: Path, color: Color, lineWidth: Double) {
        let cairo = target.context
        add(path)
        cairo_set_line_width(cairo, lineWidth)
        markDrawn(extents(cairo_stroke_extents))
        setSource(color)
        cairo_stroke(cairo)
    }

    /// Fills `rect` with a vertical gradient from `top` to `bottom`.
    public func fillGradient(_ rect: Rect, top: Color, bottom: Color) {
        guard !rect.isEmpty else { return }
        let cairo = target.context
        let gradient = cairo_pattern_create_linear(0, rect.minY, 0, rect.maxY)!
        defer { cairo_pattern_destroy(gradient) }
        cairo_pattern_add_color_stop_rgba(gradient, 0, top.red, top.green, top.blue, top.alpha)
        cairo_pattern_add_color_stop_rgba(gradient, 1, bottom.red, bottom.green, bottom.blue, bottom.alpha)
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        markDrawn(extents(cairo_fill_extents))
        cairo_set_source(cairo, gradient)
        cairo_fill(cairo)
    }

    /// Draws one line of text: `point.x` is its start, centre or end (by `alignment`) and
    /// `point.y` its vertical centre.
    public func drawText(_ text: String, at point: Point, font: Font, color: Color, alignment: TextAlignment) {
        guard !text.isEmpty else { return }
        let cairo = target.context
        let size = self.text.set(text, font: font)
        let left =
            switch alignment {
            case .leading: point.x
            case .center: point.x - size.width / 2
            case .trailing: point.x - size.width
            }
        let top = point.y - size.height / 2
        markDrawn(clipped((left, top, left + size.width, top + size.height)))
        setSource(color)
        cairo_move_to(cairo, left, top)
        self.text.show(on: cairo)
        cairo_new_path(cairo)
    }

    /// The size one line of `text` takes in `font`, in logical pixels.
    public func measureText(_ text: String, font: Font) -> Size {
        self.text.set(text, font: font)
    }

    /// Draws `image` scaled into `rect` (bilinear).
    public func drawImage(_ image: RGBAImage, in rect: Rect) {
        guard !rect.isEmpty, image.width > 0, image.height > 0 else { return }
        let cairo = target.context
        guard let source = Self.surface(for: image) else { return }
        defer { cairo_surface_destroy(source) }
        cairo_save(cairo)
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        markDrawn(extents(cairo_fill_extents))
        cairo_translate(cairo, rect.minX, rect.minY)
        cairo_scale(cairo, rect.width / Double(image.width), rect.height / Double(image.height))
        cairo_set_source_surface(cairo, source, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    /// Restricts drawing to `rect` (intersected with the current clip) until ``popClip()``.
    public func pushClip(_ rect: Rect) {
        let cairo = target.context
        cairo_save(cairo)
        cairo_rectangle(cairo, rect.minX, rect.minY, max(0, rect.width), max(0, rect.height))
        cairo_clip(cairo)
        clipDepth += 1
    }

    /// Undoes the last ``pushClip(_:)``; an unbalanced call is ignored.
    public func popClip() {
        guard clipDepth > 0 else { return }
        clipDepth -= 1
        cairo_restore(target.context)
    }

    // MARK: - Surface

    /// Makes every pixel transparent (black on a frame) and forgets ``drawnRegion``.
    public func clear() {
        let cairo = target.context
        cairo_save(cairo)
        cairo_reset_clip(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cairo)
        cairo_restore(cairo)
        drawnRegion = PixelRegion()
    }

    /// The colour of device pixel (`x`, `y`) with straight alpha, each component 0…255.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        precondition(x >= 0 && x < pixelWidth && y >= 0 && y < pixelHeight, "Pixel outside the canvas")
        let row = UnsafeRawPointer(target.pixels + y * target.stride)
        let value = row.load(fromByteOffset: x * 4, as: UInt32.self)
        let opaque = cairo_image_surface_get_format(target.surface) == CAIRO_FORMAT_RGB24
        let alpha = opaque ? 255 : UInt32(value >> 24)
        func straight(_ component: UInt32) -> UInt8 {
            alpha == 0 ? 0 : UInt8(min(255, (component * 255 + alpha / 2) / alpha))
        }
        return (straight((value >> 16) & 0xFF), straight((value >> 8) & 0xFF), straight(value & 0xFF), UInt8(alpha))
    }

    /// Writes the surface as a PNG file (with alpha for a transparent canvas).
    /// - Throws: ``HostError/Code/cairo`` when the file cannot be written.
    public func writePNG(to url: URL) throws(HostError) {
        cairo_surface_flush(target.surface)
        let status = cairo_surface_write_to_png(target.surface, url.path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw HostError(
                .cairo, message: "\(url.path) could not be written: \(String(cString: cairo_status_to_string(status)))."
            )
        }
    }

    /// Composites `region` of this (ARGB) canvas over the same region of `pixels`, an opaque
    /// `RGB24` picture of the canvas's size with rows of `stride` bytes.
    func composite(region: PixelRect, onto pixels: UnsafeMutableRawPointer, stride: Int) {
        let region = region.intersection(PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight))
        guard !region.isEmpty else { return }
        cairo_surface_flush(target.surface)
        let destination = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24, Int32(pixelWidth), Int32(pixelHeight),
            Int32(stride))!
        let cairo = cairo_create(destination)!
        cairo_set_source_surface(cairo, target.surface, 0, 0)
        cairo_rectangle(cairo, Double(region.x), Double(region.y), Double(region.width), Double(region.height))
        cairo_fill(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(destination)
        cairo_surface_destroy(destination)
    }

    // MARK: - Helpers

    private func add(_ path: Path) {
        let cairo = target.context
        cairo_new_path(cairo)
        for element in path.elements {
            switch element {
            case .move(let point): cairo_move_to(cairo, point.x, point.y)
            case .line(let point): cairo_line_to(cairo, point.x, point.y)
            case .curve(let point, let control1, let control2):
                cairo_curve_to(cairo, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
            case .arc(let center, let radius, let start, let end):
                // Path's arcs run clockwise on screen, as cairo's do in its y-down space.
                cairo_arc(cairo, center.x, center.y, radius, start, end)
            case .close: cairo_close_path(cairo)
            }
        }
    }

    private func setSource(_ color: Color) {
        cairo_set_source_rgba(target.context, color.red, color.green, color.blue, color.alpha)
    }

    private typealias ExtentsFunction = (
        OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?,
        UnsafeMutablePointer<Double>?
    ) -> Void

    /// The current path's extents (in user space) by `function`, clipped.
    private func extents(_ function: ExtentsFunction) -> (Double, Double, Double, Double) {
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        function(target.context, &x1, &y1, &x2, &y2)
        return clipped((x1, y1, x2, y2))
    }

    /// `rect` (user space) intersected with the clip.
    private func clipped(_ rect: (Double, Double, Double, Double)) -> (Double, Double, Double, Double) {
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_clip_extents(target.context, &x1, &y1, &x2, &y2)
        return (max(rect.0, x1), max(rect.1, y1), min(rect.2, x2), min(rect.3, y2))
    }

    /// Adds a user-space rectangle to ``drawnRegion`` (one pixel of margin for antialiasing).
    private func markDrawn(_ rect: (Double, Double, Double, Double)) {
        guard rect.2 > rect.0, rect.3 > rect.1 else { return }
        let device = PixelRect(
            covering: (rect.0 * scale - 1, rect.1 * scale - 1, rect.2 * scale + 1, rect.3 * scale + 1)
        ).intersection(PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight))
        guard !device.isEmpty else { return }
        drawnRegion.add(device)
    }

    /// A premultiplied `ARGB32` copy of `image`.
    private static func surface(for image: RGBAImage) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { return nil }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<image.height {
                let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<image.width {
                    let index = (y * image.width + x) * 4
                    let alpha = UInt32(source[index + 3])
                    func premultiplied(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
                    row[x] =
                        alpha << 24 | premultiplied(source[index]) << 16 | premultiplied(source[index + 1]) << 8
                        | premultiplied(source[index + 2])
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
