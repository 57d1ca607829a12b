import ReelComposable
import ReelCore

/// One player's service locator and environment: its store, configuration, status and clock.
///
/// ```swift
/// let context = Context(store: store)
/// context.override(ChapterService.self) { ChapterService(context: $0) }   // before first use
/// context[ToastOverlay.self].show(Toast("Hello"))
/// context.send(.transport(.playPauseToggled(reason: .user)))
/// ```
///
/// Services are keyed by type identity (`ObjectIdentifier`), never by type name, so two types
/// that share a name in different scopes are two services. Each type gets one instance, made
/// lazily and started on first use. ``stop()`` stops them all; the next use starts a fresh one.
///
/// ## Threading
/// Main actor only.
@MainActor
public final class Context {
    /// The player's store. Widgets and services send actions to it; nothing here calls an engine.
    public let store: Store<PlayerFeature.State, PlayerFeature.Action>
    /// What the container shows and how it behaves. The theme, gestures, keys, speeds and menu
    /// width are read as they are used; the control overlay and the buffering indicator copy
    /// their parts when they start (change them on the running service afterwards); the
    /// indicators are read when the container is made.
    public var configuration: ContainerConfiguration {
        didSet { setNeedsDisplay() }
    }
    /// The time now, in seconds of the host's clock: the latest input time (hosts stamp every
    /// ``/ReelCanvas/InputEvent``, ticks included), or the host's ``PlayerContainer/clock`` when that reads
    /// later.
    public var now: Double { clock.map { max(latestInput, $0()) } ?? latestInput }
    /// The latest input time.
    var latestInput = 0.0
    /// The host's clock (``PlayerContainer/clock``).
    var clock: (@MainActor () -> Double)?
    /// How the container is shown now.
    public internal(set) var status: ContainerStatus = .inline
    /// Whether the video fills the screen: the player's presentation, which the window follows.
    public var isFullscreen: Bool { state.presentation == .fullscreen }
    /// The container's bounds in logical pixels.
    public internal(set) var bounds: Rect = .zero

    private var services: [ObjectIdentifier: any Service] = [:]
    private var startOrder: [ObjectIdentifier] = []
    private var factories: [ObjectIdentifier: (Context) -> any Service] = [:]
    private var creating: Set<ObjectIdentifier> = []
    /// Runs container actions; the container installs it (capturing itself weakly).
    var actionHandler: ((ContainerAction) -> Void)?
    /// Whether something asked for a redraw since the last draw.
    var displayRequested = true
    /// Told of every ``setNeedsDisplay()``: the container wakes its host with it.
    var onDisplayRequest: (@MainActor () -> Void)?
    /// The built-in layers that draw and take input (``PlayerContainer/enable(overlays:)``).
    var enabledLayers = Set(ContainerLayer.allCases)

    /// Creates a context for `store`.
    public init(
        store: Store<PlayerFeature.State, PlayerFeature.Action>, configuration: ContainerConfiguration = .standard
    ) {
        self.store = store
        self.configuration = configuration
    }

    /// The player's state now.
    public var state: PlayerFeature.State { store.state }

    /// The single instance of `type`, made and started on first use.
    public subscript<S: Service>(_ type: S.Type) -> S {
        let key = ObjectIdentifier(type)
        if let existing = services[key] as? S { return existing }
        precondition(!creating.contains(key), "\(type) needs itself while it is being made (a dependency cycle)")
        creating.insert(key)
        let service = factories[key].flatMap { $0(self) as? S } ?? S(context: self)
        creating.remove(key)
        services[key] = service
        service.start()
        startOrder.append(key)
        return service
    }

    /// Whether an instance of `type` is running.
    public func isRunning<S: Service>(_ type: S.Type) -> Bool { services[ObjectIdentifier(type)] != nil }

    /// Makes `type` with `factory` from now on (tests use this before first use). A running
    /// instance is stopped, so the next use gets the override.
    public func override<S: Service>(_ type: S.Type, with factory: @escaping @MainActor (Context) -> S) {
        let key = ObjectIdentifier(type)
        factories[key] = { factory($0) }
        if services[key] != nil { stopService(type) }
    }

    /// Stops the instance of `type`, if running; the next use makes and starts a new one.
    public func stopService<S: Service>(_ type: S.Type) {
        let key = ObjectIdentifier(type)
        guard let service = services.removeValue(forKey: key) else { return }
        startOrder.removeAll { $0 == key }
        service.stop()
        setNeedsDisplay()
    }

    /// Stops every running service in the reverse order of their starts (a service that used
    /// another in its ``Service/start()`` is stopped before it).
    public func stop() {
        let order = startOrder
        let running = services
        services = [:]
        startOrder = []
        for key in order.reversed() { running[key]?.stop() }
        setNeedsDisplay()
    }

    /// Sends an action to the store.
    public func send(_ action: PlayerFeature.Action) { store.send(action) }

    /// Performs a container action (keys, gestures and widgets all speak this vocabulary).
    public func perform(_ action: ContainerAction) { actionHandler?(action) }

    /// Asks the host to draw again: from a layer, a service, or a callback of their own (a seek
    /// preview's image arrived); a host that sleeps wakes up for it.
    public func setNeedsDisplay() {
        displayRequested = true
        onDisplayRequest?()
    }

    /// The video area: the bounds less a squeezing feature panel.
    var videoFrame: Rect { self[FeatureOverlay.self].contentFrame(in: bounds) }

    /// A widget context for now, measuring text with `canvas` (or an estimate without one).
    func widgetContext(measuring canvas: (any Canvas)? = nil) -> WidgetContext {
        let measure: @MainActor (String, Font) -> Size =
            if let canvas { { canvas.measureText($0, font: $1) } } else { WidgetContext.estimatedTextSize }
        return WidgetContext(services: self, contentFrame: videoFrame, measureText: measure)
    }
}
