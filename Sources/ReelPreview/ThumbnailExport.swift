import Foundation

/// Writes thumbnails as files a player (or ``SpriteThumbnailProvider``) reads back: one sprite
/// sheet with a WebVTT track of `#xywh=` regions, or one image per thumbnail with a track
/// naming them. Addresses in the track are relative to the track's folder.
///
/// ```swift
/// let track = try ThumbnailExport.writeSprite(thumbnails, cues: ranges, sprite: sheetURL, vtt: vttURL)
/// let provider = SpriteThumbnailProvider(track: track)   // or SpriteThumbnailProvider(track: vttURL)
/// ```
public enum ThumbnailExport {
    /// The cue ranges of `count` equal parts of `duration`, matching
    /// ``ThumbnailTimes/evenlySpaced(count:duration:)``.
    public static func cueRanges(count: Int, duration: Double) -> [ClosedRange<Double>] {
        guard count > 0, duration.isFinite, duration > 0 else { return [] }
        let part = duration / Double(count)
        return (0..<count).map { Double($0) * part...Double($0 + 1) * part }
    }

    /// Writes `thumbnails` (tile `i` for cue `i`) as one sprite sheet at `sprite` (JPEG or PNG by
    /// its extension, unless `format` says) and a WebVTT track at `vtt`. Returns the track.
    /// - Throws: ``ThumbnailError/Code/invalidArgument`` when there are no thumbnails or the
    ///   counts differ, ``ThumbnailError/Code/encodingFailed``, or
    ///   ``ThumbnailError/Code/unknown`` when a file cannot be written (the message says which).
    @discardableResult
    public static func writeSprite(
        _ thumbnails: [Thumbnail], cues: [ClosedRange<Double>], sprite: URL, vtt: URL, columns: Int = 10,
        format: Bitmap.ImageFormat? = nil
    ) throws(ThumbnailError) -> ThumbnailTrack {
        guard let first = thumbnails.first, thumbnails.count == cues.count else {
            throw ThumbnailError(.invalidArgument, message: "Each cue needs one thumbnail.")
        }
        let layout = SpriteSheetLayout(
            count: thumbnails.count, tileWidth: first.width, tileHeight: first.height, columns: columns)
        let data = try layout.render(thumbnails).encoded(as: format ?? imageFormat(of: sprite))
        try write(data, to: sprite)
        let track = layout.track(image: sprite.standardizedFileURL, cues: cues)
        try write(Data(track.webVTT(relativeTo: vtt.deletingLastPathComponent()).utf8), to: vtt)
        return track
    }

    /// Writes each thumbnail as `0001.jpg`, `0002.jpg`, … (or `.png`) in `directory` (made when
    /// missing) and a track `thumbnails.vtt` naming them. Returns the track.
    /// - Throws: as ``writeSprite(_:cues:sprite:vtt:columns:format:)``.
    @discardableResult
    public static func writeDirectory(
        _ thumbnails: [Thumbnail], cues: [ClosedRange<Double>], directory: URL, format: Bitmap.ImageFormat = .jpeg
    ) throws(ThumbnailError) -> ThumbnailTrack {
        guard !thumbnails.isEmpty, thumbnails.count == cues.count else {
            throw ThumbnailError(.invalidArgument, message: "Each cue needs one thumbnail.")
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ThumbnailError(
                .unknown, message: "The folder \(directory.path) could not be made.", detail: "\(error)")
        }
        let digits = max(4, String(thumbnails.count).count)
        let suffix = format == .png ? "png" : "jpg"
        var cueList: [ThumbnailTrack.Cue] = []
        for (index, (thumbnail, range)) in zip(thumbnails, cues).enumerated() {
            let number = String(index + 1)
            let name = String(repeating: "0", count: max(0, digits - number.count)) + number + "." + suffix
            let file = directory.appendingPathComponent(name).standardizedFileURL
            try write(try thumbnail.bitmap.encoded(as: format), to: file)
            cueList.append(ThumbnailTrack.Cue(start: range.lowerBound, end: range.upperBound, image: file))
        }
        let track = ThumbnailTrack(cues: cueList)
        try write(
            Data(track.webVTT(relativeTo: directory).utf8), to: directory.appendingPathComponent("thumbnails.vtt"))
        return track
    }

    /// JPEG unless the name ends in `.png`.
    static func imageFormat(of file: URL) -> Bitmap.ImageFormat {
        Bitmap.ImageFormat(pathExtension: file.pathExtension) ?? .jpeg
    }

    /// Writes `data` atomically, making the file's folder first when it is missing.
    private static func write(_ data: Data, to file: URL) throws(ThumbnailError) {
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        } catch {
            throw ThumbnailError(.unknown, message: "\(file.path) could not be written.", detail: "\(error)")
        }
    }
}
