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
    private var pressedRow: Int?
    private var hoveredRow: Int?

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

    /// The frame of entry `index` inside `frame`.
    public func rowFrame(_ index: Int, in frame: Rect) -> Rect {
        Rect(
            x: frame.minX, y: frame.minY + headerHeight + rowHeight * Double(index), width: frame.width,
            height: rowHeight)
    }

    private func row(at point: Point, in frame: Rect, count: Int) -> Int? {
        guard frame.contains(point), point.y >= frame.minY + headerHeight else { return nil }
        let index = Int((point.y - frame.minY - headerHeight) / rowHeight)
        return index < count ? index : nil
    }

    /// Draws the title and the entries; the pressed, hovered or focused one highlighted.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        let theme = context.theme
        canvas.drawText(
            title, at: Point(x: frame.minX + 16, y: frame.minY + headerHeight / 2), font: theme.titleFont,
            color: theme.foreground, alignment: .leading)
        let focused = context[FocusService.self].focusedEntry(of: self)
        for (index, item) in items(context).enumerated() {
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
    }

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
        default:
            return false
        }
    }
}
