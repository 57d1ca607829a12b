import ReelCore

/// One entry of a ``MenuWidget``.
public struct MenuItem: Equatable, Sendable {
    /// The entry's text.
    public var title: String
    /// Whether it is the current choice (drawn with a check mark).
    public var isChecked: Bool
    /// What choosing it does.
    public var action: ContainerAction

    /// Creates an entry (unchecked unless `isChecked`).
    public init(title: String, isChecked: Bool = false, action: ContainerAction) {
        self.title = title
        self.isChecked = isChecked
        self.action = action
    }
}

/// A titled list of choices, for a feature panel: choosing an entry performs its action and
/// closes the panel.
///
/// The keyboard reaches it too (``FocusService``): ↑ and ↓ move from the current entry, drawn
/// highlighted with the focus ring, and Enter or Space chooses it as a click would.
///
/// Entries that do not fit below the title scroll (a long queue, many tracks): the wheel moves
/// them three rows a step, the focused entry scrolls into view, a menu opens scrolled to its
/// checked entry, and a bar at the right edge shows where the view is.
@MainActor
public final class MenuWidget: Widget {
    /// The menu's title.
    public let title: String
    /// The entries for a state (re-read at every draw, so check marks follow the player).
    public let items: @MainActor (WidgetContext) -> [MenuItem]
    /// The height of the title row.
    public var headerHeight = 44.0
    /// The height of an entry.
    public var rowHeight = 36.0
    /// How far the entries have scrolled up, in points (0: the first entry under the title).
    public private(set) var scrollOffset = 0.0
    private var pressedRow: Int?
    private var hoveredRow: Int?
    /// Whether the entries were positioned: the checked one shown at the first draw, unless the
    /// keyboard or the wheel moved them before.
    private var revealedChecked = false

    /// Creates a menu.
    public init(title: String, items: @escaping @MainActor (WidgetContext) -> [MenuItem]) {
        self.title = title
        self.items = items
    }

    /// At least 240 px wide, wider when the title or an entry needs it (a long translation, a
    /// long track name); tall enough for every entry.
    public func measure(in context: WidgetContext) -> Size {
        let entries = items(context)
        let theme = context.theme
        let widest = entries.map { context.measureText($0.title, font: theme.labelFont).width + 40 }.max() ?? 0
        let header = context.measureText(title, font: theme.titleFont).width + 16
        return Size(width: max(240, widest + 20, header + 20), height: headerHeight + rowHeight * Double(entries.count))
    }

    /// The frame of entry `index` inside `frame`, where it is scrolled to now (it may lie
    /// outside ``listFrame(in:)``).
    public func rowFrame(_ index: Int, in frame: Rect) -> Rect {
        Rect(
            x: frame.minX, y: frame.minY + headerHeight + rowHeight * Double(index) - scrollOffset, width: frame.width,
            height: rowHeight)
    }

    /// Where the entries show and scroll inside `frame`: everything below the title.
    public func listFrame(in frame: Rect) -> Rect {
        Rect(
            x: frame.minX, y: frame.minY + headerHeight, width: frame.width, height: max(0, frame.height - headerHeight)
        )
    }

    /// Scrolls the least that shows entry `index` whole in `frame` (then the menu no longer
    /// scrolls to its checked entry at its first draw).
    public func scrollToReveal(_ index: Int, in frame: Rect) {
        revealedChecked = true
        let visible = listFrame(in: frame).height
        let top = rowHeight * Double(max(0, index))
        if top < scrollOffset {
            scrollOffset = top
        } else if top + rowHeight > scrollOffset + visible {
            scrollOffset = max(0, top + rowHeight - visible)
        }
    }

    /// The furthest the entries scroll in `frame`.
    private func maximumOffset(in frame: Rect, count: Int) -> Double {
        max(0, rowHeight * Double(count) - listFrame(in: frame).height)
    }

    private func row(at point: Point, in frame: Rect, count: Int) -> Int? {
        let list = listFrame(in: frame)
        guard list.contains(point) else { return nil }
        let index = Int((point.y - list.minY + scrollOffset) / rowHeight)
        return index < count ? index : nil
    }

    /// Draws the title and the entries that show; the pressed, hovered or focused one
    /// highlighted, and a scroll bar when they do not all fit.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        let theme = context.theme
        canvas.drawText(
            title, at: Point(x: frame.minX + 16, y: frame.minY + headerHeight / 2), font: theme.titleFont,
            color: theme.foreground, alignment: .leading)
        let entries = items(context)
        if !revealedChecked, let checked = entries.firstIndex(where: \.isChecked) {
            scrollToReveal(checked, in: frame)
        }
        revealedChecked = true
        // Fewer entries, or a taller panel, than when it scrolled.
        let maximum = maximumOffset(in: frame, count: entries.count)
        scrollOffset = min(scrollOffset, maximum)
        let list = listFrame(in: frame)
        let focused = context[FocusService.self].focusedEntry(of: self)
        // The focused entry stays in view (a smaller window; the wheel drops focus first).
        if let focused { scrollToReveal(focused, in: frame) }
        canvas.pushClip(list)
        defer { canvas.popClip() }
        let first = max(0, Int(scrollOffset / rowHeight))
        let last = min(entries.count, Int(((scrollOffset + list.height) / rowHeight).rounded(.up)))
        for index in first..<max(first, last) {
            let item = entries[index]
            let row = rowFrame(index, in: frame)
            if index == pressedRow || index == hoveredRow || index == focused {
                canvas.fill(row, color: theme.highlight)
            }
            if item.isChecked {
                canvas.draw(
                    Icons.checkmark(in: Rect(x: row.minX + 12, y: row.midY - 8, width: 16, height: 16)),
                    color: theme.accent)
            }
            canvas.drawText(
                item.title, at: Point(x: row.minX + 40, y: row.midY), font: theme.labelFont, color: theme.foreground,
                alignment: .leading)
        }
        if maximum > 0 {
            let content = rowHeight * Double(entries.count)
            let thumb = max(24, list.height * list.height / content)
            let y = list.minY + (list.height - thumb) * scrollOffset / maximum
            canvas.fill(
                Rect(x: list.maxX - 7, y: y, width: 4, height: thumb), color: theme.foreground.opacity(0.5),
                cornerRadius: 2)
        }
    }

    /// Entries scrolled by one wheel step.
    static let rowsPerScrollStep = 3.0

    /// Chooses the entry released on; highlights the one under the pointer.
    public func handle(_ event: InputEvent, in frame: Rect, context: WidgetContext) -> Bool {
        let entries = items(context)
        switch event {
        case .pointerDown(let point, .primary, _):
            pressedRow = row(at: point, in: frame, count: entries.count)
            return frame.contains(point)
        case .pointerMoved(let point, _):
            hoveredRow = row(at: point, in: frame, count: entries.count)
            return pressedRow != nil
        case .pointerUp(let point, .primary, _):
            defer { pressedRow = nil }
            guard let pressed = pressedRow, row(at: point, in: frame, count: entries.count) == pressed else {
                return false
            }
            context.perform(entries[pressed].action)
            // An entry that opens another menu (a submenu) replaces this one instead.
            if case .openMenu = entries[pressed].action { return true }
            context.perform(.closePanel)
            return true
        case .pointerExited:
            hoveredRow = nil
            pressedRow = nil
            return false
        case .scroll(_, let dy, let point, _):
            guard frame.contains(point) else { return false }
            let maximum = maximumOffset(in: frame, count: entries.count)
            scrollOffset = min(maximum, max(0, scrollOffset + dy * rowHeight * Self.rowsPerScrollStep))
            revealedChecked = true
            hoveredRow = row(at: point, in: frame, count: entries.count)
            return true
        default:
            return false
        }
    }
}
