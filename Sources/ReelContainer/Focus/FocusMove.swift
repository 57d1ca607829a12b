import Foundation

/// A way keyboard focus moves (``FocusService/move(_:)``).
public enum FocusMove: String, Hashable, Sendable, CaseIterable {
    /// To the next focusable widget in reading order, after the last back to the first (Tab);
    /// in a menu, to the next entry.
    case next
    /// To the previous one, before the first round to the last (Shift-Tab).
    case previous
    /// To the nearest focusable widget above (↑); in a menu, to the entry above.
    case up
    /// To the nearest focusable widget below (↓); in a menu, to the entry below.
    case down
    /// To the nearest focusable widget on the left (←).
    case left
    /// To the nearest focusable widget on the right (→).
    case right
}

/// Where focus goes between frames: reading order for Tab, the nearest frame in a direction for
/// the arrows (as tvOS and Android's focus finders do), the nearest frame to a lost one.
enum FocusNavigation {
    /// The slots in reading order: the top rows, the band between (left column, centre row,
    /// right column), then the bottom rows.
    static let readingOrder: [ControlSlot] = [.top1, .top2, .left, .center, .right, .bottom1, .bottom2, .bottom3]

    /// The index in `frames` that `move` reaches from `origin` (an index into `frames`), if
    /// any. Tab and Shift-Tab wrap; an arrow finds the nearest frame wholly on that side,
    /// preferring frames that overlap the origin across the move (the same row or column), and
    /// measuring a vertical move's sideways offset from `anchorX` (where horizontal moves last
    /// left focus), so ↓ then ↑ comes back to the same widget.
    static func target(of move: FocusMove, from origin: Int, in frames: [Rect], anchorX: Double?) -> Int? {
        guard frames.indices.contains(origin) else { return nil }
        let count = frames.count
        switch move {
        case .next: return (origin + 1) % count
        case .previous: return (origin + count - 1) % count
        case .up, .down, .left, .right:
            let from = frames[origin]
            let anchor = min(from.maxX, max(from.minX, anchorX ?? from.midX))
            let scored = frames.indices.compactMap { index -> (index: Int, inBeam: Bool, score: Double)? in
                guard index != origin, let distance = distance(from: from, to: frames[index], move: move) else {
                    return nil
                }
                let sideways = sidewaysOffset(from: from, to: frames[index], move: move, anchorX: anchor)
                // Android's FocusFinder weighs the distance along the move 13 times the sideways one.
                return (index, sideways.gap == 0, 13 * distance * distance + sideways.centre * sideways.centre)
            }
            return scored.min { a, b in a.inBeam != b.inBeam ? a.inBeam : a.score < b.score }?.index
        }
    }

    /// How far `frame` lies beyond `from` in the move's direction, or nil when it is not wholly
    /// on that side (a tolerance of one logical pixel).
    static func distance(from: Rect, to frame: Rect, move: FocusMove) -> Double? {
        let tolerance = 1.0
        let gap: Double
        switch move {
        case .left: gap = from.minX - frame.maxX
        case .right: gap = frame.minX - from.maxX
        case .up: gap = from.minY - frame.maxY
        case .down: gap = frame.minY - from.maxY
        case .next, .previous: return nil
        }
        return gap >= -tolerance ? max(0, gap) : nil
    }

    /// The gap across the move between the frames (0 when they overlap: in the beam) and the
    /// distance between their centres across it; vertical moves measure from `anchorX`.
    private static func sidewaysOffset(from: Rect, to frame: Rect, move: FocusMove, anchorX: Double) -> (
        gap: Double, centre: Double
    ) {
        switch move {
        case .left, .right:
            let gap = max(0, max(from.minY, frame.minY) - min(from.maxY, frame.maxY))
            return (gap, abs(frame.midY - from.midY))
        default:
            let gap = max(0, frame.minX - anchorX, anchorX - frame.maxX)
            return (gap, abs(frame.midX - anchorX))
        }
    }

    /// The index of the frame nearest `lost` (the distance between their edges, then between
    /// their centres), where focus goes when its widget leaves the layout.
    static func nearest(to lost: Rect, in frames: [Rect]) -> Int? {
        func key(_ frame: Rect) -> (Double, Double) {
            let dx = max(0, frame.minX - lost.maxX, lost.minX - frame.maxX)
            let dy = max(0, frame.minY - lost.maxY, lost.minY - frame.maxY)
            return (dx * dx + dy * dy, hypot(frame.midX - lost.midX, frame.midY - lost.midY))
        }
        return frames.indices.min { key(frames[$0]) < key(frames[$1]) }
    }
}
