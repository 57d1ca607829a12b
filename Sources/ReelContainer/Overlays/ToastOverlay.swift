/// Queued toasts, stacked from the bottom left of the video area; each goes after its duration
/// (counted from when it appears), and the next queued one takes its place.
///
/// Toasts come and go with ``transition``: by default they slide in from the left edge and fade
/// out (VideoPlayerContainer's toasts), 0.2 s each way. A toast on its way out keeps its place
/// in the stack until it has gone.
@MainActor
public final class ToastOverlay: Service, Overlay {
    private struct Shown {
        var toast: Toast
        var since: Double
        var visibility: Tween
        var isLeaving: Bool { visibility.to == 0 }
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
    /// How toasts come and go (a slide from the left edge in, a fade out, by default).
    public var transition = Transition.asymmetric(insertion: .move(edge: .left), removal: .opacity)

    /// Creates the overlay.
    public init(context: Context) { self.context = context }

    /// Removes every toast.
    public func stop() {
        shown = []
        queued = []
    }

    /// The toasts shown now, oldest first (not those on their way out).
    public var visible: [Toast] { shown.filter { !$0.isLeaving }.map(\.toast) }

    /// Shows `toast` now, or queues it when ``maximumVisible`` toasts show.
    public func show(_ toast: Toast) {
        if visible.count < maximumVisible {
            appear(toast, at: context?.now ?? 0)
        } else {
            queued.append(toast)
        }
        context?.setNeedsDisplay()
    }

    private func appear(_ toast: Toast, at time: Double) {
        let visibility = Tween.constant(0).retargeted(to: 1, at: time, animation: transition.insertionAnimation)
        shown.append(Shown(toast: toast, since: time, visibility: visibility))
    }

    /// Removes every toast at once.
    public func removeAll() {
        stop()
        context?.setNeedsDisplay()
    }

    /// The frames of the toasts drawn now (those on their way out too), oldest (lowest) first,
    /// where they rest.
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

    /// Draws the toasts as they look on their way.
    public func draw(in canvas: any Canvas, context: WidgetContext) {
        for (entry, frame) in zip(shown, frames(context: context)) where entry.visibility.value(at: context.time) > 0 {
            let moving = transition.canvas(
                over: canvas, entry.visibility, at: context.time, frame: frame, area: context.contentFrame)
            entry.toast.content.draw(in: moving, frame: frame, context: context)
        }
    }

    /// Sends expired toasts out, removes those whose way out has ended, and shows queued ones in
    /// their place.
    public func update(context: WidgetContext) -> Bool {
        let time = context.time
        var changed = false
        for index in shown.indices
        where !shown[index].isLeaving
            && Timing.hasElapsed(shown[index].toast.duration, since: shown[index].since, at: time)
        {
            shown[index].visibility = shown[index].visibility.retargeted(
                to: 0, at: time, animation: transition.removalAnimation)
            changed = true
        }
        let before = shown.count
        shown.removeAll { $0.isLeaving && !$0.visibility.isRunning(at: time) }
        changed = changed || shown.count != before
        while visible.count < maximumVisible, !queued.isEmpty {
            appear(queued.removeFirst(), at: time)
            changed = true
        }
        for entry in shown where entry.toast.content.update(in: context) { changed = true }
        return changed
    }

    /// When a toast's time is up, one's way out ends (it is removed and a queued one takes its
    /// place), or a toast's content asks.
    public func nextUpdate(context: WidgetContext) -> Double? {
        let time = context.time
        return Timing.earliest(
            shown.flatMap { entry in
                [
                    entry.isLeaving ? entry.visibility.end(after: time) ?? time : entry.since + entry.toast.duration,
                    entry.toast.content.nextUpdate(in: context),
                ]
            })
    }

    /// Whether a toast is on its way in or out, or animates.
    public func isAnimating(context: WidgetContext) -> Bool {
        shown.contains { $0.visibility.isRunning(at: context.time) || $0.toast.content.isAnimating(in: context) }
    }
}
