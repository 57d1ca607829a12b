extension WidgetContext {
    /// `text` on one line of at most `width`: whole when it fits, otherwise its longest start
    /// that fits with "…" after it (empty when not even that does).
    func truncated(_ text: String, font: Font, width: Double) -> String {
        guard measureText(text, font: font).width > width else { return text }
        let characters = Array(text)
        var fits = 0
        var tooLong = characters.count
        // The longest prefix that fits with the ellipsis: a binary search on its length.
        while tooLong - fits > 1 {
            let middle = (fits + tooLong) / 2
            if measureText(Self.cut(characters, middle), font: font).width <= width {
                fits = middle
            } else {
                tooLong = middle
            }
        }
        guard fits > 0 || measureText("…", font: font).width <= width else { return "" }
        return Self.cut(characters, fits)
    }

    /// `text` broken at spaces into lines of at most `width`, at most `limit` of them; the last
    /// one ends with "…" when text is left over. Runs of white space (new lines included) count
    /// as one space.
    func wrapped(_ text: String, font: Font, width: Double, limit: Int) -> [String] {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        var lines: [String] = []
        var index = 0
        while index < words.count, lines.count < limit {
            var line = words[index]
            index += 1
            while index < words.count, measureText(line + " " + words[index], font: font).width <= width {
                line += " " + words[index]
                index += 1
            }
            let isLast = lines.count == limit - 1
            let rest = isLast && index < words.count ? " " + words[index...].joined(separator: " ") : ""
            // A last line with text left over, or a word longer than the line, is cut short.
            lines.append(truncated(line + rest, font: font, width: width))
        }
        return lines.filter { !$0.isEmpty }
    }

    private static func cut(_ characters: [Character], _ count: Int) -> String {
        var start = String(characters.prefix(count))
        while start.last?.isWhitespace == true { start.removeLast() }
        return start + "…"
    }
}
