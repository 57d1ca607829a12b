import ReelComposable
import ReelCore
import ReelPlayer

/// The player container: layers of widgets over the video, driven by a ``/ReelArchitecture/Store`` of
/// ``/ReelComposable/PlayerFeature``, drawn and fed input by a host through ``/ReelCanvas/OverlayHost``.
///
/// ```swift
/// let container = PlayerContainer(player: player)   // what `PlayerWindow(player:)` makes
/// container.onQuit = { window.close() }
/// // host loop:
/// container.layout(size: windowSize, scale: 2)
/// container.onNeedsDisplay = { wakeUp() }            // the state changed, an image arrived
/// // host loop, woken by input, `onNeedsDisplay` and `nextUpdate`:
/// container.handle(.tick(time: seconds))             // and every input event
/// if container.needsDisplay { drawVideo(in: container.videoFrame); container.draw(in: canvas) }
/// waitForInput(orUntil: container.nextUpdate)       // nil: until input or `onNeedsDisplay`
/// ```
///
/// Layers, bottom to top: render (gestures), what an item without video shows
/// (``ContainerConfiguration/nowPlaying``), feature, plugin, the indicators (spinner, error),
/// control, toast; ``insert(_:after:)`` adds custom layers.
///
/// ## Redraws
/// ``needsDisplay`` is true when the store's state changed since the last draw (the container
/// observes the store: every action that changes `PlayerFeature.State`), when a layer or
/// service asked (``Context/setNeedsDisplay()``: present, dismiss, user input, timers that
/// fired, a seek preview's image), while something animates (transitions, panels, the
/// spinner), and once more after an animation has ended, so that the last frame shows where it
/// arrived. The state changes and the requests also call ``onNeedsDisplay``, which wakes the
/// host. Layers' timers (the controls' auto-hide, a toast's or plugin's time, the spinner's
/// delay, the statistics' refresh while shown, a pending tap or long press, a keyboard seek)
/// say when they fall due (``nextUpdate``); the host sends `.tick` then, and every frame while
/// ``needsDisplay`` stays true. Paused with nothing animating, ``nextUpdate`` is nil and
/// nothing asks: the host sleeps until input.
@MainActor
public final class PlayerContainer: OverlayHost {
    private enum Entry {
        case builtIn(ContainerLayer)
        case custom(any Overlay, after: ContainerLayer)
    }

    /// The player's context: store, configuration, services.
    public let context: Context
    /// Asked to quit (`q`).
    public var onQuit: (@MainActor () -> Void)?
    /// Sees every event first (host gestures); return true to consume it. Timers still advance.
    public var eventHook: (@MainActor (InputEvent) -> Bool)?
    /// Device pixels per logical pixel, from the last ``layout(size:scale:)``.
    public private(set) var scale = 1.0
    private var entries: [Entry] = ContainerLayer.allCases.map { .builtIn($0) }
    /// The built-in layers that draw and take input (``enable(overlays:)``); all by default.
    public var enabledOverlays: Set<ContainerLayer> { context.enabledLayers }
    weak var pointerOwner: (any Overlay)?
    /// Called when ``needsDisplay`` becomes true other than in ``handle(_:)``: the host sets it
    /// to wake up (see ``/ReelCanvas/OverlayHost/onNeedsDisplay``).
    public var onNeedsDisplay: (@MainActor () -> Void)?
    /// The host's clock, in the time of its events (see ``/ReelCanvas/OverlayHost/clock``): what happens
    /// between events (code shows the controls, a toast appears) is timed from when it happens.
    /// Without one, time is the latest event's.
    public var clock: (@MainActor () -> Double)? {
        get { context.clock }
        set { context.clock = newValue }
    }
    /// Whether something animated at the last draw (then the first draw after it stops shows
    /// where it ended).
    private var drewAnimation = false
    private var lastCommandError: PlayerError?
    /// Asks for a redraw when the state changes, and relays out at once when the presentation
    /// does (fullscreen is a status).
    private var stateObservation: StoreObservation?
    /// The handlers of ``ContainerAction/app(_:)``.
    var appActionHandlers = HandlerList<@MainActor (AppAction) -> Void>()

    /// Creates a container for `store`.
    public convenience init(
        store: Store<PlayerFeature.State, PlayerFeature.Action>, configuration: ContainerConfiguration = .standard
    ) {
        self.init(context: Context(store: store, configuration: configuration))
    }

    /// Creates the controls for `player`: a container on its store (what `PlayerWindow(player:)`
    /// makes by itself).
    public convenience init(player: Player, configuration: ContainerConfiguration = .standard) {
        self.init(store: player.store, configuration: configuration)
    }

    /// Creates a container with a prepared context (overrides registered before first use).
    public init(context: Context) {
        self.context = context
        context.actionHandler = { [weak self] action in self?.perform(action) }
        if !context.configuration.indicators.isEmpty {
            insert(IndicatorOverlay(widgets: context.configuration.indicators), after: .plugin)
        }
        if let nowPlaying = context.configuration.nowPlaying {
            insert(IndicatorOverlay(widgets: [nowPlaying]), after: .render)
        }
        lastCommandError = context.state.commandError
        refreshStatus()
        context.onDisplayRequest = { [weak self] in self?.onNeedsDisplay?() }
        stateObservation = context.store.observeChanges { [weak self] old, new in
            guard let self, old != new else { return }
            if old.presentation != new.presentation { refreshStatus() }
            self.context.setNeedsDisplay()
        }
    }

    isolated deinit { stateObservation?.cancel() }

    /// The player's store.
    public var store: Store<PlayerFeature.State, PlayerFeature.Action> { context.store }
    /// The control layer.
    public var controls: ControlOverlay { context[ControlOverlay.self] }
    /// The feature layer.
    public var features: FeatureOverlay { context[FeatureOverlay.self] }
    /// The plugin layer.
    public var plugins: PluginOverlay { context[PluginOverlay.self] }
    /// The toast layer.
    public var toasts: ToastOverlay { context[ToastOverlay.self] }
    /// The gestures of the video area.
    public var gestures: GestureService { context[GestureService.self] }
    /// Keyboard focus: the control or menu entry Tab and the arrows moved to, with its ring.
    public var focus: FocusService { context[FocusService.self] }
    /// How the container is shown now: ``statusOverride`` when the app set one, otherwise
    /// derived from the bounds, the video's aspect and the presentation
    /// (``ContainerStatus/resolve(size:videoAspect:isFullscreen:)``).
    public var status: ContainerStatus { context.status }

    /// The status the app decides instead of the derived one (VideoPlayerContainer lets an app
    /// set it as well as derive it): for example `.portrait` for a feed in a landscape window.
    /// `nil`, the default, derives it again. Setting it relays out the controls at once.
    public var statusOverride: ContainerStatus? {
        didSet { if statusOverride != oldValue { refreshStatus() } }
    }

    /// Whether the video fills the screen: the player's presentation (`f`, the fullscreen button
    /// and Escape ask for another; the window follows).
    public var isFullscreen: Bool { context.isFullscreen }

    // MARK: - Layers

    /// Every enabled layer, bottom to top.
    public var overlays: [any Overlay] {
        entries.compactMap { entry in
            switch entry {
            case .builtIn(let layer): enabledOverlays.contains(layer) ? overlay(for: layer) : nil
            case .custom(let overlay, _): overlay
            }
        }
    }

    /// Turns on exactly `layers` of the built-in layers: the others neither draw nor take input
    /// nor run their timers (an app drawing its own controls leaves out ``ContainerLayer/control``;
    /// one without gestures leaves out ``ContainerLayer/render``). Custom layers stay.
    public func enable(overlays layers: Set<ContainerLayer>) {
        guard layers != enabledOverlays else { return }
        context.enabledLayers = layers
        pointerOwner = nil
        context.setNeedsDisplay()
    }

    /// The built-in layer `layer`.
    public func overlay(for layer: ContainerLayer) -> any Overlay {
        switch layer {
        case .render: context[RenderOverlay.self]
        case .feature: context[FeatureOverlay.self]
        case .plugin: context[PluginOverlay.self]
        case .control: context[ControlOverlay.self]
        case .toast: context[ToastOverlay.self]
        }
    }

    /// Adds `overlay` above `layer` and above the layers added after `layer` before it.
    public func insert(_ overlay: any Overlay, after layer: ContainerLayer) {
        var index = entries.firstIndex { if case .builtIn(layer) = $0 { true } else { false } } ?? entries.count - 1
        while index + 1 < entries.count, case .custom(_, let anchor) = entries[index + 1], anchor == layer {
            index += 1
        }
        entries.insert(.custom(overlay, after: layer), at: index + 1)
        context.setNeedsDisplay()
    }

    /// Removes a custom layer.
    public func remove(_ overlay: any Overlay) {
        entries.removeAll { if case .custom(let custom, _) = $0 { custom === overlay } else { false } }
        context.setNeedsDisplay()
    }

    // MARK: - OverlayHost

    /// Lays out for a window of `size` at `scale`.
    public func layout(size: Size, scale: Double) {
        context.bounds = Rect(origin: .zero, size: size)
        self.scale = scale
        refreshStatus()
        controls.relayout(context: widgetContext())
        context.setNeedsDisplay()
    }

    /// Where the video goes: the bounds less a squeezing feature panel. The picture keeps its
    /// aspect inside (``pictureFrame``).
    public var videoFrame: Rect { context.videoFrame }

    /// The share (0…0.5) of the video frame's height that the bottom controls cover while they
    /// show; 0 while they are hidden. Hosts pass it to the engine
    /// (``/ReelCore/EngineCommand/setSubtitleMargin(_:)``) so subtitles move above the control bar, as
    /// IINA and mpv's own OSC do.
    public var subtitleClearance: Double {
        let video = videoFrame
        guard enabledOverlays.contains(.control), controls.isPresented, video.height > 0,
            let bottom = controls.layout.frame(of: .bottom)
        else { return 0 }
        let covered = video.maxY - bottom.minY
        guard covered > 0 else { return 0 }
        return min(0.5, (covered / video.height * 1000).rounded() / 1000)
    }

    /// The picture's rectangle inside ``videoFrame`` (letterboxed to the video's aspect).
    public var pictureFrame: Rect {
        guard let aspect = context.state.playback.video?.displayAspect else { return videoFrame }
        return videoFrame.fitting(aspect: aspect)
    }

    /// Draws every layer, bottom to top.
    public func draw(in canvas: any Canvas) {
        refreshStatus()
        let widgets = widgetContext(measuring: canvas)
        for overlay in overlays { overlay.draw(in: canvas, context: widgets) }
        focus.drawRing(in: canvas, context: widgets)
        drewAnimation = overlays.contains { $0.isAnimating(context: widgets) }
        context.displayRequested = false
    }

    /// Whether the state changed, something asked for a redraw, something animates, or an
    /// animation ended after the last draw.
    public var needsDisplay: Bool {
        if context.displayRequested || drewAnimation { return true }
        let widgets = widgetContext()
        return overlays.contains { $0.isAnimating(context: widgets) }
    }

    /// The earliest time a layer's timer falls due (``Overlay/nextUpdate(context:)``), in the
    /// input time of the host's events; nil when none runs. The host sends a `tick` then.
    public var nextUpdate: Double? {
        let widgets = widgetContext()
        return Timing.earliest(overlays.map { $0.nextUpdate(context: widgets) })
    }

    /// A widget context for now, measuring text with `canvas` (or an estimate without one).
    public func widgetContext(measuring canvas: (any Canvas)? = nil) -> WidgetContext {
        context.widgetContext(measuring: canvas)
    }

    // MARK: - Status

    /// Recomputes the status from the bounds, the video's aspect and the fullscreen flag; a
    /// change relays out the controls and dismisses panels that ask for it. Also turns a new
    /// refused command into a toast.
    func refreshStatus() {
        let state = context.state
        let status =
            statusOverride
            ?? ContainerStatus.resolve(
                size: context.bounds.size, videoAspect: state.playback.video?.displayAspect, isFullscreen: isFullscreen)
        if status != context.status {
            context.status = status
            controls.invalidateLayout()
            features.statusDidChange()
            context.setNeedsDisplay()
        }
        if state.commandError != lastCommandError {
            lastCommandError = state.commandError
            if let error = state.commandError {
                toasts.show(Toast(context.configuration.strings.description(of: error)))
            }
        }
    }
}
