import ReelPreview

/// Where the header, thumbnails and time stamps of a contact sheet go: the header on top, then a
/// grid of tiles with a margin around and between them, each tile's time stamp in its bottom
/// right corner on a dark box.
struct ContactSheetLayout {
    /// Tiles per row.
    var columns: Int
    /// Rows of tiles.
    var rows: Int
    /// Tile width in pixels.
    var tileWidth: Int
    /// Tile height in pixels.
    var tileHeight: Int
    /// The header's height in pixels (0: none).
    var headerHeight = 0
    /// Space around and between tiles.
    var margin = 8
    /// Font pixels per glyph pixel.
    var labelScale = 2

    /// The background.
    static let background = Bitmap.Color(red: 24, green: 24, blue: 24)

    /// The sheet's width in pixels.
    var width: Int { columns * tileWidth + (columns + 1) * margin }
    /// The sheet's height in pixels.
    var height: Int { headerHeight + rows * tileHeight + (rows + 1) * margin }

    /// The top left corner of tile `index`.
    func origin(of index: Int) -> (x: Int, y: Int) {
        (
            margin + index % columns * (tileWidth + margin),
            headerHeight + margin + index / columns * (tileHeight + margin)
        )
    }

    /// The sheet: `header` on top (nil: none), `thumbnails[i]` in tile `i`, labelled
    /// `labels[i]` (none when `labels` is empty).
    func render(_ thumbnails: [Thumbnail], labels: [String], header: Bitmap? = nil) -> Bitmap {
        var sheet = Bitmap(width: width, height: height, fill: Self.background)
        if let header { sheet.draw(header, atX: 0, y: 0) }
        for (index, thumbnail) in thumbnails.prefix(columns * rows).enumerated() {
            let (x, y) = origin(of: index)
            let tile =
                thumbnail.width > tileWidth || thumbnail.height > tileHeight
                ? thumbnail.bitmap.cropped(x: 0, y: 0, width: tileWidth, height: tileHeight) ?? thumbnail.bitmap
                : thumbnail.bitmap
            sheet.draw(tile, atX: x, y: y)
            guard index < labels.count else { continue }
            drawLabel(labels[index], into: &sheet, tileX: x, tileY: y)
        }
        return sheet
    }

    private func drawLabel(_ label: String, into sheet: inout Bitmap, tileX: Int, tileY: Int) {
        let padding = 2 * labelScale
        let textWidth = ContactSheetFont.width(of: label, scale: labelScale)
        let textHeight = ContactSheetFont.glyphHeight * labelScale
        let boxWidth = textWidth + 2 * padding
        let boxHeight = textHeight + 2 * padding
        let boxX = tileX + tileWidth - boxWidth - labelScale
        let boxY = tileY + tileHeight - boxHeight - labelScale
        sheet.fill(x: boxX, y: boxY, width: boxWidth, height: boxHeight, color: .black, opacity: 0.6)
        ContactSheetFont.draw(
            label, into: &sheet, x: boxX + padding, y: boxY + padding, scale: labelScale, color: .white)
    }
}
