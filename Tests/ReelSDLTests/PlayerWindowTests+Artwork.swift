import Foundation
import ReelContainer
import ReelCore
import ReelDrawing
import ReelMPV
import ReelPlayer
import ReelPreview
import ReelSDL
import ReelTestSupport
import ReelTesting
import Testing

extension PlayerWindowTests {
    /// How many pixels of `frame` inside `rect` (whole frame: nil) are `colour`, each channel within 12.
    static func pixels(
        of colour: (red: UInt8, green: UInt8, blue: UInt8), in frame: FrameBuffer, within rect: Rect? = nil
    ) -> Int {
        let area = rect ?? Rect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height))
        var count = 0
        for y in Int(area.minY)..<Int(area.maxY) {
            for x in Int(area.minX)..<Int(area.maxX) {
                let pixel = frame.pixel(x: x, y: y)
                if abs(Int(pixel.red) - Int(colour.red)) <= 12 && abs(Int(pixel.green) - Int(colour.green)) <= 12
                    && abs(Int(pixel.blue) - Int(colour.blue)) <= 12
                {
                    count += 1
                }
            }
        }
        return count
    }

    /// A player on an engine with the render API in a 640×360 software window with Reel's
    /// controls, playing `item` over and over.
    private func playInAWindow(_ item: MediaItem) async throws -> (Player, PlayerWindow, Task<Void, Never>) {
        var configuration = MPVConfiguration.headless
        configuration.video = .renderAPI
        let player = Player(engine: try MPVEngine(configuration: configuration))
        let window = try PlayerWindow(
            player: player,
            options: .init(title: "Reel artwork", size: Size(width: 640, height: 360), renderPath: .software))
        window.container?.controls.displayStyle = .always
        let running = Task { await window.run() }
        try player.setRepeatMode(.one)
        try player.load(item)
        return (player, window, running)
    }

    /// An audio file with an artwork address: the window shows the picture large in the video
    /// area with the title and artist under it, and no title bar repeating them. (Beside the title
    /// at the top, small, is the video's case: the container's ArtworkTests.)
    @Test func anAudioOnlyItemShowsItsArtwork() async throws {
        let artwork = try await MediaFixtures.url(for: .artwork)
        let item = MediaItem(
            url: try await MediaFixtures.url(for: .audioOnly), title: "A tone", artworkURL: artwork, artist: "Reel",
            summary: "Two seconds of 440 Hz.")
        let (player, window, running) = try await playInAWindow(item)
        let cache = try #require(window.artwork)
        let arrivals = CountSignal()
        let redraw = cache.onImage
        cache.onImage = {
            redraw?()
            arrivals.increment("image")
        }
        try await player.until("the tracks") { $0.playback.isAudioOnly }
        #expect(await arrivals.wait(for: "image", atLeast: 1, timeout: .seconds(20)))
        let frame = try #require(window.captureFrame())
        try save(frame, "window-artwork.png")
        let container = try #require(window.container)
        // The now-playing view shows the item: the title bar, which would repeat it, is hidden.
        #expect(!container.controls.layout.allItems.contains { $0.item.widget is TitleBar })
        // The large picture, 156 px a side less what the play button covers.
        let large = Self.pixels(of: Fixture.artworkColor, in: frame, within: container.videoFrame)
        print("artwork: \(large) pixels large")
        #expect(large > 156 * 156 / 2)
        #expect(cache.failure(for: artwork) == nil)
        window.close()
        await running.value
        await player.shutdown()
    }

    /// Cover art inside an audio file is the item's picture: libmpv shows it as video, and the
    /// container leaves the video area to it.
    @Test func coverArtInTheFileIsShownAsItsPicture() async throws {
        let item = MediaItem(url: try await MediaFixtures.url(for: .audioWithCoverArt))
        let (player, window, running) = try await playInAWindow(item)
        try await player.until("the cover") { $0.playback.status == .ready && $0.playback.video != nil }
        #expect(!player.playback.isAudioOnly)
        #expect(player.title == "Covered" && player.playback.artist == "Reel")
        // A square picture in a 16:9 window: 360 px a side, less the controls over it.
        try await player.until(position: 0.5, timeout: .seconds(20))
        let frame = try #require(window.captureFrame())
        try save(frame, "window-cover-art.png")
        let cover = Self.pixels(of: Fixture.coverArtColor, in: frame)
        print("cover art: \(cover) pixels")
        #expect(cover > 360 * 360 / 2)
        #expect(frame.pixel(x: 60, y: 180) == (0, 0, 0))
        window.close()
        await running.value
        await player.shutdown()
    }
}
