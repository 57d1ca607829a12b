import ReelComposable
import ReelCore

/// Opens one of the player's menus: a gear (with the speed when it is not 1×), sound bars for
/// audio tracks (shown with two or more), "CC" for subtitles (shown with any), or a list for the
/// queue (shown with two items or more), a frame for the picture's framing (shown with video), or
/// the quality ("Auto", "360p") for an adaptive stream's variants (shown with two or more);
/// `MenuButton(.rates)` always shows the rate ("1×", "1.5×") and opens the list of rates alone.
@MainActor
public final class MenuButton: Widget {
    /// The menu it opens.
    public let menu: PlayerMenu
    private var tracker = PressTracker()

    /// Creates a button for `menu`.
    public init(_ menu: PlayerMenu) { self.menu = menu }

    /// Audio needs two tracks and subtitles one; speed always shows.
    public func isVisible(in context: WidgetContext) -> Bool {
        switch menu {
        case .speed, .rates: true
        case .audio: context.state.playback.tracks(.audio).count > 1
        case .subtitles: !context.state.playback.tracks(.subtitle).isEmpty
        case .queue: context.state.queue.count > 1
        case .picture: context.state.playback.video != nil
        case .quality: !context.state.playback.variants.isEmpty
        case .audioOutput, .secondarySubtitles, .subtitleStyle, .subtitleFiles, .chapters:
            PlayerMenus.opens(menu, state: context.state)
        }
    }

    private func speedText(_ context: WidgetContext) -> String? {
        if menu == .quality { return PlayerMenus.qualityLabel(state: context.state, strings: context.strings) }
        let speed = context.state.playback.speed
        if menu == .rates { return context.strings.speed(speed) }
        return menu == .speed && abs(speed - 1) > 0.001 ? context.strings.speed(speed) : nil
    }

    /// A square, or the speed's text when it shows one.
    public func measure(in context: WidgetContext) -> Size {
        let side = context.theme.buttonSize
        guard let text = speedText(context) else { return Size(width: side, height: side) }
        return Size(width: max(side, context.measureText(text, font: context.theme.labelFont).width + 12), height: side)
    }

    /// Draws the icon or the speed.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        if tracker.isHighlighted { canvas.fill(frame, color: context.theme.highlight, cornerRadius: 6) }
        if let text = speedText(context) {
            canvas.drawText(
                text, at: frame.center, font: context.theme.labelFont, color: context.theme.foreground,
                alignment: .center)
            return
        }
        let box = frame.centeredSquare(side: min(frame.width, frame.height) * 0.7)
        let icon: Icon =
            switch menu {
            case .speed, .rates: Icons.gear(in: box)
            case .audio: Icons.audio(in: box)
            case .subtitles: Icons.subtitles(in: box)
            case .queue, .chapters: Icons.queue(in: box)
            case .picture: Icons.picture(in: box)
            case .quality, .audioOutput: Icons.gear(in: box)
            case .secondarySubtitles, .subtitleStyle, .subtitleFiles: Icons.subtitles(in: box)
            }
        canvas.draw(icon, color: context.theme.foreground)
    }

    /// Focusable: Enter or Space clicks it.
    public var isFocusable: Bool { true }

    /// Opens the menu on a click.
    public func handle(_ event: InputEvent, in frame: Rect, context: WidgetContext) -> Bool {
        let result = tracker.handle(event, in: frame)
        if result.activated { context.perform(.openMenu(menu)) }
        return result.consumed
    }
}
