import Foundation
import ReelPreview
import ReelTestSupport
import ReelTesting
import Testing

@Suite("SpriteThumbnailProvider")
struct SpriteThumbnailProviderTests {

    /// Eight 64 × 48 thumbnails of the ten-second clip, one per 1.25 s.
    static func tiles() async throws -> [Thumbnail] {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let provider = try LocalThumbnailProvider(file: clip, options: .init(width: 64))
        var tiles: [Thumbnail] = []
        for time in ThumbnailTimes.evenlySpaced(count: 8, duration: 10) {
            tiles.append(try await provider.thumbnail(at: time))
        }
        return tiles
    }

    @Test("two PNG sheets over HTTP, relative addresses: each cue is its tile, and each sheet is fetched once")
    func spritesOverHTTP() async throws {
        let tiles = try await Self.tiles()
        let layout = SpriteSheetLayout(count: 4, tileWidth: 64, tileHeight: 48, columns: 2)
        let first = try layout.render(Array(tiles[0..<4])).encoded(as: .png)
        let second = try layout.render(Array(tiles[4..<8])).encoded(as: .png)
        var text = "WEBVTT\n"
        for index in 0..<8 {
            let sheet = index < 4 ? "sheets/one.png" : "../v/sheets/two.png"
            let region = layout.region(of: index % 4)
            // mm:ss.mmm
            let start = String(format: "00:%06.3f", Double(index) * 1.25)
            let end = String(format: "00:%06.3f", Double(index + 1) * 1.25)
            text += "\n\(start) --> \(end)\n\(sheet)#xywh=\(Int(region.x)),\(Int(region.y)),64,48\n"
        }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try first.write(to: folder.file("one.png"))
        try second.write(to: folder.file("two.png"))
        let server = LoopbackHTTPServer(routes: [
            "/v/thumbs.vtt": .text(text, contentType: "text/vtt"),
            "/v/sheets/one.png": .file(folder.file("one.png")),
            "/v/sheets/two.png": .file(folder.file("two.png")),
        ])
        try server.start()
        defer { server.stop() }

        let provider = try SpriteThumbnailProvider(track: server.url("/v/thumbs.vtt"))
        #expect(try await provider.duration() == 10)
        for index in [0, 3, 4, 7, 1, 6] {
            let time = Double(index) * 1.25 + 0.6
            let thumbnail = try await provider.thumbnail(at: time)
            #expect(thumbnail.time == Double(index) * 1.25)
            #expect(thumbnail.requestedTime == time)
            #expect(thumbnail.width == 64 && thumbnail.height == 48)
            #expect(thumbnail.pixels == tiles[index].pixels, "tile \(index)")
        }
        #expect(provider.downloads == 3)
        #expect(server.requestCount("/v/sheets/one.png") == 1)
        #expect(server.requestCount("/v/sheets/two.png") == 1)
    }

    @Test("a missing sheet fails with its HTTP status; a missing track too")
    func httpErrors() async throws {
        let server = LoopbackHTTPServer(routes: [
            "/thumbs.vtt": .text("WEBVTT\n\n00:00.000 --> 00:05.000\ngone.jpg#xywh=0,0,10,10\n"),
            "/gone.jpg": .status(404),
        ])
        try server.start()
        defer { server.stop() }
        let provider = try SpriteThumbnailProvider(track: server.url("/thumbs.vtt"))
        let sheet = await #expect(throws: ThumbnailError.self) { try await provider.thumbnail(at: 1) }
        #expect(sheet?.code == .httpStatus(404))
        let missing = try SpriteThumbnailProvider(track: server.url("/nothing.vtt"))
        let track = await #expect(throws: ThumbnailError.self) { try await missing.thumbnail(at: 1) }
        #expect(track?.code == .httpStatus(404))
    }

    @Test("a remote track may not name local files, and refused schemes never load")
    func security() async throws {
        let server = LoopbackHTTPServer(routes: [
            "/thumbs.vtt": .text("WEBVTT\n\n00:00.000 --> 00:05.000\nfile:///etc/hostname#xywh=0,0,10,10\n")
        ])
        try server.start()
        defer { server.stop() }
        let provider = try SpriteThumbnailProvider(track: server.url("/thumbs.vtt"))
        let local = await #expect(throws: ThumbnailError.self) { try await provider.thumbnail(at: 1) }
        #expect(local?.code == .refusedScheme("file"))
        let refused = #expect(throws: ThumbnailError.self) {
            try SpriteThumbnailProvider(track: URL(string: "ftp://example.com/thumbs.vtt")!)
        }
        #expect(refused?.code == .refusedScheme("ftp"))
    }

    @Test("a sheet larger than the bound is refused from its header, before it is decoded")
    func sheetBomb() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // 105 bytes of PNG declaring 60 000 × 60 000 pixels: 13.4 GiB once decoded.
        try ArtworkLoaderTests.pngHeader(width: 60_000, height: 60_000).write(to: folder.file("bomb.png"))
        let tiles = try await Self.tiles()
        let layout = SpriteSheetLayout(count: 4, tileWidth: 64, tileHeight: 48, columns: 2)
        try layout.render(Array(tiles[0..<4])).encoded(as: .png).write(to: folder.file("sheet.png"))
        try """
        WEBVTT

        00:00.000 --> 00:05.000
        bomb.png#xywh=0,0,64,48

        00:05.000 --> 00:10.000
        sheet.png#xywh=64,0,64,48
        """.write(to: folder.file("thumbs.vtt"), atomically: true, encoding: .utf8)

        let provider = try SpriteThumbnailProvider(track: folder.file("thumbs.vtt"))
        let bomb = await #expect(throws: ThumbnailError.self) { try await provider.thumbnail(at: 1) }
        #expect(bomb?.code == .tooLarge)
        #expect(bomb?.message.contains("60000×60000") == true)
        // A sheet refused for its size is not read again at the next request.
        let reads = provider.downloads
        let again = await #expect(throws: ThumbnailError.self) { try await provider.thumbnail(at: 2) }
        #expect(again?.code == .tooLarge)
        #expect(provider.downloads == reads)
        // The sheet beside it still shows; a tighter bound (the sheet is 128 × 96) refuses it too.
        #expect(try await provider.thumbnail(at: 6).pixels == tiles[1].pixels)
        let tight = try SpriteThumbnailProvider(track: folder.file("thumbs.vtt"), maximumSheetPixels: 128 * 96 - 1)
        let refused = await #expect(throws: ThumbnailError.self) { try await tight.thumbnail(at: 6) }
        #expect(refused?.code == .tooLarge)
        let exact = try SpriteThumbnailProvider(track: folder.file("thumbs.vtt"), maximumSheetPixels: 128 * 96)
        let thumbnail = try await exact.thumbnail(at: 6)
        #expect(thumbnail.width == 64)
        // A failed expectation prints pictures by their size, not their 12 288 bytes.
        #expect("\(thumbnail)" == "Thumbnail(64×48 at 5.0 s for 6.0 s)")
        #expect("\(thumbnail.bitmap)" == "Bitmap(64×48)")
    }

    @Test("what ThumbnailExport writes (reel thumbnails' format) reads back through the provider")
    func exportRoundTrip() async throws {
        let tiles = try await Self.tiles()
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cues = ThumbnailExport.cueRanges(count: 8, duration: 10)
        try FileManager.default.createDirectory(at: folder.file("images"), withIntermediateDirectories: true)
        let sprite = folder.file("images/sprite.jpg")
        let vtt = folder.file("thumbs.vtt")
        try ThumbnailExport.writeSprite(tiles, cues: cues, sprite: sprite, vtt: vtt, columns: 3)
        let text = try String(contentsOf: vtt, encoding: .utf8)
        #expect(text.contains("00:00:01.250 --> 00:00:02.500\nimages/sprite.jpg#xywh=64,0,64,48"))

        let fromSprite = try SpriteThumbnailProvider(track: vtt)
        let directory = folder.file("each")
        try ThumbnailExport.writeDirectory(tiles, cues: cues, directory: directory, format: .png)
        let fromDirectory = try SpriteThumbnailProvider(track: directory.appendingPathComponent("thumbnails.vtt"))
        for (index, tile) in tiles.enumerated() {
            let time = cues[index].lowerBound + 0.1
            let jpeg = try await fromSprite.thumbnail(at: time)
            #expect(jpeg.width == 64 && jpeg.height == 48)
            // JPEG (quality 90, 4:2:0 chroma) of testsrc2's saturated edges at 64 × 48: measured
            // 6.0 to 8.8 of 255; neighbouring tiles differ by about 19. The PNG files are exact.
            #expect(meanDifference(jpeg.pixels, tile.pixels) < 12, "tile \(index)")
            #expect(try await fromDirectory.thumbnail(at: time).pixels == tile.pixels)
        }
    }
}
