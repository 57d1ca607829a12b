import Foundation
import ReelCore

/// The `Metadata` property of the MPRIS player interface, from a ``MediaItem`` and what the
/// engine reported.
struct MPRISMetadata: Hashable, Sendable {
    /// The object path that names the track (`mpris:trackid`).
    var trackID: String
    /// The duration in microseconds (`mpris:length`), when known.
    var length: Int64?
    /// `mpris:artUrl`.
    var artURL: String?
    /// `xesam:title`.
    var title: String?
    /// `xesam:artist` (a list in MPRIS).
    var artists: [String]
    /// `xesam:album`.
    var album: String?
    /// `xesam:url`.
    var url: String?
    /// `xesam:comment` (a list in MPRIS): the item's summary.
    var comments: [String] = []

    /// The track path MPRIS reserves for "no track".
    static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

    /// The track path of the item with `id`.
    static func trackID(for id: ItemID) -> String { "/org/mpris/MediaPlayer2/reel/track/\(id.rawValue)" }

    /// The metadata of the current item of `playback`; only a track path when nothing is loaded.
    init(_ playback: PlaybackInfo) {
        guard let item = playback.item, let id = playback.itemID else {
            self.init(trackID: Self.noTrack, artists: [])
            return
        }
        self.init(
            trackID: Self.trackID(for: id),
            length: playback.duration.map { Int64(($0 * 1_000_000).rounded()) },
            artURL: item.artworkURL?.absoluteString,
            title: playback.title,
            artists: playback.artist.map { [$0] } ?? [],
            album: playback.album,
            url: item.url.absoluteString)
        comments = item.summary.map { [$0] } ?? []
    }

    init(
        trackID: String, length: Int64? = nil, artURL: String? = nil, title: String? = nil, artists: [String],
        album: String? = nil, url: String? = nil
    ) {
        self.trackID = trackID
        self.length = length
        self.artURL = artURL
        self.title = title
        self.artists = artists
        self.album = album
        self.url = url
    }
}
