import Foundation

/// Tiles equally sized thumbnails into one sprite sheet, row by row, and describes the sheet as a
/// WebVTT thumbnail track (`sheet.jpg#xywh=x,y,w,h`), the format ``SpriteThumbnailProvider``
/// reads.
///
/// ```swift
/// let layout = SpriteSheetLayout(count: thumbnails.count, tileWidth: 160, tileHeight: 90)
/// try layout.render(thumbnails).encoded(as: .jpeg).write(to: sheetURL)
/// let track = layout.track(image: sheetURL, cues: ranges)
/// try track.webVTT(relativeTo: vttURL.deletingLastPathComponent()).write(to: vttURL, atomically: true, encoding: .utf8)
/// ```
public struct SpriteSheetLayout: Hashable, Sendable {
    /// How many tiles.
    public var count: Int
    /// Tile width in pixels.
    public var tileWidth: Int
    /// Tile height in pixels.
    public var tileHeight: Int
    /// Tiles per row.
    public var columns: Int

    /// Creates a layout of `count` tiles; `columns` defaults to 10 (fewer when there are fewer tiles).
    public init(count: Int, tileWidth: Int, tileHeight: Int, columns: Int = 10) {
        self.count = max(0, count)
        self.tileWidth = max(1, tileWidth)
        self.tileHeight = max(1, tileHeight)
        self.columns = max(1, min(columns, max(1, count)))
    }

    /// Rows of tiles.
    public var rows: Int { (count + columns - 1) / columns }
    /// The sheet's width in pixels.
    public var width: Int { columns * tileWidth }
    /// The sheet's height in pixels.
    public var height: Int { rows * tileHeight }

    /// The rectangle of tile `index` in the sheet.
    public func region(of index: Int) -> ThumbnailTrack.Region {
        ThumbnailTrack.Region(
            x: Double(index % columns * tileWidth), y: Double(index / columns * tileHeight), width: Double(tileWidth),
            height: Double(tileHeight))
    }

    /// The sheet: `thumbnails[i]` in tile `i` (scaled tiles are not made: a thumbnail of another
    /// size is clipped or leaves black), black where there is none.
    public func render(_ thumbnails: [Thumbnail]) -> Bitmap {
        var sheet = Bitmap(width: width, height: height, fill: .black)
        for (index, thumbnail) in thumbnails.prefix(count).enumerated() {
            let region = region(of: index)
            var tile = thumbnail.bitmap
            if tile.width > tileWidth || tile.height > tileHeight {
                tile = tile.cropped(x: 0, y: 0, width: tileWidth, height: tileHeight) ?? tile
            }
            sheet.draw(tile, atX: Int(region.x), y: Int(region.y))
        }
        return sheet
    }

    /// A track whose cue `i` covers `cues[i]` and shows tile `i` of the sheet at `image`.
    public func track(image: URL, cues: [ClosedRange<Double>]) -> ThumbnailTrack {
        ThumbnailTrack(
            cues: cues.prefix(count).enumerated().map { index, range in
                ThumbnailTrack.Cue(
                    start: range.lowerBound, end: range.upperBound, image: image, region: region(of: index))
            })
    }
}
