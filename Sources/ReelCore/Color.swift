import Foundation

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
    /// Opaque yellow.
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// Reel's accent colour, used for progress and selection.
    public static let accent = Color(red: 0.98, green: 0.36, blue: 0.24)

    /// Reads `#RRGGBB` or `#AARRGGBB` (mpv's order: the opacity first), the `#` optional.
    public init?(hex text: String) {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16),
            digits.allSatisfy(\.isHexDigit)
        else { return nil }
        func byte(_ shift: UInt32) -> Double { Double((value >> shift) & 0xFF) / 255 }
        self.init(red: byte(16), green: byte(8), blue: byte(0), alpha: digits.count == 8 ? byte(24) : 1)
    }

    /// `#AARRGGBB`, as mpv's colour options take it (and ``init(hex:)`` reads it).
    public var hex: String {
        func byte(_ value: Double) -> String { String(format: "%02X", Int((min(1, max(0, value)) * 255).rounded())) }
        return "#" + byte(alpha) + byte(red) + byte(green) + byte(blue)
    }
}
