/// Queued toasts, stacked from the bottom left of the video area; each goes after its duration
/// (counted from when it appears), and the next queued one takes its place.
@MainActor
public final class ToastOverlay: Service, Overlay {
    private struct Shown {
        var toast: Toast
        var since: Double
    }

    private weak var context: Context?
    private var shown: [Shown] = []
    /// Toasts waiting for room.
    public private(set) var queued: [Toast] = []
    /// How many toasts show at once.
    public var maximumVisible = 3
    /// Distance from the video area's edges (above the bottom controls by default).
    public var insets = Insets(top: 48, left: 16, bottom: 72, right: 16)
    /// Space between stacked toasts.
    public var spacing = 8.0

    /// Creates the overlay.
    public init(context: Context) { self.context = context }

    /// Removes every toast.
    public func stop() {
        shown = []
        queued = []
    }

    /// The toasts shown now, oldest first.
    public var visible: [Toast] { shown.map(\.toast) }

    /// Shows `toast` now, or queues it when ``maximumVisible`` toasts show.
    public func show(_ toast: Toast) {
        if shown.count < maximumVisible {
            shown.append(Shown(toast: toast, since: context?.now ?? 0))
        } else {
            queued.append(toast)
        }
        context?.setNeedsDisplay()
    }

    /// Removes every toast at once.
    public func removeAll() {
        stop()
        context?.setNeedsDisplay()
    }

    /// The frames of the visible toasts, oldest (lowest) first.
    public func frames(context: WidgetContext) -> [Rect] {
        let area = context.contentFrame.inset(by: insets)
        var bottom = area.maxY
        return shown.map { entry in
            let size = entry.toast.content.measure(in: context)
            let frame = Rect(
                x: area.minX, y: bottom - size.height, width: min(size.width, area.width), height: size.height)
            bottom = frame.minY - spacing
            return frame
        }
    }

    /// Draws the visible toasts.
    public func draw(in canvas: any Canvas, context: WidgetContext) {
        for (entry, frame) in zip(shown, frames(context: context)) {
            entry.toast.content.draw(in: canvas, frame: frame, context: context)
        }
    }

    /// Removes expired toasts and shows queued ones in their place.
    public func update(context: WidgetContext) -> Bool {
        let before = shown.count
        shown.removeAll { Timing.hasElapsed($0.toast.duration, since: $0.since, at: context.time) }
        var changed = shown.count != before
        while shown.count < maximumVisible, !queued.isEmpty {
            shown.append(Shown(toast: queued.removeFirst(), since: context.time))
            changed = true
        }
        for entry in shown where entry.toast.content.update(in: context) { changed = true }
        return changed
    }

    /// Whether a toast animates.
    public func isAnimating(context: WidgetContext) -> Bool {
        shown.contains { $0.toast.content.isAnimating(in: context) }
    }
}
