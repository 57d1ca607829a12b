import ReelCore

/// A typeface request; the canvas picks the closest installed face.
public struct Font: Hashable, Sendable {
    /// How heavy the strokes are.
    public enum Weight: String, Hashable, Sendable {
        /// Regular text.
        case regular
        /// Emphasised text.
        case bold
    }

    /// The size in logical pixels.
    public var size: Double
    /// The weight.
    public var weight: Weight
    /// Use digits of equal width (for times that change while shown).
    public var monospacedDigits: Bool

    /// Creates a font request.
    public init(size: Double, weight: Weight = .regular, monospacedDigits: Bool = false) {
        self.size = size
        self.weight = weight
        self.monospacedDigits = monospacedDigits
    }

    /// Body text.
    public static let body = Font(size: 14)
    /// Time labels.
    public static let time = Font(size: 13, monospacedDigits: true)
    /// Titles.
    public static let title = Font(size: 16, weight: .bold)
}

/// Where text sits relative to the point it is drawn at.
public enum TextAlignment: Hashable, Sendable {
    /// The point is the left end of the line.
    case leading
    /// The point is the centre of the line.
    case center
    /// The point is the right end of the line.
    case trailing
}

/// An image in memory: 8-bit RGBA rows, straight alpha (thumbnails, artwork).
public struct RGBAImage: Hashable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width × height × 4` bytes, row by row.
    public var pixels: [UInt8]

    /// Creates an image; `pixels` must hold `width × height × 4` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBAImage needs width × height × 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

/// Where widgets draw: 2D primitives in logical pixels, implemented by the host (cairo and pango
/// in ReelDrawing) and by a recording canvas in tests.
///
/// Coordinates are logical pixels with the origin at the top left; ``scale`` maps them to
/// device pixels (2 on a HiDPI screen). Clips nest: every ``pushClip(_:)`` needs a
/// ``popClip()``.
@MainActor
public protocol Canvas: AnyObject {
    /// The drawable area in logical pixels.
    var size: Size { get }
    /// Device pixels per logical pixel.
    var scale: Double { get }

    /// Fills `path` with `color` (non-zero winding).
    func fill(_ path: Path, color: Color)
    /// Strokes `path` with `color`.
    func stroke(_ path: Path, color: Color, lineWidth: Double)
    /// Fills `rect` with a vertical gradient from `top` to `bottom` (scrims behind controls).
    func fillGradient(_ rect: Rect, top: Color, bottom: Color)
    /// Draws one line of text with its baseline's `alignment` point at `point`'s x and its
    /// vertical centre at `point`'s y.
    func drawText(_ text: String, at point: Point, font: Font, color: Color, alignment: TextAlignment)
    /// The size one line of `text` takes.
    func measureText(_ text: String, font: Font) -> Size
    /// Draws `image` scaled into `rect`.
    func drawImage(_ image: RGBAImage, in rect: Rect)
    /// Restricts drawing to `rect` (intersected with the current clip) until ``popClip()``.
    func pushClip(_ rect: Rect)
    /// Undoes the last ``pushClip(_:)``.
    func popClip()
}

extension Canvas {
    /// Fills a rectangle, optionally with rounded corners.
    public func fill(_ rect: Rect, color: Color, cornerRadius: Double = 0) {
        fill(.roundedRect(rect, radius: cornerRadius), color: color)
    }
}

extension RGBAImage: CustomStringConvertible {
    /// The size, not the pixels: `RGBAImage(64×48)`.
    public var description: String { "RGBAImage(\(width)×\(height))" }
}
