/// A colour with straight (not premultiplied) alpha, each component 0…1.
public struct Color: Hashable, Sendable, Codable {
    /// Red.
    public var red: Double
    /// Green.
    public var green: Double
    /// Blue.
    public var blue: Double
    /// Opacity.
    public var alpha: Double

    /// Creates a colour.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey.
    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    /// This colour with another opacity.
    public func opacity(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// Opaque white.
    public static let white = Color(white: 1)
    /// Opaque black.
    public static let black = Color(white: 0)
    /// Fully transparent.
    public static let clear = Color(white: 0, alpha: 0)
    /// Reel's accent colour, used for progress and selection.
    public static let accent = Color(red: 0.98, green: 0.36, blue: 0.24)
}
