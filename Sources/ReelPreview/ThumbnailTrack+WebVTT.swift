import Foundation

extension ThumbnailTrack {
    /// Parses a WebVTT thumbnail track; image addresses are resolved against `base` (the
    /// track's own address).
    /// - Throws: ``ThumbnailError/Code/invalidThumbnailTrack`` when the text does not start with
    ///   `WEBVTT`, a cue's times or address cannot be read (the message names the line), or there
    ///   is no cue.
    public init(parsing text: String, relativeTo base: URL) throws(ThumbnailError) {
        var body = text
        if body.hasPrefix("\u{FEFF}") { body.removeFirst() }
        let lines = body.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .components(separatedBy: "\n")
        guard let header = lines.first, header.hasPrefix("WEBVTT"),
            header.count == 6 || header.dropFirst(6).first == " " || header.dropFirst(6).first == "\t"
        else {
            throw ThumbnailError(.invalidThumbnailTrack, message: "The thumbnail track does not start with \"WEBVTT\".")
        }
        var cues: [Cue] = []
        var index = 1
        while index < lines.count {
            // One block: the lines up to the next blank line.
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces).isEmpty { index += 1 }
            let start = index
            while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).isEmpty { index += 1 }
            guard start < index else { break }
            if let cue = try Self.cue(in: lines[start..<index], firstLine: start + 1, base: base) { cues.append(cue) }
        }
        guard !cues.isEmpty else {
            throw ThumbnailError(.invalidThumbnailTrack, message: "The thumbnail track has no cues.")
        }
        self.init(cues: cues)
    }

    /// The cue in one block; nil for `NOTE`, `STYLE` and `REGION` blocks and the header's lines.
    private static func cue(in block: ArraySlice<String>, firstLine: Int, base: URL) throws(ThumbnailError) -> Cue? {
        guard let timingIndex = block.firstIndex(where: { $0.contains("-->") }) else { return nil }
        guard timingIndex <= block.startIndex + 1 else { return nil }
        if timingIndex > block.startIndex {
            let first = block[block.startIndex]
            if first.hasPrefix("NOTE") || first.hasPrefix("STYLE") || first.hasPrefix("REGION") { return nil }
        }
        let line = firstLine + (timingIndex - block.startIndex)
        func invalid(_ problem: String) -> ThumbnailError {
            ThumbnailError(.invalidThumbnailTrack, message: "Line \(line) of the thumbnail track: \(problem).")
        }
        let parts = block[timingIndex].components(separatedBy: "-->")
        guard parts.count == 2,
            let start = timestamp(parts[0].trimmingCharacters(in: .whitespaces)),
            let end = timestamp(
                parts[1].trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? "")
        else { throw invalid("the times \"\(block[timingIndex])\" cannot be read") }
        guard end >= start else { throw invalid("the cue ends before it starts") }
        guard let payload = block[(timingIndex + 1)...].first?.trimmingCharacters(in: .whitespaces), !payload.isEmpty
        else {
            throw invalid("the cue has no image address")
        }
        let (address, region) = try split(payload, invalid: invalid)
        let resolved =
            URL(string: address, relativeTo: base)
            ?? address.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed).flatMap {
                URL(string: $0, relativeTo: base)
            }
        guard let image = resolved?.absoluteURL else { throw invalid("\"\(address)\" is not a valid address") }
        return Cue(start: start, end: end, image: image, region: region)
    }

    /// The address without its fragment, and the `xywh` region of the fragment.
    private static func split(_ payload: String, invalid: (String) -> ThumbnailError) throws(ThumbnailError)
        -> (String, Region?)
    {
        guard let hash = payload.lastIndex(of: "#") else { return (payload, nil) }
        let address = String(payload[..<hash])
        let fragment = payload[payload.index(after: hash)...]
        guard let xywh = fragment.split(separator: "&").first(where: { $0.hasPrefix("xywh=") }) else {
            return (address, nil)
        }
        var value = xywh.dropFirst(5)
        var unit = Region.Unit.pixel
        if value.hasPrefix("pixel:") {
            value = value.dropFirst(6)
        } else if value.hasPrefix("percent:") {
            value = value.dropFirst(8)
            unit = .percent
        }
        let numbers = value.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, numbers.allSatisfy({ $0 >= 0 && $0.isFinite }), numbers[2] > 0, numbers[3] > 0 else {
            throw invalid("the fragment \"#\(xywh)\" is not x,y,w,h")
        }
        return (address, Region(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3], unit: unit))
    }

    /// `hh:mm:ss.mmm` or `mm:ss.mmm` (hours may have more digits; `,` is accepted for `.`).
    static func timestamp(_ text: String) -> Double? {
        let fields = text.replacingOccurrences(of: ",", with: ".").split(
            separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count) else { return nil }
        let numbers = fields.dropLast().map { Int($0) }
        guard numbers.allSatisfy({ $0 != nil && $0! >= 0 }), let last = fields.last,
            let seconds = Double(last), seconds >= 0, seconds < 60, last.first?.isNumber == true
        else { return nil }
        let whole = numbers.compactMap { $0 }
        if whole.count == 2, whole[1] >= 60 { return nil }
        if whole.count == 1, fields.count == 2, whole[0] >= 60 { return nil }
        return whole.reduce(0) { $0 * 60 + Double($1) } * 60 + seconds
    }

    /// The track as WebVTT text, times as `hh:mm:ss.mmm`; image addresses are written relative to
    /// `directory` (the folder the file will be in) when both are files, absolute otherwise.
    public func webVTT(relativeTo directory: URL? = nil) -> String {
        var text = "WEBVTT\n"
        for cue in cues {
            var address = directory.map { Self.relativeAddress(of: cue.image, from: $0) } ?? cue.image.absoluteString
            if let region = cue.region {
                let numbers = [region.x, region.y, region.width, region.height].map { Self.number($0) }
                address += "#xywh=\(region.unit == .percent ? "percent:" : "")\(numbers.joined(separator: ","))"
            }
            text += "\n\(Self.format(cue.start)) --> \(Self.format(cue.end))\n\(address)\n"
        }
        return text
    }

    /// `hh:mm:ss.mmm`.
    static func format(_ seconds: Double) -> String {
        let milliseconds = Int((max(0, seconds) * 1000).rounded())
        let hours = milliseconds / 3_600_000
        let minutes = milliseconds / 60_000 % 60
        let wholeSeconds = milliseconds / 1000 % 60
        return String(format: "%02d:%02d:%02d.%03d", hours, minutes, wholeSeconds, milliseconds % 1000)
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// A path from `directory` to `file` (`sheet.jpg`, `../images/sheet.jpg`), percent-encoded;
    /// the absolute address when either is not a file.
    static func relativeAddress(of file: URL, from directory: URL) -> String {
        guard file.isFileURL, directory.isFileURL else { return file.absoluteString }
        let target = file.standardizedFileURL.pathComponents
        let origin = directory.standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count - 1, origin.count), target[common] == origin[common] { common += 1 }
        let path = (Array(repeating: "..", count: origin.count - common) + target[common...]).joined(separator: "/")
        return path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }
}
