import Foundation

/// A colour with transparency, for subtitles.
public struct SubtitleColor: Hashable, Sendable, Codable {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Opacity, 0 (invisible) … 1 (opaque).
    public var alpha: Double

    /// Creates a colour from components in 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque white.
    public static let white = SubtitleColor(red: 1, green: 1, blue: 1)
    /// Opaque black.
    public static let black = SubtitleColor(red: 0, green: 0, blue: 0)
    /// Opaque yellow.
    public static let yellow = SubtitleColor(red: 1, green: 1, blue: 0)
    /// Fully transparent: nothing is drawn.
    public static let clear = SubtitleColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// Reads `#RRGGBB` or `#AARRGGBB` (mpv's order: the opacity first), the `#` optional.
    public init?(hex text: String) {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16),
            digits.allSatisfy(\.isHexDigit)
        else { return nil }
        func byte(_ shift: UInt32) -> Double { Double((value >> shift) & 0xFF) / 255 }
        self.init(red: byte(16), green: byte(8), blue: byte(0), alpha: digits.count == 8 ? byte(24) : 1)
    }

    /// `#AARRGGBB`, as mpv's colour options take it.
    public var hex: String {
        func byte(_ value: Double) -> String { String(format: "%02X", Int((min(1, max(0, value)) * 255).rounded())) }
        return "#" + byte(alpha) + byte(red) + byte(green) + byte(blue)
    }

    fileprivate var isValid: Bool { [red, green, blue, alpha].allSatisfy { $0.isFinite && (0...1).contains($0) } }
}

/// How subtitles look: font, size, colours, outline, background and position.
///
/// What applies to which subtitles (libmpv with libass): the font, size, colours, outline,
/// background and shadow style plain-text subtitles (SubRip, WebVTT, the text tracks of MKV and
/// MP4) and are ignored by styled ones (ASS/SSA), which keep their authors' styles unless
/// ``overridesStyledSubtitles`` forces them (mpv's `sub-ass-override=force`). The position moves
/// both, except ASS events that place themselves.
///
/// Sizes are mpv's: scaled pixels of a 720-pixel-high window, so subtitles keep their size
/// relative to the picture.
public struct SubtitleStyle: Hashable, Sendable, Codable {
    /// The font family; nil is the engine's default (sans-serif).
    public var font: String?
    /// The text's size (mpv's `sub-font-size`, default 55), 1…500.
    public var fontSize: Double
    /// The text's colour (`sub-color`).
    public var color: SubtitleColor
    /// The outline's colour (`sub-border-color`).
    public var outlineColor: SubtitleColor
    /// The outline's width (`sub-border-size`, default 3), 0…50.
    public var outlineSize: Double
    /// The colour of a box behind the text (`sub-back-color`); ``SubtitleColor/clear`` draws none.
    public var backgroundColor: SubtitleColor
    /// How far the shadow (or the box) reaches beyond the text (`sub-shadow-offset`), 0…50.
    public var shadowOffset: Double
    /// Where the subtitles' bottom edge is, in percent of the picture's height from its top
    /// (`sub-pos`, 0…150): 100 is the bottom margin, smaller raises them.
    public var position: Double
    /// Forces this style on styled (ASS/SSA) subtitles too (`sub-ass-override=force`); off, they
    /// keep their own styles (`yes`, mpv's default).
    public var overridesStyledSubtitles: Bool

    /// Creates a style; every argument defaults to mpv's own look.
    public init(
        font: String? = nil, fontSize: Double = 55, color: SubtitleColor = .white,
        outlineColor: SubtitleColor = .black, outlineSize: Double = 3, backgroundColor: SubtitleColor = .clear,
        shadowOffset: Double = 0, position: Double = 100, overridesStyledSubtitles: Bool = false
    ) {
        self.font = font
        self.fontSize = fontSize
        self.color = color
        self.outlineColor = outlineColor
        self.outlineSize = outlineSize
        self.backgroundColor = backgroundColor
        self.shadowOffset = shadowOffset
        self.position = position
        self.overridesStyledSubtitles = overridesStyledSubtitles
    }

    /// mpv's own look: white sans-serif text of size 55 with a black outline, no background.
    public static let standard = SubtitleStyle()

    /// The sizes a menu offers: small, normal (the standard) and large.
    public static let presetSizes: [(name: String, size: Double)] = [("Small", 40), ("Normal", 55), ("Large", 75)]

    /// The background a menu turns on: black at 75 % opacity.
    public static let presetBackground = SubtitleColor(red: 0, green: 0, blue: 0, alpha: 0.75)

    /// Whether a box is drawn behind the text.
    public var hasBackground: Bool { backgroundColor.alpha > 0 }

    /// Throws ``PlayerError/Code/invalidArgument`` for a value no engine takes.
    public func check() throws(PlayerError) {
        if let font, font.isEmpty || font.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            throw PlayerError(.invalidArgument, message: "A subtitle font needs a name without control characters.")
        }
        guard fontSize.isFinite, (1...500).contains(fontSize) else {
            throw PlayerError(.invalidArgument, message: "The subtitle size must be between 1 and 500.")
        }
        guard [color, outlineColor, backgroundColor].allSatisfy(\.isValid) else {
            throw PlayerError(.invalidArgument, message: "Subtitle colours have components between 0 and 1.")
        }
        guard outlineSize.isFinite, (0...50).contains(outlineSize), shadowOffset.isFinite,
            (0...50).contains(shadowOffset)
        else {
            throw PlayerError(.invalidArgument, message: "Subtitle outlines and shadows must be between 0 and 50.")
        }
        guard position.isFinite, (0...150).contains(position) else {
            throw PlayerError(.invalidArgument, message: "The subtitle position must be between 0 and 150.")
        }
    }
}

extension ExternalSubtitle {
    /// The file extensions of subtitle files a player adds (`sub-add`).
    public static let fileExtensions: Set<String> = ["srt", "ass", "ssa", "vtt", "sub"]

    /// The subtitle files in the folder of the local file `media`, sorted by name (those that
    /// start with the media's own name first); empty for an address or an unreadable folder.
    public static func files(nextTo media: URL) -> [URL] {
        guard media.isFileURL else { return [] }
        let folder = media.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let stem = media.deletingPathExtension().lastPathComponent
        return
            names
            .filter { fileExtensions.contains(($0 as NSString).pathExtension.lowercased()) && !$0.hasPrefix(".") }
            .sorted { ($0.hasPrefix(stem) ? 0 : 1, $0) < ($1.hasPrefix(stem) ? 0 : 1, $1) }
            .map { folder.appendingPathComponent($0) }
    }
}
