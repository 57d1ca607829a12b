import ReelComposable
import ReelCore

/// Turns the video area's input into gestures and gestures into player actions.
///
/// | gesture | action |
/// | --- | --- |
/// | tap | show or hide the controls |
/// | double tap, left / right third | skip −10 s / +10 s |
/// | double tap, middle third | play or pause |
/// | horizontal drag | scrub: `.scrub(.began)`, `.scrub(.changed(to:))` with the target in the plugin overlay, `.scrub(.ended)` on release |
/// | vertical drag, left half | brightness (``GestureConfiguration/leftVerticalDrag``) |
/// | vertical drag, right half | volume (``GestureConfiguration/rightVerticalDrag``) |
/// | long press | 2× while held, then the previous speed |
/// | wheel | skip ±5 s per step |
/// | hover | show the controls |
///
/// | ctrl+wheel, pinch | zoom the picture (`PlayerFeature.Action.zoomMultiplied(by:)`) |
///
/// ``onGesture``, then the handlers added with ``addHandler(_:)`` in order, see every gesture
/// first and can take it (a feed that pages on vertical drags); a handler that returns false
/// only watches.
@MainActor
public final class GestureService: Service {
    private weak var context: Context?
    private var recognizer: GestureRecognizer
    private var scrubStart: (position: Double, duration: Double)?
    /// What the vertical drag in progress sets, and its level when the drag began.
    private var verticalDrag: (control: VerticalDragControl, start: Double)?
    private var speedBeforeLongPress: Double?
    private var scrollRemainder = 0.0
    /// Sees every recognised gesture first; return true to take it.
    public var onGesture: (@MainActor (Gesture, WidgetContext) -> Bool)?
    private var handlers = HandlerList<@MainActor (Gesture, WidgetContext) -> Bool>()

    /// Adds a handler that sees every recognised gesture after ``onGesture`` and the handlers
    /// added before it; it returns true to take the gesture (later handlers and the built-in
    /// action do not see it), false to let it through. Keep the registration: releasing it
    /// removes the handler.
    public func addHandler(_ handler: @escaping @MainActor (Gesture, WidgetContext) -> Bool) -> HandlerRegistration {
        let id = handlers.add(handler)
        return HandlerRegistration { [weak self] in self?.handlers.remove(id) }
    }

    /// Creates the service with the context's gesture thresholds.
    public init(context: Context) {
        self.context = context
        recognizer = GestureRecognizer(thresholds: context.configuration.gestures.thresholds)
    }

    /// Ends a scrub or long press in progress.
    public func stop() {
        if scrubStart != nil { context?.send(.scrub(.ended)) }
        if let speed = speedBeforeLongPress { context?.send(.transport(.rateChanged(speed))) }
        scrubStart = nil
        speedBeforeLongPress = nil
        verticalDrag = nil
    }

    private var configuration: GestureConfiguration { context?.configuration.gestures ?? .standard }

    /// Feeds input the layers above did not consume; true when it belongs to a gesture.
    public func handle(_ event: InputEvent, context: WidgetContext) -> Bool {
        guard configuration.isEnabled else { return false }
        recognizer.thresholds = configuration.thresholds
        for gesture in recognizer.handle(event) { perform(gesture, context: context) }
        switch event {
        case .pointerDown(_, .primary, _), .pointerUp(_, .primary, _), .scroll, .magnify: return true
        case .pointerMoved: return recognizer.isPressed
        default: return false
        }
    }

    /// When time alone completes a gesture (see ``GestureRecognizer/nextDeadline``); nil while
    /// gestures are off or none waits.
    var nextUpdate: Double? { configuration.isEnabled ? recognizer.nextDeadline : nil }

    /// Carries out one gesture (``onGesture`` first).
    public func perform(_ gesture: Gesture, context: WidgetContext) {
        if let onGesture, onGesture(gesture, context) { return }
        for handler in handlers.handlers where handler(gesture, context) { return }
        let controls = context[ControlOverlay.self]
        let state = context.state
        let area = context.contentFrame
        switch gesture {
        case .tap:
            controls.toggle()
        case .doubleTap(let point):
            let third = area.width / 3
            if point.x < area.minX + third {
                context.perform(.player(.transport(.skipRequested(by: -configuration.doubleTapSkip))))
            } else if point.x >= area.maxX - third {
                context.perform(.player(.transport(.skipRequested(by: configuration.doubleTapSkip))))
            } else {
                context.send(.transport(.playPauseToggled(reason: .user)))
            }
        case .longPressBegan:
            guard state.playback.status == .ready else { return }
            speedBeforeLongPress = state.playback.speed
            context.send(.transport(.rateChanged(configuration.longPressSpeed)))
            context[PluginOverlay.self].present(
                BubbleWidget(text: context.strings.speed(configuration.longPressSpeed) + " ▸▸"), alignment: .top)
        case .longPressEnded:
            guard let speed = speedBeforeLongPress else { return }
            speedBeforeLongPress = nil
            context.send(.transport(.rateChanged(speed)))
            context[PluginOverlay.self].dismiss()
        case .dragBegan(.horizontal, _):
            guard let duration = state.playback.duration, state.playback.isSeekable != false else { return }
            scrubStart = (state.seekBarPosition, duration)
            context.send(.scrub(.began))
        case .dragChanged(.horizontal, let start, let location):
            guard let scrub = scrubStart else { return }
            let perPoint = configuration.dragSecondsPerPoint ?? scrub.duration / max(1, area.width)
            let target = min(scrub.duration, max(0, scrub.position + (location.x - start.x) * perPoint))
            context.send(.scrub(.changed(to: target)))
            context[PluginOverlay.self].present(
                BubbleWidget(text: Self.seekLabel(target: target, duration: scrub.duration)), alignment: .center)
        case .dragEnded(.horizontal, _, _):
            guard scrubStart != nil else { return }
            scrubStart = nil
            context.send(.scrub(.ended))
            context[PluginOverlay.self].dismiss()
        case .dragBegan(.vertical, let start):
            let control = start.x >= area.midX ? configuration.rightVerticalDrag : configuration.leftVerticalDrag
            switch control {
            case .volume: verticalDrag = (.volume, state.playback.volume)
            case .brightness where state.playback.video != nil:
                verticalDrag = (.brightness, state.playback.adjustments.brightness)
            case .brightness, nil: return
            }
        case .dragChanged(.vertical, let start, let location):
            guard let drag = verticalDrag else { return }
            let rise = start.y - location.y
            let label: String
            switch drag.control {
            case .volume:
                let level = min(1, max(0, drag.start + rise / max(1, area.height * configuration.volumeDragSpan)))
                context.send(.transport(.volumeChanged(level)))
                label = context.strings.volume(level)
            case .brightness:
                let change = 100 * rise / max(1, area.height * configuration.brightnessDragSpan)
                var adjustments = state.playback.adjustments
                adjustments.brightness = min(100, max(-100, (drag.start + change).rounded()))
                // Each change rebuilds the engine's filter: send whole steps only.
                if adjustments != state.playback.adjustments {
                    context.send(.outputs(.videoAdjustmentsChanged(adjustments)))
                }
                label = context.strings.brightness(adjustments.brightness)
            }
            context[PluginOverlay.self].present(BubbleWidget(text: label), alignment: .center)
        case .dragEnded(.vertical, _, _):
            guard verticalDrag != nil else { return }
            verticalDrag = nil
            context[PluginOverlay.self].dismiss()
        case .scroll(_, let dy, _):
            scrollRemainder -= dy
            let steps = scrollRemainder.rounded(.towardZero)
            guard steps != 0 else { return }
            scrollRemainder -= steps
            context.perform(.player(.transport(.skipRequested(by: steps * configuration.scrollSkip))))
        case .hover:
            controls.pointerActivity()
        case .magnify(let factor, _):
            context.perform(.player(.outputs(.zoomMultiplied(by: factor))))
        }
    }

    /// The plugin label of a drag seek: "target / duration".
    public static func seekLabel(target: Double, duration: Double) -> String {
        let hours = duration >= 3600
        return TimeLabel.format(target, withHours: hours) + " / " + TimeLabel.format(duration, withHours: hours)
    }
}
