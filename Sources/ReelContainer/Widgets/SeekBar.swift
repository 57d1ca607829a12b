import ReelComposable
import ReelCore

/// The seek bar: buffered ranges, progress, chapter ticks, a hover time label (with an optional
/// preview image above it), and drag to scrub (`.scrub(.began)`, `.scrub(.changed(to:))`, `.scrub(.ended)`).
///
/// Items without a duration (live, or not loaded) show an empty track and take no input. A
/// pointer that leaves the window mid-drag ends the scrub where it was.
///
/// ## Keyboard
/// With keyboard focus (``FocusService``) the bar grows, and ← and → scrub by
/// ``keyboardStep`` with the time label and preview over the knob; the scrub seeks
/// ``keyboardCommitDelay`` after the last press, or at once on Enter or Space, and Escape
/// abandons it (Android TV's time bar works the same way). Without a scrub, Enter and Space
/// play and pause, as clicking tvOS's transport bar does.
@MainActor
public final class SeekBar: Widget {
    /// An image for a media time, drawn above the hover label (thumbnails; nil draws none).
    public var previewImage: (@MainActor (Double) -> RGBAImage?)?
    /// The narrowest the bar gets.
    public var minimumWidth = 120.0
    /// The height of the bar's touch area.
    public var height = 20.0
    /// The height of the drawn track.
    public var trackHeight = 4.0
    /// The widest a preview image is drawn.
    public var maximumPreviewWidth = 160.0
    /// Where the pointer hovers, in logical pixels, if over the bar.
    public private(set) var hoverX: Double?
    /// Whether a drag on the bar is scrubbing.
    public private(set) var isScrubbing = false
    /// Seconds one press of ← or → moves a keyboard scrub (mpv's arrow step).
    public var keyboardStep = 5.0
    /// Seconds after the last ← or → that a keyboard scrub seeks.
    public var keyboardCommitDelay = 1.0
    /// When the last ← or → of a keyboard scrub in progress was pressed.
    private var keyboardScrubAt: Double?

    /// Creates a seek bar.
    public init(previewImage: (@MainActor (Double) -> RGBAImage?)? = nil) { self.previewImage = previewImage }

    /// ``minimumWidth`` by ``height``.
    public func measure(in context: WidgetContext) -> Size { Size(width: minimumWidth, height: height) }

    /// Stretches.
    public var isFlexible: Bool { true }

    /// The x of media time `time` in `frame`.
    public static func x(for time: Double, duration: Double, in frame: Rect) -> Double {
        x(for: time, range: TimeRange(start: 0, end: duration), in: frame)
    }

    /// The media time at `x` in `frame`.
    public static func time(at x: Double, duration: Double, in frame: Rect) -> Double {
        time(at: x, range: TimeRange(start: 0, end: duration), in: frame)
    }

    /// The x of media time `time` in `frame` when the bar spans `range` (a live stream's window).
    public static func x(for time: Double, range: TimeRange, in frame: Rect) -> Double {
        let length = range.end - range.start
        guard length > 0 else { return frame.minX }
        return frame.minX + min(1, max(0, (time - range.start) / length)) * frame.width
    }

    /// The media time at `x` in `frame` when the bar spans `range`.
    public static func time(at x: Double, range: TimeRange, in frame: Rect) -> Double {
        guard frame.width > 0 else { return range.start }
        return range.start + min(1, max(0, (x - frame.minX) / frame.width)) * (range.end - range.start)
    }

    /// The drawn track inside `frame`.
    public func trackRect(in frame: Rect) -> Rect { trackRect(in: frame, height: trackHeight) }

    private func trackRect(in frame: Rect, height: Double) -> Rect {
        Rect(x: frame.minX, y: frame.midY - height / 2, width: frame.width, height: height)
    }

    /// Focusable: ← and → scrub, Enter and Space seek or play and pause.
    public var isFocusable: Bool { true }

    /// Draws track, buffered ranges, progress, chapter ticks, knob and hover label; half as
    /// thick again while focused.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        let theme = context.theme
        let focused = context[FocusService.self].isFocused(self)
        let trackHeight = focused ? self.trackHeight * 1.5 : self.trackHeight
        let track = trackRect(in: frame, height: trackHeight)
        canvas.fill(track, color: theme.track, cornerRadius: trackHeight / 2)
        // Zero to the duration, or a live stream's window.
        guard let range = context.state.seekRange, range.end > range.start else { return }
        let duration = range.end
        let x = { Self.x(for: $0, range: range, in: track) }
        for range in context.state.playback.bufferedRanges {
            canvas.fill(
                Rect(x: x(range.start), y: track.minY, width: x(range.end) - x(range.start), height: track.height),
                color: theme.buffered)
        }
        let progressX = x(context.state.seekBarPosition)
        canvas.fill(
            Rect(x: track.minX, y: track.minY, width: progressX - track.minX, height: track.height), color: theme.accent
        )
        for chapter in context.state.playback.chapters where chapter.start > range.start && chapter.start < duration {
            canvas.fill(
                Rect(x: x(chapter.start) - 1, y: track.minY, width: 2, height: track.height), color: theme.chapterTick)
        }
        let knob = hoverX != nil || isScrubbing || focused ? 7.0 : 5.0
        canvas.fill(.circle(center: Point(x: progressX, y: track.midY), radius: knob), color: theme.accent)
        if let hoverX {
            drawHoverLabel(at: hoverX, range: range, frame: frame, canvas: canvas, context: context)
        } else if keyboardScrubAt != nil {
            drawHoverLabel(at: progressX, range: range, frame: frame, canvas: canvas, context: context)
        }
    }

    private func drawHoverLabel(
        at hoverX: Double, range: TimeRange, frame: Rect, canvas: any Canvas, context: WidgetContext
    ) {
        let time = Self.time(at: hoverX, range: range, in: frame)
        // A live stream's point shows how far behind the live edge it is.
        let timeText =
            context.state.playback.isLive
            ? "-" + TimeLabel.format(range.end - time, withHours: range.end - time >= 3600)
            : TimeLabel.format(time, withHours: range.end >= 3600)
        // The chapter there, by its title, as the pointer or a scrub moves.
        let chapter = context.state.playback.chapter(at: time)?.title.flatMap { $0.isEmpty ? nil : $0 }
        let text = chapter.map { timeText + " · " + $0 } ?? timeText
        let textSize = context.measureText(text, font: context.theme.timeFont)
        // Label and preview follow the pointer but stay inside the window.
        let labelWidth = textSize.width + 12
        let label = Rect(
            x: Self.clamp(hoverX - labelWidth / 2, width: labelWidth, within: canvas.size.width),
            y: frame.minY - textSize.height - 14, width: labelWidth, height: textSize.height + 6)
        canvas.fill(label, color: context.theme.bubbleBackground, cornerRadius: 4)
        canvas.drawText(
            text, at: label.center, font: context.theme.timeFont, color: context.theme.foreground, alignment: .center)
        guard let image = previewImage?(time), image.width > 0, image.height > 0 else { return }
        let width = min(maximumPreviewWidth, Double(image.width))
        let height = width * Double(image.height) / Double(image.width)
        canvas.drawImage(
            image,
            in: Rect(
                x: Self.clamp(hoverX - width / 2, width: width, within: canvas.size.width),
                y: label.minY - height - 6, width: width, height: height))
    }

    /// `x` moved so that `[x, x + width]` lies inside `[0, limit]` (left-aligned when it cannot).
    static func clamp(_ x: Double, width: Double, within limit: Double) -> Double {
        max(0, min(x, limit - width))
    }

    /// Scrubs while dragged; tracks the hover point.
    public func handle(_ event: InputEvent, in frame: Rect, context: WidgetContext) -> Bool {
        let playback = context.state.playback
        let range = context.state.seekRange.flatMap { $0.end > $0.start ? $0 : nil }
        let seekable = range != nil && playback.isSeekable != false
        let clampedX = { (point: Point) in min(frame.maxX, max(frame.minX, point.x)) }
        switch event {
        case .pointerDown(let point, .primary, _):
            guard let range, seekable, frame.contains(point) else { return false }
            keyboardScrubAt = nil  // the pointer takes the scrub over
            isScrubbing = true
            hoverX = clampedX(point)
            context.send(.scrub(.began))
            context.send(.scrub(.changed(to: Self.time(at: clampedX(point), range: range, in: frame))))
            return true
        case .pointerMoved(let point, _):
            if isScrubbing, let range {
                hoverX = clampedX(point)
                context.send(.scrub(.changed(to: Self.time(at: clampedX(point), range: range, in: frame))))
                return true
            }
            hoverX = range != nil && frame.contains(point) ? point.x : nil
            return false
        case .pointerUp(let point, .primary, _):
            guard isScrubbing else { return false }
            isScrubbing = false
            hoverX = frame.contains(point) ? point.x : nil
            context.send(.scrub(.ended))
            return true
        case .pointerExited:
            hoverX = nil
            guard isScrubbing else { return false }
            isScrubbing = false
            context.send(.scrub(.ended))
            return true
        case .keyDown(let key, _, _):
            return handleKey(key, range: seekable ? range : nil, context: context)
        default:
            return false
        }
    }

    /// ← and → scrub from the bar's position; Escape abandons a keyboard scrub.
    private func handleKey(_ key: Key, range: TimeRange?, context: WidgetContext) -> Bool {
        switch key {
        case .left, .right:
            guard let range, !isScrubbing else { return false }
            if keyboardScrubAt == nil || context.services.state.scrub == nil { context.send(.scrub(.began)) }
            // The store's state now, not the snapshot: the scrub just began.
            let from = context.services.state.seekBarPosition
            let step = key == .left ? -keyboardStep : keyboardStep
            context.send(.scrub(.changed(to: min(range.end, max(range.start, from + step)))))
            keyboardScrubAt = context.time
            return true
        case .escape:
            guard keyboardScrubAt != nil else { return false }
            keyboardScrubAt = nil
            context.send(.scrub(.cancelled))
            return true
        default:
            return false
        }
    }

    /// Seeks to a keyboard scrub's position at once, or else plays or pauses.
    public func activate(in frame: Rect, context: WidgetContext) {
        if keyboardScrubAt != nil {
            keyboardScrubAt = nil
            context.send(.scrub(.ended))
        } else {
            context.send(.transport(.playPauseToggled(reason: .user)))
        }
    }

    /// When a keyboard scrub seeks (``keyboardCommitDelay`` after its last key).
    public func nextUpdate(in context: WidgetContext) -> Double? {
        guard let since = keyboardScrubAt else { return nil }
        return context.state.scrub == nil ? context.time : since + keyboardCommitDelay
    }

    /// Seeks ``keyboardCommitDelay`` after the last key of a keyboard scrub.
    public func update(in context: WidgetContext) -> Bool {
        guard let since = keyboardScrubAt else { return false }
        if context.state.scrub == nil {
            // The scrub ended elsewhere (a new item).
            keyboardScrubAt = nil
            return true
        }
        guard Timing.hasElapsed(keyboardCommitDelay, since: since, at: context.time) else { return false }
        keyboardScrubAt = nil
        context.send(.scrub(.ended))
        return true
    }
}
