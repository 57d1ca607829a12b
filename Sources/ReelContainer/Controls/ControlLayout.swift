/// Where the control widgets go: frames for the widgets of every slot inside an area.
///
/// Rows (`top1`, `top2`, `bottom1` … `bottom3`) run leading to trailing across the area;
/// flexible widgets share the width left over. Columns (`left`, `right`) are centred
/// vertically in the band between the top and bottom regions, and the `center` row is centred
/// in the area, between the columns. Each slot's ``SlotLayout`` may align and distribute its
/// widgets otherwise, or compute their frames. What does not fit is left out, trailing widgets
/// first, then whole rows (`top2`, `bottom3`, `bottom2`, `top1`, `bottom1`), so every frame
/// lies inside the area and no two frames overlap.
@MainActor
public struct ControlLayout {
    /// A widget with its size wish.
    public struct Measured {
        /// The widget.
        public var widget: any Widget
        /// What it measured.
        public var size: Size
        /// Whether it stretches.
        public var isFlexible: Bool

        /// Creates a measured widget.
        public init(widget: any Widget, size: Size, isFlexible: Bool) {
            self.widget = widget
            self.size = size
            self.isFlexible = isFlexible
        }
    }

    /// A widget with its frame.
    public struct Item {
        /// The widget.
        public let widget: any Widget
        /// Where it draws.
        public let frame: Rect
    }

    /// The area laid out (the video area less the insets).
    public let area: Rect
    /// The placed widgets of each slot, in order.
    public private(set) var items: [ControlSlot: [Item]] = [:]
    /// Space between widgets.
    public let spacing: Double

    /// Nothing placed.
    public static let empty = ControlLayout(area: .zero)

    private init(area: Rect) {
        self.area = area
        spacing = 0
    }

    /// Lays out `slots` inside `area`, each slot by its `layouts` entry (the standard layout
    /// when it has none).
    public init(
        area: Rect, slots: [ControlSlot: [Measured]], spacing: Double, rowSpacing: Double,
        layouts: [ControlSlot: SlotLayout] = [:]
    ) {
        self.area = area
        self.spacing = spacing
        func layout(_ slot: ControlSlot) -> SlotLayout { layouts[slot] ?? SlotLayout() }
        func gap(_ slot: ControlSlot) -> Double { layout(slot).spacing ?? spacing }
        let rowSlots: [ControlSlot] = [.top1, .top2, .bottom1, .bottom2, .bottom3]
        var rows: [ControlSlot: [(Measured, Double)]] = [:]
        for slot in rowSlots {
            let widgets = slots[slot] ?? []
            let fitted =
                layout(slot).isCustom
                ? widgets.map { ($0, $0.size.width) }
                : Self.fitRow(widgets, width: area.width, spacing: gap(slot), stretch: true)
            if !fitted.isEmpty { rows[slot] = fitted }
        }
        func height(_ slot: ControlSlot) -> Double { rows[slot]?.map(\.0.size.height).max() ?? 0 }
        func regionHeight(_ region: [ControlSlot]) -> Double {
            let present = region.filter { rows[$0] != nil }
            return present.map(height).reduce(0, +) + rowSpacing * Double(max(0, present.count - 1))
        }
        let top: [ControlSlot] = [.top1, .top2]
        let bottom: [ControlSlot] = [.bottom1, .bottom2, .bottom3]
        for slot in [ControlSlot.top2, .bottom3, .bottom2, .top1, .bottom1]
        where regionHeight(top) + regionHeight(bottom) + rowSpacing > area.height {
            rows[slot] = nil
        }
        var y = area.minY
        for slot in top {
            if let row = rows[slot] {
                y =
                    place(row, in: slot, y: y, height: height(slot), layout: layout(slot), spacing: gap(slot))
                    + rowSpacing
            }
        }
        let bandTop = rows[.top1] != nil || rows[.top2] != nil ? y : area.minY
        let bottomHeight = regionHeight(bottom)
        y = area.maxY - bottomHeight
        let bandBottom = bottomHeight > 0 ? y - rowSpacing : area.maxY
        for slot in bottom {
            if let row = rows[slot] {
                y =
                    place(row, in: slot, y: y, height: height(slot), layout: layout(slot), spacing: gap(slot))
                    + rowSpacing
            }
        }
        let band = Rect(x: area.minX, y: bandTop, width: area.width, height: max(0, bandBottom - bandTop))
        let left = placeColumn(slots[.left] ?? [], in: .left, band: band, layout: layout(.left), spacing: gap(.left))
        let right = placeColumn(
            slots[.right] ?? [], in: .right, band: band, layout: layout(.right), spacing: gap(.right))
        placeCenter(
            slots[.center] ?? [], band: band, between: (left + spacing, right - spacing), layout: layout(.center),
            spacing: gap(.center))
    }

    /// The frames of `slot`'s placed widgets, in order.
    public func frames(in slot: ControlSlot) -> [Rect] { items[slot]?.map(\.frame) ?? [] }

    /// The smallest rectangle around `region`'s widgets, if it has any.
    public func frame(of region: ControlRegion) -> Rect? {
        let rects = region.slots.flatMap { self.frames(in: $0) }
        guard let first = rects.first else { return nil }
        let minX = rects.map(\.minX).min() ?? first.minX
        let minY = rects.map(\.minY).min() ?? first.minY
        let maxX = rects.map(\.maxX).max() ?? first.maxX
        let maxY = rects.map(\.maxY).max() ?? first.maxY
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Every placed widget, in drawing order, with its slot.
    public var allItems: [(slot: ControlSlot, item: Item)] {
        ControlSlot.allCases.flatMap { slot in (items[slot] ?? []).map { (slot, $0) } }
    }

    // MARK: - Rows and columns

    /// The widgets that fit in `width`, with their widths (flexible ones stretched).
    static func fitRow(_ widgets: [Measured], width: Double, spacing: Double, stretch: Bool) -> [(Measured, Double)] {
        var kept = widgets
        func total(_ list: [Measured]) -> Double {
            list.map(\.size.width).reduce(0, +) + spacing * Double(max(0, list.count - 1))
        }
        while !kept.isEmpty && total(kept) > width { kept.removeLast() }
        let flexible = kept.filter(\.isFlexible).count
        let extra = stretch && flexible > 0 ? (width - total(kept)) / Double(flexible) : 0
        return kept.map { ($0, $0.size.width + ($0.isFlexible ? extra : 0)) }
    }

    /// Places a row at `y`; returns its bottom edge.
    private mutating func place(
        _ row: [(Measured, Double)], in slot: ControlSlot, y: Double, height: Double, layout: SlotLayout,
        spacing: Double
    ) -> Double {
        let rect = Rect(x: area.minX, y: y, width: area.width, height: height)
        if layout.isCustom {
            items[slot] = Self.custom(row.map(\.0), layout: layout, in: rect)
            return y + height
        }
        let xs = layout.starts(
            of: row.map(\.1), from: rect.minX, length: rect.width, spacing: spacing, middle: rect.midX,
            alignment: layout.alignment ?? .leading)
        items[slot] = zip(row, xs).map { entry, x in
            let (measured, width) = entry
            let h = measured.size.height
            return Item(widget: measured.widget, frame: Rect(x: x, y: y + (height - h) / 2, width: width, height: h))
        }
        return y + height
    }

    /// Places a column in `band` at the area's edge; returns its inner edge (the right edge of
    /// the left column, the left edge of the right one), or the area's edge when empty.
    private mutating func placeColumn(
        _ widgets: [Measured], in slot: ControlSlot, band: Rect, layout: SlotLayout, spacing: Double
    ) -> Double {
        let isLeft = slot == .left
        let edge = isLeft ? area.minX : area.maxX
        if layout.isCustom {
            let half = area.width / 2
            let rect = Rect(x: isLeft ? area.minX : area.maxX - half, y: band.minY, width: half, height: band.height)
            let placed = Self.custom(widgets, layout: layout, in: rect)
            guard !placed.isEmpty else { return edge }
            items[slot] = placed
            return isLeft ? placed.map(\.frame.maxX).max() ?? edge : placed.map(\.frame.minX).min() ?? edge
        }
        var kept: [Measured] = []
        var height = 0.0
        for widget in widgets {
            let next = height + (kept.isEmpty ? 0 : spacing) + widget.size.height
            guard next <= band.height, widget.size.width <= area.width / 2 else { break }
            kept.append(widget)
            height = next
        }
        guard !kept.isEmpty else { return edge }
        let width = kept.map(\.size.width).max() ?? 0
        let ys = layout.starts(
            of: kept.map(\.size.height), from: band.minY, length: band.height, spacing: spacing, middle: band.midY,
            alignment: layout.alignment ?? .center)
        items[slot] = zip(kept, ys).map { widget, y in
            let x = isLeft ? area.minX : area.maxX - widget.size.width
            return Item(widget: widget.widget, frame: Rect(origin: Point(x: x, y: y), size: widget.size))
        }
        return isLeft ? area.minX + width : area.maxX - width
    }

    /// Places the centre row in the middle of the area, inside `band` and between the columns.
    private mutating func placeCenter(
        _ widgets: [Measured], band: Rect, between range: (Double, Double), layout: SlotLayout, spacing: Double
    ) {
        let lower = max(area.minX, range.0)
        let upper = min(area.maxX, range.1)
        if layout.isCustom {
            let rect = Rect(x: lower, y: band.minY, width: max(0, upper - lower), height: band.height)
            let placed = Self.custom(widgets, layout: layout, in: rect)
            if !placed.isEmpty { items[.center] = placed }
            return
        }
        let row = Self.fitRow(widgets, width: max(0, upper - lower), spacing: spacing, stretch: false)
        let height = row.map(\.0.size.height).max() ?? 0
        guard !row.isEmpty, height <= band.height else { return }
        let xs = layout.starts(
            of: row.map(\.1), from: lower, length: upper - lower, spacing: spacing, middle: area.midX,
            alignment: layout.alignment ?? .center)
        let y = min(max(area.midY - height / 2, band.minY), band.maxY - height)
        items[.center] = zip(row, xs).map { entry, x in
            let (measured, itemWidth) = entry
            let h = measured.size.height
            return Item(
                widget: measured.widget, frame: Rect(x: x, y: y + (height - h) / 2, width: itemWidth, height: h))
        }
    }

    /// The app's frames for `widgets` in `rect`, checked (``SlotLayout/custom(_:)``).
    private static func custom(_ widgets: [Measured], layout: SlotLayout, in rect: Rect) -> [Item] {
        layout.checkedFrames(for: widgets.map(\.size), in: rect).map {
            Item(widget: widgets[$0.index].widget, frame: $0.frame)
        }
    }
}
