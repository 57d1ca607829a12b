import Foundation

/// Shows one ``FeaturePanel`` at a time, sliding in from its edge (timed by its
/// ``FeaturePanel/animation``); squeeze panels shrink the video area.
///
/// A tap outside the panel (the backdrop) or a status change dismisses it when the panel asks
/// for that, and so does Escape. While a panel shows, every press outside it is the backdrop's,
/// so it never reaches the gestures below.
@MainActor
public final class FeatureOverlay: Service, Overlay {
    private enum Phase: Equatable {
        case presenting
        case shown
        case dismissing
    }

    private weak var context: Context?
    /// The panel shown, presenting or dismissing.
    public private(set) var panel: FeaturePanel?
    private var phase = Phase.shown
    /// How far the panel has slid in: 0 out … 1 in, on its way.
    private var slide = Tween.constant(0)
    private var restoresControls = false
    private var backdropPress: Point?
    private var contentOwnsPointer = false
    /// What a panel that fits its content measured at the last draw (width or height).
    private var fittedExtent: Double?

    /// Creates the overlay.
    public init(context: Context) { self.context = context }

    /// Removes the panel at once, running its dismiss hooks.
    public func stop() {
        if panel != nil { removePanel(runBeforeDismiss: isPresented) }
    }

    private var now: Double { context?.now ?? 0 }

    /// Whether a panel is shown or sliding in (not while it slides out).
    public var isPresented: Bool {
        guard panel != nil else { return false }
        if case .dismissing = phase { return false }
        return true
    }

    /// How far the panel has slid in now, 0…1 (eased by its animation).
    public var progress: Double {
        guard panel != nil else { return 0 }
        return min(1, max(0, slide.value(at: now)))
    }

    /// The video area left in `bounds` by a squeezing panel.
    public func contentFrame(in bounds: Rect) -> Rect {
        shownPanel?.contentFrame(in: bounds, progress: progress) ?? bounds
    }

    /// The panel as laid out: grown to its content's size at the last draw when it fits its
    /// content (``FeaturePanel/fitsContent``).
    private var shownPanel: FeaturePanel? {
        guard var panel else { return nil }
        if panel.fitsContent, let fittedExtent { panel.extent = max(panel.extent, fittedExtent) }
        return panel
    }

    /// Shows `panel`, dismissing the current one at once.
    public func present(_ panel: FeaturePanel) {
        if self.panel != nil { removePanel(runBeforeDismiss: isPresented) }
        panel.hooks.beforePresent?()
        if panel.hidesControls, let controls = context?[ControlOverlay.self] {
            restoresControls = controls.isPresented
            controls.dismiss()
        } else {
            restoresControls = false
        }
        self.panel = panel
        backdropPress = nil
        contentOwnsPointer = false
        fittedExtent = nil
        phase = .presenting
        slide = Tween.constant(0).retargeted(to: 1, at: now, animation: panel.animation)
        context?.setNeedsDisplay()
        if !slide.isRunning(at: now) { finishPresenting() }
    }

    /// Slides the panel out.
    public func dismiss() {
        guard let panel, isPresented else { return }
        panel.hooks.beforeDismiss?()
        phase = .dismissing
        slide = slide.retargeted(to: 0, at: now, animation: panel.animation)
        context?.setNeedsDisplay()
        if !slide.isRunning(at: now) { removePanel(runBeforeDismiss: false) }
    }

    /// The container's status changed: dismisses a panel that asks for it.
    public func statusDidChange() {
        if panel?.dismissesOnStatusChange == true { dismiss() }
    }

    private func finishPresenting() {
        phase = .shown
        panel?.hooks.afterPresent?()
    }

    private func removePanel(runBeforeDismiss: Bool) {
        guard let panel else { return }
        if runBeforeDismiss { panel.hooks.beforeDismiss?() }
        self.panel = nil
        phase = .shown
        slide = .constant(0)
        contentOwnsPointer = false
        backdropPress = nil
        if restoresControls { context?[ControlOverlay.self].present() }
        restoresControls = false
        context?.setNeedsDisplay()
        panel.hooks.afterDismiss?()
    }

    // MARK: - Overlay

    /// Draws the panel's background and content, clipped to the panel; a panel that fits its
    /// content is measured first.
    public func draw(in canvas: any Canvas, context: WidgetContext) {
        if let fitting = panel, fitting.fitsContent {
            let size = fitting.content.measure(in: context)
            let extent = fitting.edge == .left || fitting.edge == .right ? size.width : size.height
            if extent != fittedExtent {
                fittedExtent = extent
                self.context?.setNeedsDisplay()
            }
        }
        guard let panel = shownPanel else { return }
        let frame = panel.frame(in: context.bounds, progress: progress)
        if let background = panel.background { canvas.fill(frame, color: background) }
        canvas.pushClip(frame)
        panel.content.draw(in: canvas, frame: frame, context: context)
        canvas.popClip()
    }

    /// Sends input inside the panel to its content; presses outside are the backdrop's.
    public func handle(_ event: InputEvent, context: WidgetContext) -> Bool {
        guard let panel = shownPanel, isPresented else { return false }
        let frame = panel.frame(in: context.bounds, progress: progress)
        switch event {
        case .pointerDown(let point, _, _):
            if frame.contains(point) {
                contentOwnsPointer = panel.content.handle(event, in: frame, context: context)
            } else {
                backdropPress = point
            }
            return true
        case .pointerMoved:
            let owned = contentOwnsPointer || backdropPress != nil
            if !owned || contentOwnsPointer { _ = panel.content.handle(event, in: frame, context: context) }
            return owned
        case .pointerExited:
            contentOwnsPointer = false
            backdropPress = nil
            _ = panel.content.handle(event, in: frame, context: context)
            return false
        case .pointerUp(let point, _, _):
            if contentOwnsPointer {
                contentOwnsPointer = false
                _ = panel.content.handle(event, in: frame, context: context)
                return true
            }
            guard let press = backdropPress else { return false }
            backdropPress = nil
            let slop = context.services.configuration.gestures.thresholds.tapSlop
            if panel.dismissesOnBackdropTap, hypot(point.x - press.x, point.y - press.y) <= slop { dismiss() }
            return true
        case .scroll(_, _, let point, _):
            guard frame.contains(point) else { return false }
            _ = panel.content.handle(event, in: frame, context: context)
            return true
        case .keyDown(.escape, _, _):
            dismiss()
            return true
        case .magnify(_, let point, _):
            // The panel covers the picture there: magnifying over it zooms nothing.
            return frame.contains(point)
        case .keyDown, .keyUp, .tick, .drop:
            return false
        }
    }

    /// Ends slides whose time is up, running the after-hooks.
    public func update(context: WidgetContext) -> Bool {
        guard let panel else { return false }
        var changed = panel.content.update(in: context)
        switch phase {
        case .presenting where !slide.isRunning(at: context.time):
            finishPresenting()
            changed = true
        case .dismissing where !slide.isRunning(at: context.time):
            removePanel(runBeforeDismiss: false)
            changed = true
        default: break
        }
        return changed
    }

    /// When the panel's slide ends (its after-hooks run then), or its content asks.
    public func nextUpdate(context: WidgetContext) -> Double? {
        guard let panel else { return nil }
        let arrives = phase == .shown ? nil : slide.end(after: context.time) ?? context.time
        return Timing.earliest([arrives, panel.content.nextUpdate(in: context)])
    }

    /// Whether the panel slides or its content animates.
    public func isAnimating(context: WidgetContext) -> Bool {
        guard let panel else { return false }
        return phase != .shown || panel.content.isAnimating(in: context)
    }
}
