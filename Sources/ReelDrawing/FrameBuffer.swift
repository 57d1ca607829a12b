import CCairo
import Foundation

/// An opaque picture in memory: what the software renderer draws video into, what overlays are
/// composited onto, and what `reel snapshot` writes as PNG.
///
/// Pixels are 4 bytes, blue, green, red, padding (libmpv's `bgr0`, the format its software
/// renderer writes by default, which is cairo's `RGB24` on the little-endian machines Reel runs
/// on), in rows of ``stride`` bytes aligned to 64 bytes for libmpv's SIMD code. A new buffer is
/// black.
public final class FrameBuffer {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes per row: 4 per pixel, rounded up to a multiple of 64.
    public let stride: Int
    /// The first byte of the first row; valid as long as the buffer lives.
    public let pixels: UnsafeMutableRawPointer

    /// Allocates a black picture of `width` × `height` pixels (both at least 1).
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "A frame buffer needs a positive size")
        self.width = width
        self.height = height
        stride = (width * 4 + 63) & ~63
        var memory: UnsafeMutableRawPointer?
        guard posix_memalign(&memory, 64, stride * height) == 0, let memory else {
            fatalError("Out of memory for a \(width)×\(height) frame")
        }
        pixels = memory
        clear()
    }

    deinit {
        free(pixels)
    }

    /// The whole picture as a pixel rectangle.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Paints every pixel black.
    public func clear() {
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
    }

    /// The address of pixel (`x`, `y`).
    public func address(x: Int, y: Int) -> UnsafeMutableRawPointer { pixels + y * stride + x * 4 }

    /// The colour of pixel (`x`, `y`), each component 0…255.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "Pixel outside the frame")
        let bytes = UnsafeRawPointer(address(x: x, y: y)).assumingMemoryBound(to: UInt8.self)
        return (bytes[2], bytes[1], bytes[0])
    }

    /// The picture as tightly packed RGB bytes, row by row (`width × height × 3`).
    public func rgbBytes() -> [UInt8] {
        var result = [UInt8](repeating: 0, count: width * height * 3)
        result.withUnsafeMutableBufferPointer { output in
            var index = 0
            for y in 0..<height {
                let row = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt8.self)
                for x in 0..<width {
                    output[index] = row[x * 4 + 2]
                    output[index + 1] = row[x * 4 + 1]
                    output[index + 2] = row[x * 4]
                    index += 3
                }
            }
        }
        return result
    }

    /// Writes the picture as an RGB PNG file.
    /// - Throws: ``HostError/Code/cairo`` when the file cannot be written.
    public func writePNG(to url: URL) throws(HostError) {
        let surface = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24, Int32(width), Int32(height), Int32(stride))!
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_write_to_png(surface, url.path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw HostError(
                .cairo, message: "\(url.path) could not be written: \(String(cString: cairo_status_to_string(status)))."
            )
        }
    }
}
