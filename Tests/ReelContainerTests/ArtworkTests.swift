import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

/// The item's artwork and summary in the container: small beside the title with the summary
/// under it, and large, with the title, artist and summary, when the item has no video.
@MainActor
@Suite("Artwork and summary")
struct ArtworkTests {
    static let artworkURL = URL(string: "https://example.com/cover.png")!
    static let cover = RGBAImage(width: 2, height: 1, pixels: [200, 40, 80, 255, 200, 40, 80, 255])
    static let audioTracks = [Track(id: 1, kind: .audio, codec: "aac")]
    static let summary = """
        A long walk through the archive, with notes on every recording and who made it, where it was \
        found, how it was restored and why it matters to the people who still listen to it today.
        """

    /// What the configuration's artwork closure answers, and the sizes it was asked for.
    @MainActor
    final class Artwork {
        var image: RGBAImage? = ArtworkTests.cover
        var asked: [Size] = []
    }

    func harness(_ artwork: Artwork?) -> ContainerHarness {
        var configuration = ContainerConfiguration.standard
        if let artwork {
            configuration.artworkImage = { url, size in
                guard url == Self.artworkURL else { return nil }
                artwork.asked.append(size)
                return artwork.image
            }
        }
        return ContainerHarness(configuration: configuration)
    }

    func item(summary: String? = ArtworkTests.summary, artwork: Bool = true, artist: String? = nil) -> MediaItem {
        MediaItem(
            url: ContainerHarness.url, title: "Clip", artworkURL: artwork ? Self.artworkURL : nil, artist: artist,
            summary: summary)
    }

    func texts(_ harness: ContainerHarness) -> [(text: String, at: Point, font: Font, color: Color)] {
        harness.canvas.calls.compactMap {
            if case .text(let text, let point, let font, let color, _) = $0 { (text, point, font, color) } else { nil }
        }
    }

    // MARK: - The title area

    @Test func theTitleBarShowsTheArtworkBesideTheTitleAndTheSummaryUnderIt() async throws {
        let artwork = Artwork()
        let harness = harness(artwork)
        try await harness.load(item: item())
        harness.draw()
        let bar = try #require(harness.frame(of: TitleBar.self, in: .top1))
        // The square as tall as the bar, at its left; the 2:1 picture fitted inside it.
        let square = Rect(x: bar.minX, y: bar.minY, width: bar.height, height: bar.height)
        #expect(harness.canvas.imageRects == [square.fitting(aspect: 2)])
        #expect(artwork.asked.last == Size(width: bar.height, height: bar.height))
        let title = try #require(texts(harness).first { $0.text == "Clip" })
        let summary = try #require(texts(harness).first { $0.text.hasPrefix("A long") })
        #expect(summary.color == Theme.standard.secondary)
        #expect(title.at.x == bar.minX + bar.height + 8)
        #expect(summary.at.x == title.at.x)
        #expect(summary.at.y > title.at.y)
        // The summary is cut to the width left, with an ellipsis.
        let width = bar.width - bar.height - 8
        #expect(summary.text.hasSuffix("…"))
        #expect(Self.summary.hasPrefix(String(summary.text.dropLast())))
        #expect(harness.canvas.measureText(summary.text, font: summary.font).width <= width)
        #expect(harness.canvas.measureText(summary.text, font: summary.font).width > width - 3 * 7)
    }

    @Test func withoutArtworkOrSummaryTheTitleIsAlone() async throws {
        let artwork = Artwork()
        let harness = harness(artwork)
        try await harness.load(item: item(summary: nil, artwork: false))
        harness.draw()
        let bar = try #require(harness.frame(of: TitleBar.self, in: .top1))
        #expect(harness.canvas.imageRects.isEmpty)
        #expect(artwork.asked.isEmpty)
        #expect(bar.height == 28)
        let title = try #require(texts(harness).first { $0.text == "Clip" })
        #expect(title.at == Point(x: bar.minX, y: bar.midY))
    }

    @Test func artworkStillLoadingLeavesNoGap() async throws {
        let artwork = Artwork()
        artwork.image = nil
        let harness = harness(artwork)
        try await harness.load(item: item(summary: nil))
        harness.draw()
        let bar = try #require(harness.frame(of: TitleBar.self, in: .top1))
        #expect(!artwork.asked.isEmpty)
        #expect(harness.canvas.imageRects.isEmpty)
        #expect(texts(harness).first { $0.text == "Clip" }?.at.x == bar.minX)
        // Once it is there, the next draw shows it.
        artwork.image = Self.cover
        harness.draw()
        #expect(harness.canvas.imageRects.count == 1)
    }

    @Test func aContainerWithoutAnArtworkSourceDrawsNone() async throws {
        let harness = harness(nil)
        try await harness.load(tracks: Self.audioTracks, item: item())
        harness.draw()
        #expect(harness.canvas.imageRects.isEmpty)
        // The audio-only view shows its tile with a note instead.
        #expect(texts(harness).contains { $0.text == "♪" })
    }

    // MARK: - Audio only

    @Test func anItemWithoutVideoShowsItsArtworkLargeWithTitleArtistAndSummary() async throws {
        let artwork = Artwork()
        let harness = harness(artwork)
        try await harness.load(video: nil, tracks: Self.audioTracks, item: item(artist: "The Archivists"))
        harness.engine.emit(.property(.metadata(["ALBUM": "Field Recordings"])))
        try await harness.store.until("the tags") { $0.playback.album == "Field Recordings" }
        // The title bar leaves the title to the now-playing view.
        harness.tick(1)
        harness.draw()
        #expect(harness.frame(of: TitleBar.self, in: .top1) == nil)
        #expect(texts(harness).filter { $0.text == "Clip" }.count == 1)
        harness.container.perform(.player(.controls(.hideRequested)))
        harness.tick(5)
        harness.draw()
        // 640×360 less 24 px margins: the artwork is half of 312 px high, centred across.
        let content = harness.container.videoFrame
        let side = 156.0
        let large = try #require(harness.canvas.imageRects.first)
        #expect(large.width == side && large.height == side / 2 && large.midX == content.midX)
        #expect(artwork.asked.contains(Size(width: side, height: side)))
        let lines = texts(harness).filter { $0.at.y > large.maxY }
        #expect(lines.first?.text == "Clip")
        #expect(lines.dropFirst().first?.text == "The Archivists — Field Recordings")
        #expect(lines.count >= 3)
        #expect(lines.dropFirst(2).map(\.text).joined(separator: " ").hasPrefix("A long walk through the archive"))
        #expect(lines.allSatisfy { $0.at.x == content.midX })
        #expect(lines.map(\.at.y) == lines.map(\.at.y).sorted())
        // Nothing falls outside the video area.
        #expect(lines.last.map { $0.at.y < content.maxY - 24 } == true)
    }

    @Test func aSmallAreaLeavesOutTheSummaryFirst() async throws {
        var configuration = ContainerConfiguration.standard
        configuration.artworkImage = { _, _ in Self.cover }
        let harness = ContainerHarness(configuration: configuration, size: Size(width: 400, height: 200))
        try await harness.load(video: nil, tracks: Self.audioTracks, item: item(artist: "The Archivists"))
        harness.container.perform(.player(.controls(.hideRequested)))
        harness.tick(5)
        harness.draw()
        let shown = texts(harness).map(\.text)
        // 152 px high: a 76 px artwork, the title and the artist; no room for the summary.
        #expect(shown.contains("Clip"))
        #expect(shown.contains("The Archivists"))
        #expect(!shown.contains { $0.hasPrefix("A long walk") })
        #expect(harness.canvas.imageRects.first?.height == 38)
    }

    @Test func anItemWithVideoShowsNoLargeArtwork() async throws {
        let artwork = Artwork()
        let harness = harness(artwork)
        try await harness.load(item: item(artist: "The Archivists"))
        harness.container.perform(.player(.controls(.hideRequested)))
        harness.tick(5)
        harness.draw()
        #expect(harness.canvas.imageRects.isEmpty)
        #expect(!texts(harness).contains { $0.text.contains("The Archivists") })
        // Nor before its tracks are known.
        #expect(!PlaybackInfo().isAudioOnly)
    }

    @Test func audioOnlyFollowsTheSelectedVideoTrack() {
        var playback = PlaybackInfo()
        playback.item = item()
        playback.tracks = Self.audioTracks
        #expect(playback.isAudioOnly)
        // Cover art is a video track: libmpv shows it as the picture.
        playback.tracks.append(Track(id: 1, kind: .video, codec: "mjpeg", isSelected: true))
        #expect(!playback.isAudioOnly)
        playback.tracks[1].isSelected = false
        #expect(playback.isAudioOnly)
        playback.metadata = ["ARTIST": "Tagged"]
        #expect(playback.artist == "Tagged")
    }
}
