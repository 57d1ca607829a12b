import ReelComposable
import ReelCore

/// What the video area shows while the item has no picture (``/ReelCore/PlaybackInfo/isAudioOnly``),
/// as a music player does: the item's artwork large and centred (``ContainerConfiguration/artworkImage``;
/// a tile with a note until it is loaded, or without one), and under it the title, the artist and
/// album, and the first lines of the summary. The artwork takes at most half the area's height;
/// what does not fit under it is left out, the summary first, then the artist, then the title.
///
/// The standard configuration puts it under the controls (``ContainerConfiguration/nowPlaying``).
/// An audio file with cover art is not audio only: libmpv shows the cover as its picture.
@MainActor
public final class NowPlayingView: Widget {
    /// The largest side of the artwork, in logical pixels.
    public var maximumArtworkSide: Double
    /// How many lines of the summary show at most.
    public var summaryLineLimit: Int

    private static let margin = 24.0
    private static let artworkGap = 16.0
    private static let lineGap = 4.0
    private static let smallestArtwork = 48.0

    /// Creates the view: artwork up to 240 px a side, three lines of summary.
    public init(maximumArtworkSide: Double = 240, summaryLineLimit: Int = 3) {
        self.maximumArtworkSide = maximumArtworkSide
        self.summaryLineLimit = summaryLineLimit
    }

    /// Shown while the item plays sound and no picture.
    public func isVisible(in context: WidgetContext) -> Bool { context.state.playback.isAudioOnly }

    /// The whole video area.
    public func measure(in context: WidgetContext) -> Size { context.contentFrame.size }

    /// One line of text under the artwork.
    private struct Line {
        var text: String
        var font: Font
        var color: Color
        var height: Double
    }

    /// The lines under the artwork that fit `width`: title, artist and album, summary.
    private func lines(width: Double, context: WidgetContext) -> [[Line]] {
        let playback = context.state.playback
        let theme = context.theme
        func line(_ text: String, _ font: Font, _ color: Color) -> Line {
            Line(text: text, font: font, color: color, height: context.measureText(text, font: font).height)
        }
        let credit = [playback.artist, playback.album].compactMap { $0?.isEmpty == false ? $0 : nil }
        let summary = context.wrapped(
            playback.item?.summary ?? "", font: theme.labelFont, width: width, limit: summaryLineLimit)
        return [
            playback.title.map {
                [line(context.truncated($0, font: theme.titleFont, width: width), theme.titleFont, theme.foreground)]
            } ?? [],
            credit.isEmpty
                ? []
                : [
                    line(
                        context.truncated(credit.joined(separator: " — "), font: theme.labelFont, width: width),
                        theme.labelFont, theme.secondary)
                ],
            summary.map { line($0, theme.labelFont, theme.secondary) },
        ].filter { !$0.isEmpty }
    }

    private func height(of groups: [[Line]]) -> Double {
        let lines = groups.flatMap { $0 }
        return lines.map(\.height).reduce(0, +) + Self.lineGap * Double(max(0, lines.count - 1))
    }

    /// Draws the artwork (or its tile) centred, with the lines that fit under it.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        let area = frame.insetBy(dx: Self.margin, dy: Self.margin)
        guard !area.isEmpty else { return }
        let width = min(area.width, 480)
        var groups = lines(width: width, context: context)
        var side = min(maximumArtworkSide, area.width, area.height / 2)
        if side < Self.smallestArtwork { side = 0 }
        func blockHeight() -> Double {
            let text = height(of: groups)
            return side + (side > 0 && text > 0 ? Self.artworkGap : 0) + text
        }
        while blockHeight() > area.height, !groups.isEmpty { groups.removeLast() }
        var y = area.midY - blockHeight() / 2
        if side > 0 {
            let square = Rect(x: area.midX - side / 2, y: y, width: side, height: side)
            drawArtwork(in: square, canvas: canvas, context: context)
            y += side + Self.artworkGap
        }
        for line in groups.flatMap({ $0 }) {
            canvas.drawText(
                line.text, at: Point(x: area.midX, y: y + line.height / 2), font: line.font, color: line.color,
                alignment: .center)
            y += line.height + Self.lineGap
        }
    }

    /// The artwork fitted in `square`, or a tile with a note while there is none.
    private func drawArtwork(in square: Rect, canvas: any Canvas, context: WidgetContext) {
        if let url = context.state.playback.item?.artworkURL,
            let image = context.services.configuration.artworkImage?(
                url, Size(width: square.width * canvas.scale, height: square.height * canvas.scale))
        {
            canvas.drawImage(image, in: square.fitting(aspect: Double(image.width) / Double(image.height)))
            return
        }
        canvas.fill(square, color: context.theme.highlight, cornerRadius: 12)
        canvas.drawText(
            "♪", at: square.center, font: Font(size: (square.height * 0.4).rounded()), color: context.theme.secondary,
            alignment: .center)
    }
}
