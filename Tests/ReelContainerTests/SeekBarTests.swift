import ReelComposable
import ReelContainer
import ReelCore
import Testing

@MainActor
@Suite("Seek bar")
struct SeekBarTests {
    let frame = Rect(x: 100, y: 300, width: 400, height: 20)

    func context(_ configure: (inout PlayerFeature.State) -> Void) -> WidgetContext {
        var state = PlayerFeature.State()
        state.playback.duration = 100
        configure(&state)
        let services = Context(store: makeStore(state))
        return WidgetContext(
            services: services, contentFrame: Rect(x: 0, y: 0, width: 640, height: 360),
            measureText: WidgetContext.estimatedTextSize)
    }

    @Test func drawsBufferedRangesChapterTicksAndProgressAtTheirX() {
        let widgets = context {
            $0.playback.bufferedRanges = [TimeRange(start: 0, end: 40), TimeRange(start: 60, end: 75)]
            $0.playback.chapters = [
                Chapter(title: "Intro", start: 0), Chapter(title: "A", start: 25), Chapter(title: "B", start: 50),
            ]
            $0.elapsedTime = 10
        }
        let canvas = RecordingCanvas()
        let bar = SeekBar()
        bar.draw(in: canvas, frame: frame, context: widgets)
        let theme = widgets.theme
        let track = bar.trackRect(in: frame)
        #expect(
            canvas.fills(theme.buffered) == [
                Rect(x: 100, y: track.minY, width: 160, height: track.height),
                Rect(x: 340, y: track.minY, width: 60, height: track.height),
            ])
        #expect(canvas.fills(theme.chapterTick).map(\.midX) == [200, 300])
        let accent = canvas.fills(theme.accent)
        #expect(accent.first == Rect(x: 100, y: track.minY, width: 40, height: track.height))
        #expect(accent.last?.midX == 140)
        #expect(canvas.texts.isEmpty)
    }

    @Test func hoverShowsTheTimeAboveThePointerWithAPreview() throws {
        let widgets = context { _ in }
        var asked: [Double] = []
        let preview = RGBAImage(width: 4, height: 2, pixels: [UInt8](repeating: 255, count: 32))
        let bar = SeekBar { time in
            asked.append(time)
            return preview
        }
        #expect(!bar.handle(.pointerMoved(Point(x: 220, y: 310), time: 1), in: frame, context: widgets))
        let canvas = RecordingCanvas()
        bar.draw(in: canvas, frame: frame, context: widgets)
        #expect(canvas.texts == ["0:30"])
        #expect(asked == [30])
        let image = try #require(canvas.imageRects.first)
        #expect(image.midX == 220)
        #expect(image.maxY < frame.minY)
        _ = bar.handle(.pointerExited(time: 2), in: frame, context: widgets)
        canvas.reset()
        bar.draw(in: canvas, frame: frame, context: widgets)
        #expect(canvas.texts.isEmpty)
    }

    /// Over a chapter, the label says its title; over a part without a title, the time alone.
    @Test func hoverNamesTheChapterUnderThePointer() {
        let widgets = context {
            $0.playback.chapters = [Chapter(title: nil, start: 0), Chapter(title: "Main", start: 25)]
        }
        let bar = SeekBar()
        let canvas = RecordingCanvas()
        _ = bar.handle(.pointerMoved(Point(x: 220, y: 310), time: 1), in: frame, context: widgets)
        bar.draw(in: canvas, frame: frame, context: widgets)
        #expect(canvas.texts == ["0:30 · Main"])
        _ = bar.handle(.pointerMoved(Point(x: 180, y: 310), time: 2), in: frame, context: widgets)
        canvas.reset()
        bar.draw(in: canvas, frame: frame, context: widgets)
        #expect(canvas.texts == ["0:20"])
    }

    @Test func thePreviewStaysInsideTheWindowAtTheEdges() throws {
        let widgets = context { _ in }
        let preview = RGBAImage(width: 160, height: 90, pixels: [UInt8](repeating: 255, count: 160 * 90 * 4))
        let bar = SeekBar { _ in preview }
        let canvas = RecordingCanvas()
        for x in [frame.minX + 1, frame.maxX - 1] {
            _ = bar.handle(.pointerMoved(Point(x: x, y: frame.midY), time: 1), in: frame, context: widgets)
            canvas.reset()
            bar.draw(in: canvas, frame: frame, context: widgets)
            let image = try #require(canvas.imageRects.first)
            #expect(image.minX >= 0)
            #expect(image.maxX <= canvas.size.width)
        }
    }

    @Test func aLiveItemTakesNoInput() {
        let widgets = context { $0.playback.duration = nil }
        let bar = SeekBar()
        #expect(!bar.handle(.pointerDown(frame.center, button: .primary, time: 1), in: frame, context: widgets))
        let canvas = RecordingCanvas()
        bar.draw(in: canvas, frame: frame, context: widgets)
        #expect(canvas.calls.count == 1)
    }

    @Test func draggingTheBarScrubsAndSeeksOnRelease() async throws {
        let harness = ContainerHarness()
        try await harness.load(duration: 100)
        harness.draw()
        let bar = try #require(harness.frame(of: SeekBar.self, in: .bottom1))
        let quarter = Point(x: bar.minX + bar.width / 4, y: bar.midY)
        let half = Point(x: bar.midX, y: bar.midY - 40)
        harness.send(.pointerDown(quarter, button: .primary, time: 1))
        #expect(harness.state.scrub?.position == 25)
        harness.send(.pointerMoved(half, time: 1.1))
        #expect(harness.state.scrub?.position == 50)
        #expect(harness.state.currentLabel == "0:50")
        harness.send(.pointerUp(half, button: .primary, time: 1.2))
        harness.tick(2)
        #expect(harness.commands == [.pause, .seek(.absolute(50), precision: .exact), .play])
        #expect(harness.container.controls.isPresented)
    }

    @Test func leavingTheWindowMidScrubCommitsIt() async throws {
        let harness = ContainerHarness()
        try await harness.load(duration: 100)
        harness.draw()
        let bar = try #require(harness.frame(of: SeekBar.self, in: .bottom1))
        harness.send(.pointerDown(Point(x: bar.minX + bar.width * 0.75, y: bar.midY), button: .primary, time: 1))
        harness.send(.pointerExited(time: 1.1))
        #expect(harness.state.scrub == nil)
        #expect(harness.commands == [.pause, .seek(.absolute(75), precision: .exact), .play])
        harness.send(.pointerMoved(Point(x: 10, y: 10), time: 2))
        harness.send(.pointerUp(Point(x: 10, y: 10), button: .primary, time: 2.1))
        #expect(harness.commands.count == 3)
    }
}
