import Foundation

/// Identifies one request to play a ``MediaItem``.
///
/// Every ``EngineCommand/load(_:)`` carries a fresh `ItemID`, and every item event the engine
/// sends back carries the same one, so late events of a replaced item are never mistaken for
/// events of the current one.
public struct ItemID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The raw value. Unique within one process.
    public let rawValue: UInt64

    /// Creates an identifier with a given raw value (tests use this to script engines).
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    private static let counter = Counter()

    /// A process-wide unique identifier. Safe to call from any thread.
    public static func next() -> ItemID { ItemID(rawValue: counter.increment()) }

    public var description: String { "#\(rawValue)" }
}

/// A thread-safe monotonic counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UInt64 = 0

    func increment() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}

/// Something to play: MPlayerKit's `Playable`, as a value.
///
/// ```swift
/// let item = MediaItem(url: URL(fileURLWithPath: "/tmp/clip.mkv"), title: "Clip", startPosition: 12)
/// try player.load(item)
/// ```
public struct MediaItem: Hashable, Sendable {
    /// Where the media is. Its scheme must be allowed by the engine's ``URLPolicy``.
    public var url: URL
    /// The title shown in the UI and in desktop media controls; the engine's title is used when nil.
    public var title: String?
    /// A second line, such as an episode name: the container's title bar shows it after the title.
    public var subtitle: String?
    /// A picture that represents the item (MPRIS's `mpris:artUrl`).
    public var artworkURL: URL?
    /// Who made the item: its artist, author or channel (MPRIS's `xesam:artist`).
    public var artist: String?
    /// The album, series or collection the item belongs to (MPRIS's `xesam:album`).
    public var album: String?
    /// A description of the item, a sentence or a paragraph (MPRIS's `xesam:comment`).
    public var summary: String?
    /// Where playback starts, in seconds. Nil starts at the beginning.
    public var startPosition: TimeInterval?
    /// Subtitle files to add when the item loads.
    public var externalSubtitles: [ExternalSubtitle]
    /// The part of the media to play, as a timeline of its own (``ClipRange``); nil plays it all.
    /// ``startPosition`` then counts from the clip's start.
    public var clip: ClipRange?
    /// The audio languages to choose, most wanted first: ISO 639 codes such as `"ja"`, `"jpn"` or
    /// `"en"` (mpv's `alang`). Empty leaves the choice to the media's default track.
    public var preferredAudioLanguages: [String] = []
    /// The subtitle languages to choose, most wanted first (mpv's `slang`). Empty leaves the
    /// choice to the media's default track.
    public var preferredSubtitleLanguages: [String] = []
    /// The highest bit rate, in bits per second, of the variant an adaptive stream (HLS) opens on:
    /// the variant with the highest rate at or below it, or the lowest variant when every one is
    /// above (0 opens the lowest). nil opens the highest. As `AVPlayerItem.preferredPeakBitRate`,
    /// except that libmpv chooses once, when the stream opens (its `hls-bitrate`), and does not
    /// adapt; `Player.setStreamingQuality(_:)` changes the variant later.
    public var preferredPeakBitRate: Int?

    /// Creates an item.
    public init(
        url: URL,
        title: String? = nil,
        subtitle: String? = nil,
        artworkURL: URL? = nil,
        artist: String? = nil,
        album: String? = nil,
        summary: String? = nil,
        startPosition: TimeInterval? = nil,
        externalSubtitles: [ExternalSubtitle] = [],
        clip: ClipRange? = nil
    ) {
        self.url = url
        self.title = title
        self.subtitle = subtitle
        self.artworkURL = artworkURL
        self.artist = artist
        self.album = album
        self.summary = summary
        self.startPosition = startPosition
        self.externalSubtitles = externalSubtitles
        self.clip = clip
    }
}

/// A subtitle file that lives beside the media.
public struct ExternalSubtitle: Hashable, Sendable {
    /// The subtitle file. Its scheme must be allowed by the engine's ``URLPolicy``.
    public var url: URL
    /// The name shown in subtitle menus.
    public var title: String?
    /// An ISO 639 language code such as `"eng"`.
    public var language: String?

    /// Creates an external subtitle.
    public init(url: URL, title: String? = nil, language: String? = nil) {
        self.url = url
        self.title = title
        self.language = language
    }
}
