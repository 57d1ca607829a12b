import Foundation
import ReelComposable
import ReelCore
import ReelPlayer

/// A player's playback figures over the video, like mpv's stats page: the decoder, start-up,
/// bit rates, bytes, stalls, frames and the session's totals, top left. `i` shows and hides it.
///
/// While shown it asks the player for the engine's counters (``/ReelPlayer/Player/refreshStatistics()``)
/// and redraws once a second; hidden, it costs nothing. A window adds one to its container
/// (`PlayerWindow`); another host inserts it with
/// `container.insert(StatisticsOverlay(player: player), after: .plugin)`.
@MainActor
public final class StatisticsOverlay: Overlay {
    /// Whether the figures are shown.
    public var isShown = false {
        didSet { nextRefresh = nil }
    }
    /// How often the figures are sampled and redrawn while shown, in seconds.
    public var interval = 1.0
    /// The key that shows and hides the figures (mpv's `i`).
    public var toggleKey = Key.character("i")

    private weak var player: Player?
    private var nextRefresh: Double?
    private let font = Font(size: 13, monospacedDigits: true)

    /// Creates the overlay for `player`, hidden.
    public init(player: Player) { self.player = player }

    /// Shows or hides the figures on ``toggleKey``.
    public func handle(_ event: InputEvent, context: WidgetContext) -> Bool {
        guard case .keyDown(let key, let modifiers, _) = event, key == toggleKey, modifiers.isEmpty else {
            return false
        }
        isShown.toggle()
        context.services.setNeedsDisplay()
        return true
    }

    /// Samples the engine and redraws every ``interval`` while shown.
    public func update(context: WidgetContext) -> Bool {
        guard isShown, let player else { return false }
        if let nextRefresh, context.time < nextRefresh { return false }
        nextRefresh = context.time + interval
        player.refreshStatistics()
        return true
    }

    /// Draws the figures on a dark panel at the top left of the video, below the top controls
    /// (where they sit whether shown or not, so the panel does not move as they fade).
    public func draw(in canvas: any Canvas, context: WidgetContext) {
        guard isShown, let player else { return }
        let lines = Self.lines(player.currentMetrics, playback: player.playback)
        let lineHeight = (font.size * 1.45).rounded()
        let padding = 12.0
        let width = (lines.map { canvas.measureText($0, font: font).width }.max() ?? 0) + padding * 2
        // The controls draw above this layer and lay out as they draw: lay them out now, so the
        // panel follows a title that just appeared (only while shown, once a second).
        let controls = context[ControlOverlay.self]
        controls.relayout(context: context)
        let belowControls = controls.layout.frame(of: .top).map { $0.maxY + 8 } ?? 0
        let frame = Rect(
            x: context.contentFrame.minX + 16, y: max(context.contentFrame.minY + 16, belowControls), width: width,
            height: Double(lines.count) * lineHeight + padding * 2)
        canvas.fill(frame, color: context.theme.bubbleBackground, cornerRadius: 8)
        for (index, line) in lines.enumerated() {
            let y = frame.minY + padding + (Double(index) + 0.5) * lineHeight
            canvas.drawText(
                line, at: Point(x: frame.minX + padding, y: y), font: font, color: context.theme.foreground,
                alignment: .leading)
        }
    }

    // MARK: - Text

    /// The figures as lines of text, the one wording of them (the window's overlay and `reel play
    /// --stats`).
    public static func lines(_ metrics: PlaybackMetrics, playback: PlaybackInfo) -> [String] {
        var lines: [String] = []
        if let item = metrics.item {
            var decoder = item.decoder ?? "no video"
            if let video = playback.video { decoder += " · \(video.width)×\(video.height)" }
            lines.append("Decoder   \(decoder)")
            let firstFrame = item.timeToFirstFrame.map { "first frame \(seconds($0))" } ?? "no frame yet"
            let startup = item.startupTime.map { " · playing after \(seconds($0))" } ?? ""
            lines.append("Start     \(firstFrame)\(startup)")
            var rates: [String] = []
            if let video = item.videoBitrate { rates.append("video \(bitrate(video))") }
            if let audio = item.audioBitrate { rates.append("audio \(bitrate(audio))") }
            if let indicated = item.indicatedBitrate { rates.append("declared \(bitrate(indicated))") }
            if let observed = item.observedBitrate { rates.append("network \(bitrate(observed))") }
            lines.append("Bit rate  \(rates.isEmpty ? "–" : rates.joined(separator: " · "))")
            lines.append("Transfer  \(item.bytesTransferred.map(bytes) ?? "–")")
            lines.append("Stalls    \(stalls(item.stallCount, item.stallDuration, item.rebufferingRatio))")
            lines.append(
                "Frames    dropped \(count(item.droppedFrames)) · decoder \(count(item.decoderDroppedFrames))"
                    + " · delayed \(count(item.delayedFrames))")
        } else {
            lines.append("No item")
        }
        let session = metrics.session
        var summary = "\(session.itemCount) item\(session.itemCount == 1 ? "" : "s")"
        if session.failedItemCount > 0 { summary += " (\(session.failedItemCount) failed)" }
        summary += " · played \(seconds(session.playingDuration)) · \(bytes(session.bytesTransferred))"
        lines.append("Session   \(summary)")
        lines.append("          \(stalls(session.stallCount, session.stallDuration, session.rebufferingRatio))")
        return lines
    }

    private static func seconds(_ value: TimeInterval) -> String { String(format: "%.2f s", value) }

    private static func count(_ value: Int?) -> String { value.map(String.init) ?? "–" }

    private static func stalls(_ count: Int, _ duration: TimeInterval, _ ratio: Double?) -> String {
        var text = "\(count) stall\(count == 1 ? "" : "s") (\(seconds(duration)))"
        if let ratio { text += String(format: " · rebuffering %.1f %%", ratio * 100) }
        return text
    }

    /// Bits per second in kb/s or Mb/s.
    static func bitrate(_ value: Double) -> String {
        value >= 1_000_000 ? String(format: "%.2f Mb/s", value / 1_000_000) : String(format: "%.0f kb/s", value / 1000)
    }

    /// Bytes in kB or MB (powers of 1000).
    static func bytes(_ value: Int64) -> String {
        let amount = Double(value)
        if amount >= 1_000_000 { return String(format: "%.2f MB", amount / 1_000_000) }
        return String(format: "%.1f kB", amount / 1000)
    }
}
