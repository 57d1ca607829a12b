import ReelComposable
import ReelCore

/// Shows the item's title, and its subtitle (``/ReelCore/MediaItem/subtitle``) after a dash; under
/// it, the item's summary (``/ReelCore/MediaItem/summary``) on one line; and before both, its
/// artwork (``ContainerConfiguration/artworkImage``) once loaded. Text that does not fit ends in
/// "…". Hidden without a title.
@MainActor
public final class TitleBar: Widget {
    /// Space between the artwork and the text, and between the two lines.
    static let gap = 8.0

    /// Creates a title bar.
    public init() {}

    /// Hidden without a title, and while the container's now-playing view
    /// (``ContainerConfiguration/nowPlaying``) shows the item — artwork, title and summary once
    /// are enough.
    public func isVisible(in context: WidgetContext) -> Bool {
        guard context.state.playback.title?.isEmpty == false else { return false }
        return context.services.configuration.nowPlaying?.isVisible(in: context) != true
    }

    /// The title, then the item's subtitle when it has one.
    static func text(of playback: PlaybackInfo) -> String? {
        guard let title = playback.title else { return nil }
        guard let subtitle = playback.item?.subtitle, !subtitle.isEmpty else { return title }
        return "\(title) — \(subtitle)"
    }

    /// The item's summary as one line, when it has one.
    static func summary(of playback: PlaybackInfo) -> String? {
        let line = (playback.item?.summary ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return line.isEmpty ? nil : line
    }

    /// The item's artwork scaled for `side` logical pixels at `scale`, once it is loaded.
    static func artwork(side: Double, scale: Double, in context: WidgetContext) -> RGBAImage? {
        guard let url = context.state.playback.item?.artworkURL,
            let image = context.services.configuration.artworkImage
        else { return nil }
        return image(url, Size(width: side * scale, height: side * scale))
    }

    /// The heights of the title's line and of the summary's (0 without a summary).
    private func lineHeights(in context: WidgetContext) -> (title: Double, summary: Double) {
        let playback = context.state.playback
        let title = context.measureText(Self.text(of: playback) ?? "", font: context.theme.titleFont).height
        let summary = Self.summary(of: playback).map { context.measureText($0, font: context.theme.labelFont).height }
        return (title, summary ?? 0)
    }

    /// The text block's height: one line, or two with the summary.
    private func textHeight(_ lines: (title: Double, summary: Double)) -> Double {
        lines.summary > 0 ? lines.title + Self.gap / 2 + lines.summary : lines.title
    }

    /// Up to 120 px of the title's width (and the artwork's square); it stretches to the rest of
    /// the row.
    public func measure(in context: WidgetContext) -> Size {
        let text = context.measureText(Self.text(of: context.state.playback) ?? "", font: context.theme.titleFont)
        let height = max(28, textHeight(lineHeights(in: context)))
        let artwork = Self.artwork(side: height, scale: 1, in: context) == nil ? 0 : height + Self.gap
        return Size(width: min(text.width, 120) + artwork, height: height)
    }

    /// Stretches.
    public var isFlexible: Bool { true }

    /// Draws the artwork in a square as tall as the frame, then the title and the summary, each
    /// cut to the width left.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        let playback = context.state.playback
        guard let title = Self.text(of: playback) else { return }
        var textFrame = frame
        if let artwork = Self.artwork(side: frame.height, scale: canvas.scale, in: context) {
            let square = Rect(x: frame.minX, y: frame.minY, width: frame.height, height: frame.height)
            canvas.drawImage(artwork, in: square.fitting(aspect: Double(artwork.width) / Double(artwork.height)))
            let inset = frame.height + Self.gap
            textFrame = Rect(
                x: frame.minX + inset, y: frame.minY, width: max(0, frame.width - inset), height: frame.height)
        }
        let lines = lineHeights(in: context)
        let top = textFrame.midY - textHeight(lines) / 2
        canvas.pushClip(textFrame)
        canvas.drawText(
            context.truncated(title, font: context.theme.titleFont, width: textFrame.width),
            at: Point(x: textFrame.minX, y: top + lines.title / 2), font: context.theme.titleFont,
            color: context.theme.foreground, alignment: .leading)
        if let summary = Self.summary(of: playback) {
            canvas.drawText(
                context.truncated(summary, font: context.theme.labelFont, width: textFrame.width),
                at: Point(x: textFrame.minX, y: top + lines.title + Self.gap / 2 + lines.summary / 2),
                font: context.theme.labelFont, color: context.theme.secondary, alignment: .leading)
        }
        canvas.popClip()
    }
}
