import Foundation
import ReelComposable

/// A rotating arc while ``BufferingIndicatorService`` says so.
@MainActor
public final class BufferingSpinner: Widget {
    /// The spinner's diameter.
    public var diameter = 48.0

    /// Creates a spinner.
    public init() {}

    /// A square of ``diameter``.
    public func measure(in context: WidgetContext) -> Size { Size(width: diameter, height: diameter) }

    /// Shown while the service says so.
    public func isVisible(in context: WidgetContext) -> Bool { context[BufferingIndicatorService.self].isVisible }

    /// Feeds the state to the service.
    public func update(in context: WidgetContext) -> Bool {
        context[BufferingIndicatorService.self].update(state: context.state, time: context.time)
    }

    /// When the service's delay ends.
    public func nextUpdate(in context: WidgetContext) -> Double? {
        context[BufferingIndicatorService.self].showsAt
    }

    /// Animates while shown.
    public func isAnimating(in context: WidgetContext) -> Bool { isVisible(in: context) }

    /// Draws a track circle and an arc that turns with time.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        let radius = min(frame.width, frame.height) / 2 - 3
        let center = frame.center
        var ring = Path()
        ring.move(to: Point(x: center.x + radius, y: center.y))
        ring.arc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi)
        canvas.stroke(ring, color: context.theme.track, lineWidth: 4)
        let start = context.time.truncatingRemainder(dividingBy: 1) * 2 * .pi
        var arc = Path()
        arc.move(to: Point(x: center.x + radius * cos(start), y: center.y + radius * sin(start)))
        arc.arc(center: center, radius: radius, startAngle: start, endAngle: start + 1.6 * .pi / 2)
        canvas.stroke(arc, color: context.theme.foreground, lineWidth: 4)
    }
}
