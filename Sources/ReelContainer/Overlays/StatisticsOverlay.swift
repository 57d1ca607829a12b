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
    /// Lines an app shows below the player's figures, read at each redraw while shown (a feed's
    /// own figures, in the Feed example); nil for none.
    public var additionalLines: (@MainActor () -> [String])?

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

    /// The next sample while shown; nil while hidden (it costs nothing then).
    public func nextUpdate(context: WidgetContext) -> Double? {
        guard isShown, player != nil else { return nil }
        return nextRefresh ?? context.time
    }

    /// Draws the figures on a dark panel at the top left of the video, below the top controls
    /// (where they sit whether shown or not, so the panel does not move as they fade), in the
    /// container's language.
    public func draw(in canvas: any Canvas, context: WidgetContext) {
        guard isShown, let player else { return }
        let lines =
            Self.lines(player.currentMetrics, playback: player.playback, strings: context.strings)
            + (additionalLines?() ?? [])
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

    /// The figures as lines of text in `strings`' language, the one wording of them (the
    /// window's overlay, and `reel play --stats` in English): each line starts with its label,
    /// padded to the longest label and two spaces.
    public static func lines(_ metrics: PlaybackMetrics, playback: PlaybackInfo, strings: ContainerStrings) -> [String]
    {
        let labels: [ContainerStrings.Key] = [
            .decoderStatistic, .startStatistic, .bitrateStatistic, .transferStatistic, .stallsStatistic,
            .framesStatistic, .sessionStatistic,
        ]
        let column = (labels.map { strings[$0].count }.max() ?? 0) + 2
        func line(_ label: ContainerStrings.Key?, _ value: String) -> String {
            let name = label.map { strings[$0] } ?? ""
            return name + String(repeating: " ", count: max(1, column - name.count)) + value
        }
        func count(_ value: Int?) -> String { value.map(String.init) ?? "–" }
        var lines: [String] = []
        if let item = metrics.item {
            var decoder = item.decoder ?? strings[.noVideo]
            if let video = playback.video { decoder += " · \(video.width)×\(video.height)" }
            lines.append(line(.decoderStatistic, decoder))
            let firstFrame = item.timeToFirstFrame.map { strings.text(.firstFrame, strings.seconds($0)) }
            let startup = item.startupTime.map { " · " + strings.text(.playingAfter, strings.seconds($0)) } ?? ""
            lines.append(line(.startStatistic, (firstFrame ?? strings[.noFrameYet]) + startup))
            var rates: [String] = []
            if let video = item.videoBitrate { rates.append(strings.text(.videoBitrate, strings.bitrate(video))) }
            if let audio = item.audioBitrate { rates.append(strings.text(.audioBitrate, strings.bitrate(audio))) }
            if let indicated = item.indicatedBitrate {
                rates.append(strings.text(.declaredBitrate, strings.bitrate(indicated)))
            }
            if let observed = item.observedBitrate {
                rates.append(strings.text(.networkBitrate, strings.bitrate(observed)))
            }
            lines.append(line(.bitrateStatistic, rates.isEmpty ? "–" : rates.joined(separator: " · ")))
            lines.append(line(.transferStatistic, item.bytesTransferred.map(strings.bytes) ?? "–"))
            lines.append(
                line(.stallsStatistic, stalls(item.stallCount, item.stallDuration, item.rebufferingRatio, strings)))
            let frames = [
                strings.text(.droppedFrames, count(item.droppedFrames)),
                strings.text(.decoderDroppedFrames, count(item.decoderDroppedFrames)),
                strings.text(.delayedFrames, count(item.delayedFrames)),
            ]
            lines.append(line(.framesStatistic, frames.joined(separator: " · ")))
        } else {
            lines.append(strings[.noItem])
        }
        let session = metrics.session
        var summary = strings.text(session.itemCount == 1 ? .oneItem : .items, String(session.itemCount))
        if session.failedItemCount > 0 { summary += " " + strings.text(.failedItems, String(session.failedItemCount)) }
        summary += " · " + strings.text(.playedTime, strings.seconds(session.playingDuration))
        summary += " · " + strings.bytes(session.bytesTransferred)
        lines.append(line(.sessionStatistic, summary))
        lines.append(line(nil, stalls(session.stallCount, session.stallDuration, session.rebufferingRatio, strings)))
        return lines
    }

    private static func stalls(
        _ count: Int, _ duration: TimeInterval, _ ratio: Double?, _ strings: ContainerStrings
    ) -> String {
        var text = strings.text(count == 1 ? .oneStall : .stalls, String(count), strings.seconds(duration))
        if let ratio { text += " · " + strings.text(.rebuffering, strings.number(ratio * 100, decimals: 1)) }
        return text
    }
}
