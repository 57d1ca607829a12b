import Foundation

/// A WebVTT thumbnail track: cues whose payload is the address of an image, or of a region of a
/// sprite sheet (`sheet.jpg#xywh=x,y,w,h`), as JW Player, Video.js plugins and most servers
/// write them.
///
/// ```swift
/// let track = try ThumbnailTrack(parsing: text, relativeTo: URL(string: "https://cdn.example/v/thumbs.vtt")!)
/// track.cue(at: 42)?.image      // https://cdn.example/v/sheet-2.jpg
/// track.cue(at: 42)?.region     // x 320, y 90, 160 × 90
/// ```
///
/// Parsing accepts `hh:mm:ss.mmm` and `mm:ss.mmm` times (and a comma before the milliseconds),
/// identifiers, cue settings, `NOTE`, `STYLE` and `REGION` blocks, a byte order mark and any line
/// ending. Image addresses are resolved against the track's own address, so relative addresses
/// and several sprite sheets work. Media fragments are `#xywh=x,y,w,h`, `#xywh=pixel:…` or
/// `#xywh=percent:…`; an address without one means the whole image.
public struct ThumbnailTrack: Hashable, Sendable {
    /// A rectangle of an image, in pixels or in percent of the image's size.
    public struct Region: Hashable, Sendable {
        /// How the numbers are meant.
        public enum Unit: String, Hashable, Sendable {
            /// Pixels.
            case pixel
            /// Percent of the image's width (for `x`, `width`) or height (for `y`, `height`).
            case percent
        }

        /// The left edge.
        public var x: Double
        /// The top edge.
        public var y: Double
        /// The width.
        public var width: Double
        /// The height.
        public var height: Double
        /// Pixels or percent.
        public var unit: Unit

        /// Creates a region.
        public init(x: Double, y: Double, width: Double, height: Double, unit: Unit = .pixel) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.unit = unit
        }

        /// The region in whole pixels of an image of `imageWidth` × `imageHeight`.
        public func pixels(imageWidth: Int, imageHeight: Int) -> (x: Int, y: Int, width: Int, height: Int) {
            guard unit == .percent else {
                return (Int(x.rounded()), Int(y.rounded()), Int(width.rounded()), Int(height.rounded()))
            }
            let horizontal = Double(imageWidth) / 100
            let vertical = Double(imageHeight) / 100
            return (
                Int((x * horizontal).rounded()), Int((y * vertical).rounded()), Int((width * horizontal).rounded()),
                Int((height * vertical).rounded())
            )
        }
    }

    /// One cue: a time range and the picture that stands for it.
    public struct Cue: Hashable, Sendable {
        /// Seconds.
        public var start: Double
        /// Seconds.
        public var end: Double
        /// The image's absolute address, without the fragment.
        public var image: URL
        /// The part of the image that is the thumbnail; nil for the whole image.
        public var region: Region?

        /// Creates a cue.
        public init(start: Double, end: Double, image: URL, region: Region? = nil) {
            self.start = start
            self.end = end
            self.image = image
            self.region = region
        }
    }

    /// The cues, sorted by start time.
    public var cues: [Cue]

    /// Creates a track from cues (sorted here by start time).
    public init(cues: [Cue]) {
        self.cues = cues.sorted { $0.start < $1.start }
    }

    /// Every distinct image address, in the order of first use.
    public var images: [URL] {
        var seen: Set<URL> = []
        return cues.map(\.image).filter { seen.insert($0).inserted }
    }

    /// The end of the last cue.
    public var duration: Double? { cues.map(\.end).max() }

    /// The cue whose range holds `time`; else the cue that starts nearest to it; nil when the
    /// track is empty.
    public func cue(at time: Double) -> Cue? {
        guard !cues.isEmpty else { return nil }
        // The last cue starting at or before `time`.
        var low = 0
        var high = cues.count
        while low < high {
            let middle = (low + high) / 2
            if cues[middle].start <= time { low = middle + 1 } else { high = middle }
        }
        let before = low - 1
        if before >= 0, time < cues[before].end { return cues[before] }
        let candidates = [before, low].filter { cues.indices.contains($0) }
        return candidates.map { cues[$0] }.min { distance($0, time) < distance($1, time) }
    }

    private func distance(_ cue: Cue, _ time: Double) -> Double {
        time < cue.start ? cue.start - time : max(0, time - cue.end)
    }
}
