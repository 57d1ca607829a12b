import Foundation
import ReelPreview
import ReelTestSupport
import ReelTesting
import Testing

/// `reel contact-sheet`, the built executable, on a clip whose keyframes are sparser than its
/// tiles: twelve different pictures, the header, and the skipped start.
@Suite("reel contact-sheet")
struct ContactSheetCommandTests {
    /// Tile width, margin and the clip's tile height (320x240 at 160 wide).
    static let (tileWidth, margin, tileHeight) = (160, 8, 120)

    private func sheet(_ arguments: [String]) async throws -> Bitmap {
        let directory = try TemporaryDirectory("reel-contact-sheet")
        defer { try? FileManager.default.removeItem(at: directory.url) }
        let clip = try await MediaFixtures.url(for: .sparseKeyframes)
        let out = directory.url.appendingPathComponent("sheet.png")
        let result = try await Command.run(
            [try BuiltProduct.require("reel").path, "contact-sheet", clip.path, "--out", out.path, "--width", "160"]
                + arguments)
        #expect(result.status == 0, "\(result.errorText)")
        return try Bitmap(decoding: try Data(contentsOf: out))
    }

    /// Tile `index`'s pixels, the header `top` pixels high above the grid.
    private func tile(_ index: Int, of sheet: Bitmap, columns: Int, top: Int) throws -> Bitmap {
        let x = Self.margin + index % columns * (Self.tileWidth + Self.margin)
        let y = top + Self.margin + index / columns * (Self.tileHeight + Self.margin)
        return try #require(sheet.cropped(x: x, y: y, width: Self.tileWidth, height: Self.tileHeight))
    }

    @Test("twelve tiles of a clip with a keyframe every 2 s are twelve different pictures")
    func everyTileDiffers() async throws {
        let sheet = try await sheet(["--columns", "4", "--rows", "3", "--no-header"])
        #expect(sheet.width == 4 * 160 + 5 * 8 && sheet.height == 3 * 120 + 4 * 8)
        let tiles = try (0..<12).map { try tile($0, of: sheet, columns: 4, top: 0) }
        for first in tiles.indices {
            for second in tiles.indices where second > first {
                let difference = meanDifference(tiles[first].pixels, tiles[second].pixels)
                #expect(difference > 1, "tiles \(first) and \(second) differ by \(difference)")
            }
        }
    }

    @Test("the header sits above the tiles and holds text; --no-header leaves it out")
    func header() async throws {
        let bare = try await sheet(["--columns", "2", "--rows", "1", "--no-header"])
        let headed = try await sheet(["--columns", "2", "--rows", "1"])
        #expect(headed.width == bare.width)
        let top = headed.height - bare.height
        #expect(top > 60, "header height \(top)")
        // Light text on the dark background…
        let header = try #require(headed.cropped(x: 0, y: 0, width: headed.width, height: top))
        let lit = stride(from: 0, to: header.pixels.count, by: 4).filter { header.pixels[$0] > 160 }.count
        #expect(lit > 500, "\(lit) light pixels in the header")
        // …and the same tiles below it.
        let below = try #require(headed.cropped(x: 0, y: top, width: headed.width, height: bare.height))
        #expect(meanDifference(below.pixels, bare.pixels) < 0.5)
    }

    @Test("a --timeout too large for a deadline is a usage error, not a crash, in both commands")
    func timeoutBound() async throws {
        let reel = try BuiltProduct.require("reel").path
        for command in [
            ["contact-sheet", "clip.mp4", "--out", "sheet.png"], ["thumbnails", "clip.mp4", "--dir", "out"],
        ] {
            let result = try await Command.run([reel] + command + ["--timeout", "1e16"])
            #expect(result.status == 64, "\(command[0]): \(result.errorText)")
            #expect(result.errorText.contains("--timeout must be between 0 and 86400 seconds"))
        }
    }

    @Test("--skip-start leaves out the first seconds: two tiles over 5…10 s show 6 s and 8 s")
    func skipStart() async throws {
        let sheet = try await sheet(["--columns", "2", "--rows", "1", "--no-header", "--skip-start", "5"])
        let clip = try await MediaFixtures.url(for: .sparseKeyframes)
        for (index, keyframe) in [6.0, 8.0].enumerated() {
            // The top half: the time stamp sits in the bottom right corner.
            let top = try #require(
                try tile(index, of: sheet, columns: 2, top: 0).cropped(x: 0, y: 0, width: 160, height: 60))
            let reference = try await FFmpegCLI.frame(of: clip, at: keyframe, width: 160, height: 120)
            let referenceTop = Array(reference.prefix(160 * 60 * 4))
            #expect(meanDifference(top.pixels, referenceTop) < 2, "tile \(index) against \(keyframe) s")
        }
    }
}
