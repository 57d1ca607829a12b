import ReelComposable
import ReelCore

/// Shows the item's title, and its subtitle (``/ReelCore/MediaItem/subtitle``) after a dash,
/// truncated to its frame; hidden without a title.
@MainActor
public final class TitleBar: Widget {
    /// Creates a title bar.
    public init() {}

    /// Shown while the item has a title.
    public func isVisible(in context: WidgetContext) -> Bool { context.state.playback.title?.isEmpty == false }

    /// The title, then the item's subtitle when it has one.
    static func text(of playback: PlaybackInfo) -> String? {
        guard let title = playback.title else { return nil }
        guard let subtitle = playback.item?.subtitle, !subtitle.isEmpty else { return title }
        return "\(title) — \(subtitle)"
    }

    /// Up to 120 px of the title's width; it stretches to the rest of the row.
    public func measure(in context: WidgetContext) -> Size {
        let text = context.measureText(Self.text(of: context.state.playback) ?? "", font: context.theme.titleFont)
        return Size(width: min(text.width, 120), height: max(28, text.height))
    }

    /// Stretches.
    public var isFlexible: Bool { true }

    /// Draws the title clipped to the frame.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        guard let title = Self.text(of: context.state.playback) else { return }
        canvas.pushClip(frame)
        canvas.drawText(
            title, at: Point(x: frame.minX, y: frame.midY), font: context.theme.titleFont,
            color: context.theme.foreground, alignment: .leading)
        canvas.popClip()
    }
}
