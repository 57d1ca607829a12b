import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

/// A container over a real `Store` of `PlayerFeature` and a `FakeEngine`, with helpers that
/// feed input at explicit times.
@MainActor
final class ContainerHarness {
    static let url = URL(fileURLWithPath: "/media/clip.mp4")
    static let tracks = [
        Track(id: 1, kind: .video, codec: "h264", width: 1280, height: 720),
        Track(id: 1, kind: .audio, codec: "aac", language: "eng"),
        Track(id: 2, kind: .audio, codec: "aac", language: "ger"),
        Track(id: 1, kind: .subtitle, codec: "subrip", language: "eng"),
        Track(id: 2, kind: .subtitle, codec: "subrip", language: "fra"),
    ]

    let engine = FakeEngine()
    let store: Store<PlayerFeature.State, PlayerFeature.Action>
    let container: PlayerContainer
    let canvas: RecordingCanvas
    private var mark = 0

    init(configuration: ContainerConfiguration = .standard, size: Size = Size(width: 640, height: 360)) {
        // Host time is pinned before every engine sample, so positions never extrapolate; the
        // feature's own timers are pushed out of any test's reach.
        store = Store(
            initialState: PlayerFeature.State(),
            reducer: PlayerFeature(now: { HostTime(nanoseconds: 0) }, tickInterval: .seconds(100_000))
        ) { [engine] in $0.playbackEngine = engine }
        store.bridge(engine.events) { .engine($0) }
        container = PlayerContainer(store: store, configuration: configuration)
        canvas = RecordingCanvas(size: size)
        container.layout(size: size, scale: 1)
    }

    var state: PlayerFeature.State { store.state }

    /// Loads the clip (or `item`, played from the clip's media) and waits until it plays (or,
    /// without autoplay, until it is ready).
    func load(
        duration: Double? = 100, chapters: [Chapter] = [],
        video: VideoGeometry? = VideoGeometry(width: 1280, height: 720), tracks: [Track] = ContainerHarness.tracks,
        item: MediaItem = MediaItem(url: ContainerHarness.url, title: "Clip"), autoplay: Bool = true
    ) async throws {
        engine.setMedia(
            FakeEngine.Media(duration: duration, tracks: tracks, chapters: chapters, video: video), for: item.url)
        store.send(.queue(.loadRequested(item, autoplay: autoplay)))
        try await store.until("ready") { state in
            state.playback.status == .ready && (autoplay ? state.playerState == .playing : true)
        }
        markCommands()
    }

    /// Loads the clip, which fails with HTTP 404, waits for the failure and draws the error
    /// view; returns where its Retry button is.
    func loadFailing() async throws -> Rect {
        engine.setFailure(PlayerError(.httpStatus(404)), for: Self.url)
        store.send(.queue(.loadRequested(MediaItem(url: Self.url, title: "Clip"))))
        try await store.until("failed") { if case .failed = $0.playback.status { true } else { false } }
        markCommands()
        tick(1)
        draw()
        let overlay = try #require(
            container.overlays.compactMap { $0 as? IndicatorOverlay }.first { $0.widgets.contains { $0 is ErrorView } })
        let placed = try #require(overlay.layout(context: container.widgetContext()).first { $0.widget is ErrorView })
        return ErrorView().retryFrame(in: placed.frame)
    }

    /// Forgets the commands sent so far.
    func markCommands() { mark = engine.sentCommands.count }

    /// The commands sent since the last mark.
    var commands: [EngineCommand] { Array(engine.sentCommands.dropFirst(mark)) }

    @discardableResult
    func send(_ event: InputEvent) -> Bool { container.handle(event) }

    func tick(_ time: Double) { container.handle(.tick(time: time)) }

    /// A press and release at `point`, 50 ms apart.
    func click(_ point: Point, at time: Double) {
        container.handle(.pointerDown(point, button: .primary, time: time))
        container.handle(.pointerUp(point, button: .primary, time: time + 0.05))
    }

    /// A primary drag from `start` to `end` in `steps` moves, starting at `time`.
    func drag(from start: Point, to end: Point, at time: Double, steps: Int = 4) {
        container.handle(.pointerDown(start, button: .primary, time: time))
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            let point = Point(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
            container.handle(.pointerMoved(point, time: time + 0.02 * Double(step)))
        }
        container.handle(.pointerUp(end, button: .primary, time: time + 0.02 * Double(steps + 1)))
    }

    func key(_ key: Key, at time: Double, modifiers: KeyModifiers = []) -> Bool {
        container.handle(.keyDown(key, modifiers: modifiers, time: time))
    }

    /// Draws into a fresh recording.
    func draw() {
        canvas.reset()
        container.draw(in: canvas)
    }

    /// The frame of the first control widget of type `W` in `slot` satisfying `match`.
    func frame<W: Widget>(of type: W.Type, in slot: ControlSlot, where match: (W) -> Bool = { _ in true }) -> Rect? {
        container.controls.layout.items[slot]?.first { ($0.widget as? W).map(match) ?? false }?.frame
    }
}

/// A store without an engine (commands are refused and dropped).
@MainActor
func makeStore(_ state: PlayerFeature.State = PlayerFeature.State()) -> Store<PlayerFeature.State, PlayerFeature.Action>
{
    Store(
        initialState: state, reducer: PlayerFeature(tickInterval: .seconds(100_000)))
}
