import ReelComposable
import ReelCore

/// A speaker button that mutes and unmutes, with a volume slider beside it (hidden in compact
/// use). Dragging the slider unmutes and sends `volumeChanged`.
///
/// With keyboard focus (``FocusService``), Enter and Space mute and unmute, and ↑ and ↓ step
/// the slider by ``keyboardStep`` (unmuting), leaving ← and → to move along the row.
@MainActor
public final class VolumeControl: Widget {
    /// Whether the slider shows.
    public var showsSlider: Bool
    /// The slider's width.
    public var sliderWidth = 64.0
    /// How much ↑ and ↓ change the volume while focused (1 is 100 %).
    public var keyboardStep = 0.05
    private var tracker = PressTracker()
    private var isDragging = false

    /// Creates a volume control.
    public init(showsSlider: Bool = true) { self.showsSlider = showsSlider }

    /// The button and, when shown, the slider.
    public func measure(in context: WidgetContext) -> Size {
        let side = context.theme.buttonSize
        return Size(width: side + (showsSlider ? 4 + sliderWidth : 0), height: side)
    }

    /// Where the speaker button is inside `frame`.
    public func buttonFrame(in frame: Rect, theme: Theme) -> Rect {
        Rect(x: frame.minX, y: frame.midY - theme.buttonSize / 2, width: theme.buttonSize, height: theme.buttonSize)
    }

    /// Where the slider is inside `frame`, if shown.
    public func sliderFrame(in frame: Rect, theme: Theme) -> Rect? {
        guard showsSlider else { return nil }
        return Rect(x: frame.minX + theme.buttonSize + 4, y: frame.minY, width: sliderWidth, height: frame.height)
    }

    /// Draws the speaker and the slider.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        let playback = context.state.playback
        let button = buttonFrame(in: frame, theme: context.theme)
        if tracker.isHighlighted { canvas.fill(button, color: context.theme.highlight, cornerRadius: 6) }
        let icon = Icons.speaker(
            in: button.centeredSquare(side: button.width * 0.7), volume: playback.volume, muted: playback.isMuted)
        canvas.draw(icon, color: context.theme.foreground)
        guard let slider = sliderFrame(in: frame, theme: context.theme) else { return }
        let level = playback.isMuted ? 0 : min(1, max(0, playback.volume))
        let track = Rect(x: slider.minX + 6, y: slider.midY - 2, width: slider.width - 12, height: 4)
        canvas.fill(track, color: context.theme.track, cornerRadius: 2)
        canvas.fill(
            Rect(x: track.minX, y: track.minY, width: track.width * level, height: 4), color: context.theme.foreground)
        canvas.fill(
            .circle(center: Point(x: track.minX + track.width * level, y: track.midY), radius: 5),
            color: context.theme.foreground)
    }

    private func level(at x: Double, in slider: Rect) -> Double {
        let track = slider.insetBy(dx: 6, dy: 0)
        return track.width > 0 ? min(1, max(0, (x - track.minX) / track.width)) : 0
    }

    /// Focusable: Enter and Space mute, ↑ and ↓ set the volume (with the slider shown).
    public var isFocusable: Bool { true }

    /// Clicks the speaker.
    public func activate(in frame: Rect, context: WidgetContext) {
        click(at: buttonFrame(in: frame, theme: context.theme).center, in: frame, context: context)
    }

    /// Mutes on a click of the speaker; sets the volume while the slider is dragged or on ↑
    /// and ↓ while focused.
    public func handle(_ event: InputEvent, in frame: Rect, context: WidgetContext) -> Bool {
        let slider = sliderFrame(in: frame, theme: context.theme)
        switch event {
        case .pointerDown(let point, .primary, _):
            if let slider, slider.contains(point) {
                isDragging = true
                if context.state.playback.isMuted { context.send(.transport(.muteToggled)) }
                context.send(.transport(.volumeChanged(level(at: point.x, in: slider))))
                return true
            }
        case .pointerMoved(let point, _) where isDragging:
            if let slider { context.send(.transport(.volumeChanged(level(at: point.x, in: slider)))) }
            return true
        case .pointerUp where isDragging:
            isDragging = false
            return true
        case .pointerExited:
            isDragging = false
        case .keyDown(let key, _, _) where showsSlider && (key == .up || key == .down):
            let playback = context.state.playback
            if playback.isMuted { context.send(.transport(.muteToggled)) }
            // Within the slider's 0…1; a volume an app amplified above 1 is not raised further.
            let level = playback.volume + (key == .up ? keyboardStep : -keyboardStep)
            context.send(.transport(.volumeChanged(min(max(1, playback.volume), max(0, level)))))
            return true
        default:
            break
        }
        let result = tracker.handle(event, in: buttonFrame(in: frame, theme: context.theme))
        if result.activated { context.send(.transport(.muteToggled)) }
        return result.consumed
    }
}
