import Foundation

extension Color {
    /// Whether every component is a finite number in 0…1.
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
    public var color: Color
    /// The outline's colour (`sub-border-color`).
    public var outlineColor: Color
    /// The outline's width (`sub-border-size`, default 3), 0…50.
    public var outlineSize: Double
    /// The colour of a box behind the text (`sub-back-color`); ``Color/clear`` draws none.
    public var backgroundColor: Color
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
        font: String? = nil, fontSize: Double = 55, color: Color = .white,
        outlineColor: Color = .black, outlineSize: Double = 3, backgroundColor: Color = .clear,
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
    public static let presetBackground = Color(red: 0, green: 0, blue: 0, alpha: 0.75)

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
