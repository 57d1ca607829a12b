import CCairo

/// Owns one cairo image surface and the cairo context that draws on it, and releases both.
///
/// Kept apart from ``CairoCanvas`` (a main-actor class) so that releasing them needs no actor.
package final class CairoSurface {
    /// `cairo_surface_t *`.
    let surface: OpaquePointer
    /// `cairo_t *` drawing on ``surface``.
    let context: OpaquePointer
    /// Width in device pixels.
    package let width: Int
    /// Height in device pixels.
    package let height: Int
    /// Keeps the memory of a surface made over someone else's pixels alive.
    private let owner: AnyObject?

    /// A transparent `ARGB32` surface of its own.
    convenience init(width: Int, height: Int) throws(HostError) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        try self.init(surface: surface, width: width, height: height, owner: nil)
    }

    /// An `RGB24` surface over `frame`'s pixels.
    convenience init(frame: FrameBuffer) throws(HostError) {
        let surface = cairo_image_surface_create_for_data(
            frame.pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24, Int32(frame.width),
            Int32(frame.height), Int32(frame.stride))!
        try self.init(surface: surface, width: frame.width, height: frame.height, owner: frame)
    }

    private init(surface: OpaquePointer, width: Int, height: Int, owner: AnyObject?) throws(HostError) {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw HostError(
                .cairo,
                message: "A \(width)×\(height) drawing surface could not be made: "
                    + String(cString: cairo_status_to_string(status)) + ".")
        }
        self.surface = surface
        context = cairo_create(surface)
        self.width = width
        self.height = height
        self.owner = owner
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The first byte of the pixels (cairo's own memory for an `ARGB32` surface).
    package var pixels: UnsafeMutableRawPointer {
        cairo_surface_flush(surface)
        return UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
    }

    /// Bytes per row.
    package var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// Composites `region` of this (ARGB) surface over the same region of `pixels`, an opaque
    /// `RGB24` picture of this surface's size with rows of `stride` bytes.
    package func composite(region: PixelRegion, onto pixels: UnsafeMutableRawPointer, stride: Int) {
        let region = region.clipped(to: PixelRect(x: 0, y: 0, width: width, height: height))
        guard !region.isEmpty else { return }
        cairo_surface_flush(surface)
        let destination = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24, Int32(width), Int32(height),
            Int32(stride))!
        let cairo = cairo_create(destination)!
        cairo_set_source_surface(cairo, surface, 0, 0)
        for rect in region.rects {
            cairo_rectangle(cairo, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        }
        cairo_fill(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(destination)
        cairo_surface_destroy(destination)
    }

    /// Copies `region` of `source` (a surface of the same size and format) into this surface.
    func copy(_ region: PixelRect, from source: CairoSurface) {
        let region = region.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !region.isEmpty, source.width == width, source.height == height else { return }
        let from = source.pixels
        let to = pixels
        let (sourceStride, targetStride) = (source.stride, stride)
        for y in region.y..<region.maxY {
            (to + y * targetStride + region.x * 4).copyMemory(
                from: from + y * sourceStride + region.x * 4, byteCount: region.width * 4)
        }
        cairo_surface_mark_dirty(surface)
    }
}
