import ReelPreview

/// A 5 × 7 pixel font for the digits, `:` and `.`, enough for time stamps; drawn scaled in whole
/// pixels. Self-contained, so the contact sheet needs no font library.
enum ContactSheetFont {
    /// Each glyph's rows, top to bottom; `#` is a lit pixel.
    static let glyphs: [Character: [String]] = [
        "0": [".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."],
        "1": ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
        "2": [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
        "3": ["#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."],
        "4": ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
        "5": ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
        "6": ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."],
        "7": ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
        "8": [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
        "9": [".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."],
        ":": ["..", "##", "##", "..", "##", "##", ".."],
        ".": ["..", "..", "..", "..", "..", "##", "##"],
    ]

    /// Rows of a glyph.
    static let glyphHeight = 7

    /// The width of `text` in pixels at `scale`, with one scaled pixel between glyphs.
    static func width(of text: String, scale: Int) -> Int {
        let glyphs = text.compactMap { self.glyphs[$0] }
        guard !glyphs.isEmpty else { return 0 }
        return (glyphs.map { $0[0].count }.reduce(0, +) + glyphs.count - 1) * scale
    }

    /// Draws `text` with its top left corner at (`x`, `y`); characters without a glyph are skipped.
    static func draw(_ text: String, into bitmap: inout Bitmap, x: Int, y: Int, scale: Int, color: Bitmap.Color) {
        var left = x
        for character in text {
            guard let rows = glyphs[character] else { continue }
            for (row, pixels) in rows.enumerated() {
                for (column, pixel) in pixels.enumerated() where pixel == "#" {
                    bitmap.fill(
                        x: left + column * scale, y: y + row * scale, width: scale, height: scale, color: color)
                }
            }
            left += (rows[0].count + 1) * scale
        }
    }
}
