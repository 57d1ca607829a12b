import ReelComposable
import ReelContainer
import Testing

/// Records what services do, in order.
@MainActor
final class ServiceLog {
    static let shared = ServiceLog()
    var entries: [String] = []
}

@MainActor
class Greeter: Service {
    weak var context: Context?
    private(set) var starts = 0
    private(set) var stops = 0
    required init(context: Context) { self.context = context }
    func start() { starts += 1 }
    func stop() { stops += 1 }
    func greeting() -> String { "hello" }
}

@MainActor
final class LoudGreeter: Greeter {
    override func greeting() -> String { "HELLO" }
}

@MainActor
final class FirstLogged: Service {
    init(context: Context) {}
    func start() { ServiceLog.shared.entries.append("start first") }
    func stop() { ServiceLog.shared.entries.append("stop first") }
}

@MainActor
final class SecondLogged: Service {
    private weak var context: Context?
    init(context: Context) { self.context = context }
    func start() {
        _ = context?[FirstLogged.self]
        ServiceLog.shared.entries.append("start second")
    }
    func stop() { ServiceLog.shared.entries.append("stop second") }
}

enum Music {
    @MainActor final class Player: Service {
        init(context: Context) {}
        let kind = "music"
    }
}

enum Video {
    @MainActor final class Player: Service {
        init(context: Context) {}
        let kind = "video"
    }
}

@MainActor
func makeContext() -> Context {
    Context(store: makeStore(), configuration: .standard)
}

@MainActor
@Suite("Context and services")
struct ContextTests {
    @Test func servicesAreMadeLazilyOncePerType() {
        let context = makeContext()
        #expect(!context.isRunning(Greeter.self))
        let first = context[Greeter.self]
        let second = context[Greeter.self]
        #expect(first === second)
        #expect(context.isRunning(Greeter.self))
        #expect(first.starts == 1)
        #expect(first.context === context)
    }

    @Test func twoTypesWithTheSameNameAreTwoServices() {
        #expect(String(describing: Music.Player.self) == String(describing: Video.Player.self))
        let context = makeContext()
        #expect(context[Music.Player.self].kind == "music")
        #expect(context[Video.Player.self].kind == "video")
        #expect(context[Music.Player.self].kind == "music")
    }

    @Test func aStoppedServiceRestartsFreshOnNextUse() {
        let context = makeContext()
        let first = context[Greeter.self]
        context.stopService(Greeter.self)
        #expect(first.stops == 1)
        #expect(!context.isRunning(Greeter.self))
        let second = context[Greeter.self]
        #expect(first !== second)
        #expect(second.starts == 1)
        #expect(second.stops == 0)
    }

    @Test func stoppingTheContextStopsEveryServiceLastStartedFirst() {
        ServiceLog.shared.entries = []
        let context = makeContext()
        _ = context[SecondLogged.self]
        context.stop()
        #expect(ServiceLog.shared.entries == ["start first", "start second", "stop second", "stop first"])
        #expect(!context.isRunning(FirstLogged.self))
        #expect(!context.isRunning(SecondLogged.self))
    }

    @Test func overridesWinBeforeFirstUseAndReplaceARunningInstance() {
        let context = makeContext()
        context.override(Greeter.self) { LoudGreeter(context: $0) }
        #expect(context[Greeter.self].greeting() == "HELLO")

        let other = makeContext()
        let plain = other[Greeter.self]
        #expect(plain.greeting() == "hello")
        other.override(Greeter.self) { LoudGreeter(context: $0) }
        #expect(plain.stops == 1)
        #expect(other[Greeter.self].greeting() == "HELLO")
    }

    @Test func releasingTheContextReleasesItsServices() {
        weak var weakContext: Context?
        weak var weakGreeter: Greeter?
        weak var weakControls: ControlOverlay?
        do {
            let context = makeContext()
            weakContext = context
            weakGreeter = context[Greeter.self]
            weakControls = context[ControlOverlay.self]
            _ = context[FeatureOverlay.self]
            _ = context[GestureService.self]
        }
        #expect(weakContext == nil)
        #expect(weakGreeter == nil)
        #expect(weakControls == nil)
    }

    @Test func releasingTheContainerReleasesEverything() {
        weak var weakContainer: PlayerContainer?
        weak var weakContext: Context?
        weak var weakControls: ControlOverlay?
        weak var weakStore: Store<PlayerFeature.State, PlayerFeature.Action>?
        do {
            let store = makeStore()
            let container = PlayerContainer(store: store)
            container.layout(size: Size(width: 640, height: 360), scale: 1)
            container.handle(.pointerMoved(Point(x: 10, y: 10), time: 1))
            container.perform(.openMenu(.speed))
            container.draw(in: RecordingCanvas())
            weakContainer = container
            weakContext = container.context
            weakControls = container.controls
            weakStore = store
        }
        #expect(weakContainer == nil)
        #expect(weakContext == nil)
        #expect(weakControls == nil)
        #expect(weakStore == nil)
    }

    @Test func widgetsReachServicesThroughTheContext() {
        let context = makeContext()
        let widgets = WidgetContext(
            services: context, contentFrame: Rect(x: 0, y: 0, width: 100, height: 100),
            measureText: WidgetContext.estimatedTextSize)
        #expect(widgets[Greeter.self] === context[Greeter.self])
    }
}
