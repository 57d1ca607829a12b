/// An RGBA picture in memory: thumbnails, sprite sheets and contact sheets are made of them.
///
/// ```swift
/// var sheet = Bitmap(width: 320, height: 90, fill: .black)
/// sheet.draw(thumbnail.bitmap, atX: 160, y: 0)
/// try sheet.encoded(as: .png).write(to: URL(fileURLWithPath: "sheet.png"))
/// ```
///
/// `pixels` holds `width × height × 4` bytes, row by row: red, green, blue, alpha.
public struct Bitmap: Hashable, Sendable {
    /// An opaque colour.
    public struct Color: Hashable, Sendable {
        /// Red, 0-255.
        public var red: UInt8
        /// Green, 0-255.
        public var green: UInt8
        /// Blue, 0-255.
        public var blue: UInt8

        /// Creates a colour.
        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// Black.
        public static let black = Color(red: 0, green: 0, blue: 0)
        /// White.
        public static let white = Color(red: 255, green: 255, blue: 255)
    }

    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width × height × 4` bytes, row by row: red, green, blue, alpha.
    public var pixels: [UInt8]

    /// Creates a bitmap; `pixels` must hold `width × height × 4` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(
            width >= 0 && height >= 0 && pixels.count == width * height * 4, "A bitmap needs width × height × 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Creates a bitmap filled with one opaque colour.
    public init(width: Int, height: Int, fill color: Color) {
        let count = width * height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            for offset in stride(from: 0, to: count, by: 4) {
                buffer[offset] = color.red
                buffer[offset + 1] = color.green
                buffer[offset + 2] = color.blue
                buffer[offset + 3] = 255
            }
            initialized = count
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// Copies `source` with its top left corner at (`x`, `y`), clipped to this bitmap.
    public mutating func draw(_ source: Bitmap, atX x: Int, y: Int) {
        let left = max(0, x)
        let right = min(width, x + source.width)
        let top = max(0, y)
        let bottom = min(height, y + source.height)
        guard left < right, top < bottom else { return }
        let rowBytes = (right - left) * 4
        source.pixels.withUnsafeBufferPointer { from in
            pixels.withUnsafeMutableBufferPointer { to in
                for row in top..<bottom {
                    let fromOffset = ((row - y) * source.width + (left - x)) * 4
                    let toOffset = (row * width + left) * 4
                    (to.baseAddress! + toOffset).update(from: from.baseAddress! + fromOffset, count: rowBytes)
                }
            }
        }
    }

    /// Fills the rectangle at (`x`, `y`) of `width` × `height` pixels (clipped) with `color`,
    /// mixed over what is there by `opacity` (0 leaves it, 1 replaces it).
    public mutating func fill(
        x: Int, y: Int, width rectWidth: Int, height rectHeight: Int, color: Color, opacity: Double = 1
    ) {
        let left = max(0, x)
        let right = min(width, x + rectWidth)
        let top = max(0, y)
        let bottom = min(height, y + rectHeight)
        guard left < right, top < bottom else { return }
        let alpha = max(0, min(1, opacity))
        let channels = [Double(color.red), Double(color.green), Double(color.blue)]
        for row in top..<bottom {
            for column in left..<right {
                let offset = (row * width + column) * 4
                for channel in 0..<3 {
                    let mixed = Double(pixels[offset + channel]) * (1 - alpha) + channels[channel] * alpha
                    pixels[offset + channel] = UInt8(mixed.rounded())
                }
                pixels[offset + 3] = 255
            }
        }
    }

    /// The rectangle at (`x`, `y`) of `width` × `height` pixels, clipped to this bitmap; nil when
    /// nothing of it lies inside.
    public func cropped(x: Int, y: Int, width cropWidth: Int, height cropHeight: Int) -> Bitmap? {
        let left = max(0, x)
        let top = max(0, y)
        let right = min(width, x + cropWidth)
        let bottom = min(height, y + cropHeight)
        guard left < right, top < bottom else { return nil }
        var result = Bitmap(
            width: right - left, height: bottom - top,
            pixels: [UInt8](repeating: 0, count: (right - left) * (bottom - top) * 4))
        result.draw(self, atX: -left, y: -top)
        return result
    }
}

extension Bitmap: CustomStringConvertible {
    /// The size, not the pixels: `Bitmap(64×48)`.
    public var description: String { "Bitmap(\(width)×\(height))" }
}
