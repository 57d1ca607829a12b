import ReelComposable
import ReelCore

/// Skips back or ahead by a number of seconds (10 by default), drawn as a turning arrow around
/// the number; a click performs `.transport(.skipRequested(by:))`. Shown while the item can
/// seek.
///
/// ```swift
/// var configuration = ContainerConfiguration.standard
/// configuration.controls.setWidgets(
///     [SkipButton(seconds: -15), PlayPauseButton(style: .large), SkipButton(seconds: 15)], in: .center)
/// ```
@MainActor
public final class SkipButton: Widget {
    /// Seconds skipped by a click: negative goes back.
    public let seconds: Double
    private var tracker = PressTracker()

    /// Creates a button skipping `seconds` (negative goes back).
    public init(seconds: Double) { self.seconds = seconds }

    /// Shown while an item is open that can seek.
    public func isVisible(in context: WidgetContext) -> Bool {
        context.state.playback.item != nil && context.state.playback.isSeekable != false
    }

    /// A square of the theme's button size.
    public func measure(in context: WidgetContext) -> Size {
        Size(width: context.theme.buttonSize, height: context.theme.buttonSize)
    }

    /// Draws the arrow and the seconds inside it.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        if tracker.isHighlighted { canvas.fill(frame, color: context.theme.highlight, cornerRadius: 6) }
        let box = frame.centeredSquare(side: min(frame.width, frame.height) * 0.9)
        canvas.draw(Icons.skip(in: box, forward: seconds >= 0), color: context.theme.foreground)
        let number = context.strings.number(abs(seconds), upTo: 3)
        canvas.drawText(
            number, at: frame.center, font: Font(size: (box.width * 0.32).rounded(), weight: .bold),
            color: context.theme.foreground, alignment: .center)
    }

    /// Focusable: Enter or Space clicks it.
    public var isFocusable: Bool { true }

    /// Skips on a click.
    public func handle(_ event: InputEvent, in frame: Rect, context: WidgetContext) -> Bool {
        let result = tracker.handle(event, in: frame)
        if result.activated { context.perform(.player(.transport(.skipRequested(by: seconds)))) }
        return result.consumed
    }
}

/// Steps one frame ahead or back (`.transport(.frameStepRequested(forward:))`). Shown while
/// the player is paused with video: stepping pauses anyway, and playing frames pass too fast to
/// step.
@MainActor
public final class FrameStepButton: Widget {
    /// Whether the button steps ahead.
    public let forward: Bool
    private var tracker = PressTracker()

    /// Creates a button stepping ahead (`forward`) or back.
    public init(forward: Bool) { self.forward = forward }

    /// Shown while paused with video.
    public func isVisible(in context: WidgetContext) -> Bool {
        guard context.state.playback.video != nil else { return false }
        if case .paused = context.state.playerState { return true }
        return false
    }

    /// A square of the theme's button size.
    public func measure(in context: WidgetContext) -> Size {
        Size(width: context.theme.buttonSize, height: context.theme.buttonSize)
    }

    /// Draws a bar and a triangle.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        if tracker.isHighlighted { canvas.fill(frame, color: context.theme.highlight, cornerRadius: 6) }
        let box = frame.centeredSquare(side: min(frame.width, frame.height) * 0.7)
        canvas.draw(Icons.frameStep(in: box, forward: forward), color: context.theme.foreground)
    }

    /// Focusable: Enter or Space clicks it.
    public var isFocusable: Bool { true }

    /// Steps on a click.
    public func handle(_ event: InputEvent, in frame: Rect, context: WidgetContext) -> Bool {
        let result = tracker.handle(event, in: frame)
        if result.activated { context.perform(.player(.transport(.frameStepRequested(forward: forward)))) }
        return result.consumed
    }
}

/// Closes the current presentation: in fullscreen it leaves fullscreen, in picture in picture
/// it brings the video back inline (`.presentation(.leaveRequested)`). Hidden inline, where
/// there is nothing to go back to.
@MainActor
public final class CloseButton: Widget {
    private var tracker = PressTracker()

    /// Creates a button.
    public init() {}

    /// Shown in fullscreen and in picture in picture.
    public func isVisible(in context: WidgetContext) -> Bool {
        context.state.presentation == .fullscreen || context.state.presentation == .pictureInPicture
    }

    /// A square of the theme's button size.
    public func measure(in context: WidgetContext) -> Size {
        Size(width: context.theme.buttonSize, height: context.theme.buttonSize)
    }

    /// Draws a cross.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        if tracker.isHighlighted { canvas.fill(frame, color: context.theme.highlight, cornerRadius: 6) }
        let box = frame.centeredSquare(side: min(frame.width, frame.height) * 0.7)
        canvas.draw(Icons.close(in: box), color: context.theme.foreground)
    }

    /// Focusable: Enter or Space clicks it.
    public var isFocusable: Bool { true }

    /// Leaves the presentation on a click.
    public func handle(_ event: InputEvent, in frame: Rect, context: WidgetContext) -> Bool {
        let result = tracker.handle(event, in: frame)
        if result.activated { context.perform(.player(.presentation(.leaveRequested))) }
        return result.consumed
    }
}

/// Moves the video into the picture-in-picture window, or back
/// (`.presentation(.toggled(.pictureInPicture))`). Shown while the host can show picture in
/// picture (`PlayerFeature.State.isPictureInPicturePossible`).
@MainActor
public final class PictureInPictureButton: Widget {
    private var tracker = PressTracker()

    /// Creates a button.
    public init() {}

    /// Shown while picture in picture is possible.
    public func isVisible(in context: WidgetContext) -> Bool { context.state.isPictureInPicturePossible }

    /// A square of the theme's button size.
    public func measure(in context: WidgetContext) -> Size {
        Size(width: context.theme.buttonSize, height: context.theme.buttonSize)
    }

    /// Draws a screen with a small window in its corner.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        if tracker.isHighlighted { canvas.fill(frame, color: context.theme.highlight, cornerRadius: 6) }
        let box = frame.centeredSquare(side: min(frame.width, frame.height) * 0.7)
        canvas.draw(Icons.pictureInPicture(in: box), color: context.theme.foreground)
    }

    /// Focusable: Enter or Space clicks it.
    public var isFocusable: Bool { true }

    /// Toggles picture in picture on a click.
    public func handle(_ event: InputEvent, in frame: Rect, context: WidgetContext) -> Bool {
        let result = tracker.handle(event, in: frame)
        if result.activated { context.perform(.player(.presentation(.toggled(.pictureInPicture)))) }
        return result.consumed
    }
}
