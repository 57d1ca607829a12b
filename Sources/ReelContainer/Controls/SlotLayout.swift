/// How one slot lays its widgets out along its row (or, for `left` and `right`, its column):
/// alignment, distribution and spacing, or the app's own frames (VideoPlayerContainer's layout
/// per slot).
///
/// ```swift
/// var controls = ControlConfiguration()
/// controls.setLayout(SlotLayout(alignment: .trailing), in: .top1)
/// controls.setLayout(SlotLayout(distribution: .spaceEvenly), in: .bottom2, for: [.portrait])
/// controls.setLayout(
///     .custom { sizes, slot in  // a diagonal: each widget lower and further right
///         var origin = slot.origin
///         return sizes.map { size in
///             defer { origin = Point(x: origin.x + size.width, y: origin.y + size.height / 2) }
///             return Rect(origin: origin, size: size)
///         }
///     }, in: .center)
/// ```
///
/// Flexible widgets (a seek bar) take the room a row leaves first, so alignment and distribution
/// place what is left. A slot keeps ``ControlLayout``'s guarantees with any layout: frames inside
/// the slot, none overlapping, and what does not fit left out.
public struct SlotLayout: Sendable {
    /// Where packed widgets sit along the slot: its start (left, or top in a column), middle or
    /// end.
    public enum Alignment: Hashable, Sendable {
        /// At the start: the left of a row, the top of a column.
        case leading
        /// In the middle (the centre row centres on the video's middle).
        case center
        /// At the end: the right of a row, the bottom of a column.
        case trailing
    }

    /// How the room left along the slot is shared.
    public enum Distribution: Hashable, Sendable {
        /// The widgets sit together, ``SlotLayout/spacing`` apart, where ``SlotLayout/alignment`` says.
        case packed
        /// The first widget at the start, the last at the end, equal space between (one widget
        /// sits where the alignment says).
        case spaceBetween
        /// Equal space before, between and after the widgets (never less than the spacing between
        /// them).
        case spaceEvenly
    }

    /// Where packed widgets sit; nil: the slot's own (leading in the rows, centred in the columns
    /// and the centre row).
    public var alignment: Alignment?
    /// How the room left is shared.
    public var distribution: Distribution
    /// The space between widgets; nil: ``ControlConfiguration/spacing``.
    public var spacing: Double?
    /// The app's frames, when it computes them (``custom(_:)``).
    let frames: (@MainActor @Sendable ([Size], Rect) -> [Rect])?

    /// Creates a layout; a negative or non-finite spacing is 0.
    public init(alignment: Alignment? = nil, distribution: Distribution = .packed, spacing: Double? = nil) {
        self.alignment = alignment
        self.distribution = distribution
        self.spacing = spacing.map { $0.isFinite ? max(0, $0) : 0 }
        frames = nil
    }

    /// The app computes the frames: `frames` gets the slot's widgets' measured sizes, in order,
    /// and the slot's rectangle, and returns a frame per widget.
    ///
    /// The result is checked: a frame is moved (and shrunk) into the slot's rectangle, one that
    /// is not finite, has no area there or overlaps a frame before it is left out with its
    /// widget, and so are the widgets without a frame. A row's rectangle spans the area's width at the row's height (its
    /// tallest widget), a column's half the area's width beside the band between the top and
    /// bottom regions, the centre row's that band between the columns.
    public static func custom(_ frames: @escaping @MainActor @Sendable ([Size], Rect) -> [Rect]) -> SlotLayout {
        SlotLayout(frames: frames)
    }

    private init(frames: @escaping @MainActor @Sendable ([Size], Rect) -> [Rect]) {
        alignment = nil
        distribution = .packed
        spacing = nil
        self.frames = frames
    }

    /// Whether the app computes the frames.
    public var isCustom: Bool { frames != nil }

    // MARK: - Placing

    /// The starts of `lengths` laid along `start…start + length`, `spacing` apart at least;
    /// `middle` is where centred widgets centre (clamped so that they stay inside).
    func starts(
        of lengths: [Double], from start: Double, length: Double, spacing: Double, middle: Double,
        alignment: Alignment
    ) -> [Double] {
        let count = Double(lengths.count)
        let sum = lengths.reduce(0, +)
        let room = max(0, length - sum)
        var gap = spacing
        var first: Double
        switch distribution {
        case .spaceBetween where lengths.count > 1:
            gap = max(spacing, room / (count - 1))
            first = start
        case .spaceEvenly where room / (count + 1) >= spacing:
            gap = room / (count + 1)
            first = start + gap
        case .spaceEvenly:
            first = start + max(0, (room - spacing * (count - 1)) / 2)
        default:
            let total = sum + spacing * max(0, count - 1)
            switch alignment {
            case .leading: first = start
            case .trailing: first = start + length - total
            case .center: first = min(max(middle - total / 2, start), start + length - total)
            }
        }
        var position = first
        return lengths.map { itemLength in
            defer { position += itemLength + gap }
            return position
        }
    }

    /// The app's frames for `sizes` in `slot`, checked: moved and shrunk into `slot`, the ones
    /// that are not finite, empty or overlap an earlier one dropped. Returns the index of each kept
    /// widget with its frame.
    @MainActor
    func checkedFrames(for sizes: [Size], in slot: Rect) -> [(index: Int, frame: Rect)] {
        guard let frames else { return [] }
        var kept: [(index: Int, frame: Rect)] = []
        for (index, frame) in zip(sizes.indices, frames(sizes, slot)) {
            let values = [frame.minX, frame.minY, frame.width, frame.height]
            guard values.allSatisfy(\.isFinite) else { continue }
            let width = min(max(0, frame.width), slot.width)
            let height = min(max(0, frame.height), slot.height)
            let x = min(max(frame.minX, slot.minX), slot.maxX - width)
            let y = min(max(frame.minY, slot.minY), slot.maxY - height)
            let placed = Rect(x: x, y: y, width: width, height: height)
            guard !placed.isEmpty, !kept.contains(where: { $0.frame.intersects(placed) }) else { continue }
            kept.append((index, placed))
        }
        return kept
    }
}
