import ReelComposable
import ReelCore

/// Keyboard focus: which control widget, or which entry of the open menu, the keyboard is on —
/// or none. The container owns it (``PlayerContainer/focus``) and draws a focus ring around it.
///
/// | key | without focus | with focus |
/// | --- | --- | --- |
/// | Tab, Shift-Tab | shows the controls and focuses the first (last) focusable widget | the next (previous) one in reading order, round the ends |
/// | ← → ↑ ↓ | mpv's seeks (``KeyBindings/mpv``) | the nearest widget that way; the focused widget's own keys first (the seek bar scrubs with ← →, the volume steps with ↑ ↓) |
/// | ↑ ↓ with a menu open | the menu's current entry | the entry above or below |
/// | Enter | the next item | activates the widget or chooses the entry |
/// | Space | plays or pauses | activates a button (the seek bar plays or pauses) |
/// | Escape | closes a menu, or leaves fullscreen | closes the menu (focus goes back to its button), then drops focus |
///
/// Reading order is the slots top to bottom — `top1`, `top2`, the `left` column, the `center`
/// row, the indicators (``ContainerConfiguration/indicators``: the error view's Retry button),
/// the `right` column, `bottom1` to `bottom3` — each leading to trailing. Only widgets
/// that are ``Widget/isFocusable`` and laid out now take focus; the indicators take it with
/// the controls hidden too (a failed item shows Retry alone); one that leaves the layout
/// (hidden by the state, or another status's widgets) hands focus to the nearest focusable
/// widget, and a relayout keeps it on the same widget. Opening a menu from a focused button
/// focuses the menu's current (checked) entry; choosing an entry or Escape gives focus back to
/// the button.
///
/// ## Auto-hide and the mouse
/// While a control has focus the controls stay shown: the auto-hide countdown is held, as it
/// is during a drag, so the ring never sits on hidden controls and a slow reader never loses
/// the control they are on. Escape (or the mouse) drops focus and the countdown runs again.
/// Controls hidden another way (a tap, the app's `.controls(.hideRequested)`) drop focus. Using the mouse —
/// a press, a move, the wheel — drops the ring, as browsers do with `:focus-visible`.
///
/// ```swift
/// let container = PlayerContainer(player: player)
/// let play = PlayPauseButton(style: .large)
/// container.controls.configuration.setWidgets([play], in: .center)
/// container.layout(size: Size(width: 1280, height: 720), scale: 1)
/// container.focus.move(to: play)  // a TV app's default focus: Enter plays
/// ```
@MainActor
public final class FocusService: Service {
    private struct ControlFocus {
        weak var widget: (any Widget)?
        /// Where the widget was last laid out: focus goes to the nearest widget from here when
        /// it leaves the layout.
        var frame: Rect
    }

    private struct MenuFocus {
        weak var menu: MenuWidget?
        var entry: Int
        /// The control that opened the menu, which focus goes back to when the menu closes.
        var opener: ControlFocus?
    }

    private enum Target {
        case control(ControlFocus)
        case menu(MenuFocus)
    }

    private weak var context: Context?
    private var target: Target?
    /// Where vertical moves measure from across: the middle of the widget a horizontal move,
    /// Tab or ``move(to:)`` last reached (so ↓ then ↑ comes back).
    private var anchorX: Double?
    /// The pointer's last position: a move away from it is mouse use.
    private var lastPointer: Point?

    /// Creates the service, with nothing focused.
    public init(context: Context) { self.context = context }

    /// Drops focus.
    public func stop() { target = nil }

    // MARK: - What has focus

    /// The control widget with focus, if any.
    public var focusedWidget: (any Widget)? {
        if case .control(let focus) = target { focus.widget } else { nil }
    }

    /// The entry of the open menu with focus (an index into its entries), if any.
    public var focusedMenuEntry: Int? {
        if case .menu(let focus) = target { focus.entry } else { nil }
    }

    /// Whether a widget or a menu entry has focus (and a ring shows).
    public var isActive: Bool { target != nil }

    /// Whether `widget` has focus: a widget draws itself focused (the seek bar grows).
    public func isFocused(_ widget: any Widget) -> Bool { focusedWidget === widget }

    /// The entry of `menu` with focus, if `menu` is the open menu and one of its entries has it.
    func focusedEntry(of menu: MenuWidget) -> Int? {
        if case .menu(let focus) = target, focus.menu === menu { focus.entry } else { nil }
    }

    /// Whether focus is on a control (not an indicator): the controls stay shown.
    var holdsControls: Bool {
        guard case .control(let focus) = target, let widget = focus.widget else { return false }
        return isControl(widget)
    }

    /// Whether `widget` is in the controls' last layout (not an indicator).
    private func isControl(_ widget: any Widget) -> Bool {
        controls?.layout.allItems.contains { $0.item.widget === widget } ?? false
    }

    // MARK: - Moving focus

    /// Focuses `widget` when it is focusable and laid out now: a control (the controls are
    /// shown for it) or a shown indicator (the error view's Retry). Returns whether it took
    /// focus.
    @discardableResult
    public func move(to widget: any Widget) -> Bool {
        guard widget.isFocusable, let context else { return false }
        let widgets = context.widgetContext()
        // A control shows the controls; an indicator shows without them.
        if let controls, !controls.isPresented, isControl(widget) { controls.present() }
        guard let item = focusables(widgets).first(where: { $0.widget === widget }) else { return false }
        anchorX = item.frame.midX
        set(.control(ControlFocus(widget: item.widget, frame: item.frame)))
        return true
    }

    /// Moves focus as a key would (Tab, Shift-Tab, an arrow); with nothing focused, focuses the
    /// open menu's current entry, or the first focusable control (the last for
    /// ``FocusMove/previous``), showing the controls. Returns whether anything has focus.
    @discardableResult
    public func move(_ move: FocusMove) -> Bool {
        guard let context else { return false }
        let widgets = context.widgetContext()
        resolve(widgets)
        _ = self.move(move, widgets)
        return isActive
    }

    /// Drops focus: no ring, and the keys are mpv's again.
    public func removeFocus() { set(nil) }

    // MARK: - The container's side

    /// Notes pointer use, which drops focus: a press, the wheel, a pinch, or a move away from
    /// where the pointer was.
    func observe(_ event: InputEvent) {
        switch event {
        case .pointerDown(let point, _, _):
            set(nil)
            lastPointer = point
        case .pointerUp(let point, _, _):
            lastPointer = point
        case .pointerMoved(let point, _):
            if let lastPointer, lastPointer != point { set(nil) }
            lastPointer = point
        case .pointerExited:
            lastPointer = nil
        case .scroll, .magnify:
            set(nil)
        case .keyDown, .keyUp, .tick, .drop:
            break
        }
    }

    /// Brings focus in line with what shows now: a menu that opened takes it, a menu that
    /// closed gives it back to its button, a widget that left the layout hands it to the
    /// nearest one, and hidden controls drop it.
    func resolve(_ widgets: WidgetContext) {
        guard let target else { return }
        set(resolved(target, widgets))
    }

    /// Handles a key for focus; true when focus took it. The focused widget sees it first.
    func handleKey(_ key: Key, modifiers: KeyModifiers, context widgets: WidgetContext) -> Bool {
        guard modifiers.isSubset(of: .shift) else { return false }
        resolve(widgets)
        if case .control(let focus) = target, let widget = focus.widget,
            widget.handle(.keyDown(key, modifiers: modifiers, time: widgets.time), in: focus.frame, context: widgets)
        {
            context?.setNeedsDisplay()
            return true
        }
        switch key {
        case .tab:
            return move(modifiers.contains(.shift) ? .previous : .next, widgets)
        case .up, .down, .left, .right:
            let opensMenu = presentedMenu != nil && (key == .up || key == .down)
            guard target != nil || opensMenu else { return false }
            _ = move(Self.move(for: key), widgets)
            return true
        case .enter, .space:
            return activate(widgets)
        case .escape:
            return escape(widgets)
        case .character, .pageUp, .pageDown:
            return false
        }
    }

    /// Draws the ring around the focused widget (faded, slid and scaled with its region) or menu
    /// entry.
    func drawRing(in canvas: any Canvas, context widgets: WidgetContext) {
        resolve(widgets)
        switch target {
        case nil:
            return
        case .control(let focus):
            guard let widget = focus.widget else { return }
            // A control's ring moves with its region (faded, slid, scaled); an indicator's does not.
            let target: any Canvas
            if let slot = controls?.layout.allItems.first(where: { $0.item.widget === widget })?.slot {
                guard let moving = controls?.canvas(for: slot.region, over: canvas, context: widgets) else { return }
                target = moving
            } else {
                target = canvas
            }
            FocusRing.draw(around: widget.focusFrame(in: focus.frame), in: target, theme: widgets.theme)
        case .menu(let focus):
            guard let (menu, frame) = presentedMenu, menu === focus.menu else { return }
            canvas.pushClip(menu.listFrame(in: frame))
            FocusRing.draw(
                within: menu.rowFrame(focus.entry, in: frame).insetBy(dx: FocusRing.gap, dy: 1), in: canvas,
                theme: widgets.theme)
            canvas.popClip()
        }
    }

    // MARK: - Private

    private var controls: ControlOverlay? {
        guard let context, context.enabledLayers.contains(.control) else { return nil }
        return context[ControlOverlay.self]
    }

    private var features: FeatureOverlay? { context?[FeatureOverlay.self] }

    /// Whether the controls show, or a panel will show them again as it goes.
    private var controlsShown: Bool {
        guard let controls else { return false }
        return controls.isPresented || features?.panel != nil
    }

    /// The open menu (shown or sliding in) and its panel's frame now.
    private var presentedMenu: (menu: MenuWidget, frame: Rect)? {
        guard let context, context.enabledLayers.contains(.feature), let features = features, features.isPresented,
            let panel = features.panel, let menu = panel.content as? MenuWidget
        else { return nil }
        return (menu, panel.frame(in: context.bounds, progress: features.progress))
    }

    /// The focusable widgets laid out now, in reading order: the controls' (from their last
    /// layout) while they show (or a panel will show them again), with the indicators after the
    /// centre row.
    private func focusables(_ widgets: WidgetContext, includingControls: Bool = true) -> [ControlLayout.Item] {
        let indicators = IndicatorOverlay.place(context?.configuration.indicators ?? [], in: widgets).map {
            ControlLayout.Item(widget: $0.widget, frame: $0.frame)
        }
        guard let controls, includingControls, controlsShown else {
            return indicators.filter { $0.widget.isFocusable }
        }
        return FocusNavigation.readingOrder.flatMap { slot in
            (controls.layout.items[slot] ?? []) + (slot == .center ? indicators : [])
        }.filter { $0.widget.isFocusable }
    }

    private static func move(for key: Key) -> FocusMove {
        switch key {
        case .up: .up
        case .down: .down
        case .left: .left
        default: .right
        }
    }

    /// The checked entry of `menu`, or its first.
    private static func currentEntry(of menu: MenuWidget, _ widgets: WidgetContext) -> Int {
        menu.items(widgets).firstIndex(where: \.isChecked) ?? 0
    }

    private func resolved(_ target: Target, _ widgets: WidgetContext) -> Target? {
        switch target {
        case .menu(var focus):
            guard let (menu, _) = presentedMenu else {
                return focus.opener.flatMap { resolved(.control($0), widgets) }
            }
            if focus.menu !== menu {
                // A submenu replaced the menu (or the menu just opened): its current entry.
                focus.menu = menu
                focus.entry = Self.currentEntry(of: menu, widgets)
            }
            focus.entry = max(0, min(focus.entry, menu.items(widgets).count - 1))
            return .menu(focus)
        case .control(var focus):
            if let (menu, _) = presentedMenu {
                return .menu(MenuFocus(menu: menu, entry: Self.currentEntry(of: menu, widgets), opener: focus))
            }
            // Hidden controls drop focus, except behind a panel, which shows them again as it
            // goes; a shown indicator keeps it.
            let items = focusables(widgets)
            if let item = items.first(where: { $0.widget === focus.widget }) {
                focus.frame = item.frame
                return .control(focus)
            }
            guard controlsShown, let nearest = FocusNavigation.nearest(to: focus.frame, in: items.map(\.frame)) else {
                return nil
            }
            return .control(ControlFocus(widget: items[nearest].widget, frame: items[nearest].frame))
        }
    }

    private func move(_ move: FocusMove, _ widgets: WidgetContext) -> Bool {
        switch target {
        case nil:
            return start(reverse: move == .previous, widgets)
        case .menu(var focus):
            guard let count = focus.menu?.items(widgets).count, count > 0 else { return true }
            switch move {
            case .next: focus.entry = (focus.entry + 1) % count
            case .previous: focus.entry = (focus.entry + count - 1) % count
            case .down: focus.entry = min(count - 1, focus.entry + 1)
            case .up: focus.entry = max(0, focus.entry - 1)
            case .left, .right: break
            }
            set(.menu(focus))
            return true
        case .control(let focus):
            let items = focusables(widgets)
            guard let origin = items.firstIndex(where: { $0.widget === focus.widget }),
                let index = FocusNavigation.target(
                    of: move, from: origin, in: items.map(\.frame), anchorX: anchorX)
            else { return true }
            let frame = items[index].frame
            switch move {
            case .up, .down: anchorX = min(frame.maxX, max(frame.minX, anchorX ?? focus.frame.midX))
            case .next, .previous, .left, .right: anchorX = frame.midX
            }
            set(.control(ControlFocus(widget: items[index].widget, frame: frame)))
            return true
        }
    }

    /// Focus from nothing: the open menu's current entry, or the first (last) control, shown.
    private func start(reverse: Bool, _ widgets: WidgetContext) -> Bool {
        if let (menu, _) = presentedMenu {
            set(.menu(MenuFocus(menu: menu, entry: Self.currentEntry(of: menu, widgets), opener: nil)))
            return true
        }
        // A panel that hid the controls keeps them hidden, and their widgets out of reach.
        if let controls, !controls.isPresented, features?.isPresented != true { controls.present() }
        let items = focusables(widgets, includingControls: controls?.isPresented == true)
        guard let item = reverse ? items.last : items.first else { return false }
        anchorX = item.frame.midX
        set(.control(ControlFocus(widget: item.widget, frame: item.frame)))
        return true
    }

    /// Enter or Space: the focused widget's activation, or a click on the focused entry.
    private func activate(_ widgets: WidgetContext) -> Bool {
        switch target {
        case nil:
            return false
        case .control(let focus):
            focus.widget?.activate(in: focus.frame, context: widgets)
        case .menu(let focus):
            guard let (menu, frame) = presentedMenu, menu === focus.menu, focus.entry < menu.items(widgets).count
            else { return true }
            // Shown before it is clicked (a window made smaller since may have scrolled it away).
            menu.scrollToReveal(focus.entry, in: frame)
            menu.click(at: menu.rowFrame(focus.entry, in: frame).center, in: frame, context: widgets)
        }
        context?.setNeedsDisplay()
        // What the activation opened (a menu) or closed takes effect now.
        resolve(widgets)
        return true
    }

    /// Escape: closes the focused menu (focus goes back to its button), or drops focus; an
    /// open panel without focus in it is the feature overlay's to close.
    private func escape(_ widgets: WidgetContext) -> Bool {
        switch target {
        case nil:
            return false
        case .menu:
            features?.dismiss()
            resolve(widgets)
            return true
        case .control:
            if features?.isPresented == true { return false }
            set(nil)
            return true
        }
    }

    /// Sets the target, asking for a redraw when what has focus (or where) changed.
    private func set(_ new: Target?) {
        let changed: Bool =
            switch (target, new) {
            case (nil, nil): false
            case (.control(let old), .control(let new)): old.widget !== new.widget || old.frame != new.frame
            case (.menu(let old), .menu(let new)): old.menu !== new.menu || old.entry != new.entry
            default: true
            }
        target = new
        guard changed else { return }
        // A focused entry below (or above) what shows scrolls into view.
        if case .menu(let focus) = new, let (menu, frame) = presentedMenu, menu === focus.menu {
            menu.scrollToReveal(focus.entry, in: frame)
        }
        context?.setNeedsDisplay()
    }
}
