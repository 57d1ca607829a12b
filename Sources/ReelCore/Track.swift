/// The kind of a media track.
public enum TrackKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// Pictures.
    case video
    /// Sound.
    case audio
    /// Text or bitmap subtitles.
    case subtitle
}

/// One stream of the current item, as the engine reports it.
///
/// Values the engine does not know are `nil`, never `0` or `false`.
public struct Track: Hashable, Sendable, Identifiable, Codable {
    /// The engine's identifier for the track, unique within its ``kind``.
    public var id: Int
    /// Video, audio or subtitle.
    public var kind: TrackKind
    /// The codec name, such as `"h264"` or `"subrip"`.
    public var codec: String?
    /// An ISO 639 language code, such as `"eng"`.
    public var language: String?
    /// The title the file gives the track.
    public var title: String?
    /// The file marks the track as default.
    public var isDefault: Bool
    /// The file marks the track as forced.
    public var isForced: Bool
    /// The track comes from a separate file (``EngineCommand/addSubtitle(_:)``).
    public var isExternal: Bool
    /// The track is playing now (for subtitles: as the main subtitles).
    public var isSelected: Bool
    /// The subtitle track is shown as the secondary subtitles, at the top of the picture.
    public var isSecondarySelected: Bool
    /// Width and height in pixels, for video.
    public var width: Int?
    /// Height in pixels, for video.
    public var height: Int?
    /// Frames per second, for video.
    public var frameRate: Double?
    /// Channel count, for audio.
    public var channelCount: Int?
    /// Samples per second, for audio.
    public var sampleRate: Int?
    /// Bits per second as the container declares it, when it does.
    public var bitrate: Int?
    /// Whether this machine decodes the track: an audio or video decoder exists for its
    /// ``codec``. nil when the engine does not say (subtitles, with libmpv).
    public var isPlayable: Bool?

    /// Creates a track.
    public init(
        id: Int, kind: TrackKind, codec: String? = nil, language: String? = nil, title: String? = nil,
        isDefault: Bool = false, isForced: Bool = false, isExternal: Bool = false, isSelected: Bool = false,
        width: Int? = nil, height: Int? = nil, frameRate: Double? = nil, channelCount: Int? = nil,
        sampleRate: Int? = nil, bitrate: Int? = nil, isSecondarySelected: Bool = false, isPlayable: Bool? = nil
    ) {
        self.isSecondarySelected = isSecondarySelected
        self.isPlayable = isPlayable
        self.id = id
        self.kind = kind
        self.codec = codec
        self.language = language
        self.title = title
        self.isDefault = isDefault
        self.isForced = isForced
        self.isExternal = isExternal
        self.isSelected = isSelected
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.channelCount = channelCount
        self.sampleRate = sampleRate
        self.bitrate = bitrate
    }

    /// A short human-readable name: title, language or number.
    public var displayName: String { displayName(untitled: "Track \(id)") }

    /// The title and language ("Director's commentary (English)"), the language alone, or
    /// `untitled` when the track has neither: a menu passes its own language's words for the
    /// number ("Spur 3") and for the language's code (`languageName`, by default the code as the
    /// file has it: "ger").
    public func displayName(
        untitled: @autoclosure () -> String, languageName: (String) -> String = { $0 }
    ) -> String {
        switch (title, language) {
        case (let title?, let language?) where !title.isEmpty:
            // A title that is the language's name already ("Deutsch" for "ger") stands alone.
            languageName(language).lowercased() == title.lowercased() ? title : "\(title) (\(languageName(language)))"
        case (let title?, _) where !title.isEmpty: title
        case (_, let language?): languageName(language)
        default: untitled()
        }
    }
}
