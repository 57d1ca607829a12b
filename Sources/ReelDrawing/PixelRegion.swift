/// A few pixel rectangles that together cover what was drawn: finer than one bounding rectangle,
/// so a window composites the top bar and the bottom bar of its controls, not the video between.
///
/// Rectangles that overlap or nearly touch (closer than ``mergeDistance``) are merged into their
/// bounding rectangle, and the region never holds more than ``maximumCount``: beyond that the two
/// rectangles whose merge adds the fewest pixels are merged. The rectangles never overlap, so
/// compositing each once composites every covered pixel once.
public struct PixelRegion: Hashable, Sendable {
    /// At most this many rectangles.
    public static let maximumCount = 8
    /// Rectangles closer than this many pixels are merged: a gap that small is cheaper to
    /// composite than another rectangle is to track.
    public static let mergeDistance = 16

    /// The rectangles, none empty, none overlapping.
    public private(set) var rects: [PixelRect] = []

    /// An empty region.
    public init() {}

    /// A region of `rects`.
    public init(_ rects: [PixelRect]) {
        for rect in rects { add(rect) }
    }

    /// Whether the region covers no pixel.
    public var isEmpty: Bool { rects.isEmpty }

    /// The pixels the rectangles cover.
    public var area: Int { rects.reduce(0) { $0 + $1.area } }

    /// The smallest rectangle covering the whole region (empty for an empty region).
    public var bounds: PixelRect {
        rects.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
    }

    /// Adds `rect` (an empty one changes nothing).
    public mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        var merged = rect
        var index = 0
        // Merging can make the rectangle reach others it missed: start over after each merge.
        while index < rects.count {
            if Self.areNear(merged, rects[index]) {
                merged = merged.union(rects.remove(at: index))
                index = 0
            } else {
                index += 1
            }
        }
        rects.append(merged)
        if rects.count > Self.maximumCount { mergeCheapestPair() }
    }

    /// Adds every rectangle of `other`.
    public mutating func formUnion(_ other: PixelRegion) {
        for rect in other.rects { add(rect) }
    }

    /// The part of the region inside `rect`.
    public func clipped(to rect: PixelRect) -> PixelRegion {
        var result = PixelRegion()
        result.rects = rects.map { $0.intersection(rect) }.filter { !$0.isEmpty }
        return result
    }

    private static func areNear(_ a: PixelRect, _ b: PixelRect) -> Bool {
        a.x - mergeDistance < b.maxX && b.x - mergeDistance < a.maxX && a.y - mergeDistance < b.maxY
            && b.y - mergeDistance < a.maxY
    }

    private mutating func mergeCheapestPair() {
        var best = (first: 0, second: 1, cost: Int.max)
        for first in rects.indices {
            for second in rects.indices where second > first {
                let cost = rects[first].union(rects[second]).area - rects[first].area - rects[second].area
                if cost < best.cost { best = (first, second, cost) }
            }
        }
        let merged = rects[best.first].union(rects[best.second])
        rects.remove(at: best.second)
        rects.remove(at: best.first)
        add(merged)
    }
}
