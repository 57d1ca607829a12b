import ReelComposable
import ReelContainer
import ReelCore
import Testing

@MainActor
@Suite("Gestures drive the player")
struct GestureActionTests {
    let harness = ContainerHarness()
    var container: PlayerContainer { harness.container }

    /// Two clicks 250 ms apart at `point`, then time for nothing else.
    func doubleTap(_ point: Point, at time: Double) {
        harness.click(point, at: time)
        harness.click(point, at: time + 0.25)
        harness.tick(time + 1)
    }

    @Test func doubleTapOnTheThirdsSkipsAndInTheMiddlePlaysOrPauses() async throws {
        try await harness.load()
        doubleTap(Point(x: 560, y: 120), at: 1)
        #expect(harness.commands == [.seek(.relative(10), precision: .keyframe)])
        #expect((container.plugins.widget as? BubbleWidget)?.text == "+10 s")
        harness.markCommands()
        doubleTap(Point(x: 60, y: 120), at: 3)
        #expect(harness.commands == [.seek(.relative(-10), precision: .keyframe)])
        harness.markCommands()
        doubleTap(Point(x: 320, y: 120), at: 5)
        #expect(harness.commands == [.pause])
        #expect(container.controls.isPresented)
    }

    @Test func aTapTogglesTheControlsOnceTheDoubleTapWindowCloses() async throws {
        try await harness.load()
        harness.click(Point(x: 200, y: 120), at: 1)
        #expect(container.controls.isPresented)
        harness.tick(1.2)
        #expect(container.controls.isPresented)
        harness.tick(1.4)
        #expect(!container.controls.isPresented)
        harness.click(Point(x: 200, y: 120), at: 2)
        harness.tick(2.4)
        #expect(container.controls.isPresented)
        #expect(harness.commands.isEmpty)
    }

    @Test func aClickOnAWidgetGoesToTheWidgetNotTheGestures() async throws {
        try await harness.load()
        harness.draw()
        let button = try #require(harness.frame(of: PlayPauseButton.self, in: .center))
        harness.click(button.center, at: 1)
        harness.tick(2)
        #expect(harness.commands == [.pause])
        #expect(container.controls.isPresented)
    }

    @Test func aHorizontalDragScrubsWithTheTargetInThePluginOverlay() async throws {
        try await harness.load(duration: 100)
        let start = Point(x: 100, y: 150)
        container.handle(.pointerDown(start, button: .primary, time: 1))
        container.handle(.pointerMoved(Point(x: 112, y: 151), time: 1.05))
        #expect(harness.state.scrub != nil)
        #expect(harness.commands == [.pause])
        container.handle(.pointerMoved(Point(x: 260, y: 160), time: 1.1))
        #expect(harness.state.scrub?.position == 25)
        #expect((container.plugins.widget as? BubbleWidget)?.text == "0:25 / 1:40")
        #expect(harness.state.currentLabel == "0:25")
        container.handle(.pointerUp(Point(x: 260, y: 160), button: .primary, time: 1.2))
        #expect(harness.commands == [.pause, .seek(.absolute(25), precision: .exact), .play])
        #expect(!container.plugins.isPresented)
        #expect(harness.state.scrub == nil)
    }

    @Test func aDragSeekStaysInsideTheMedia() async throws {
        try await harness.load(duration: 100)
        harness.drag(from: Point(x: 300, y: 100), to: Point(x: 0, y: 100), at: 1)
        #expect(harness.commands.last == .play)
        #expect(harness.commands.contains(.seek(.absolute(0), precision: .exact)))
    }

    @Test func aVerticalDragOnTheRightHalfSetsTheVolume() async throws {
        try await harness.load()
        harness.drag(from: Point(x: 500, y: 100), to: Point(x: 500, y: 244), at: 1)
        let volumes = harness.commands.compactMap { if case .setVolume(let level) = $0 { level } else { nil } }
        #expect(volumes.count == harness.commands.count)
        #expect(volumes.count == 4)
        #expect(volumes.last == 0.5)
        #expect(volumes == volumes.sorted(by: >))
        #expect(harness.state.playback.adjustments == .neutral)
    }

    @Test func aVerticalDragOnTheLeftHalfSetsTheBrightness() async throws {
        try await harness.load()
        // Down by half the span (144 of 0.8 × 360 px): 50 darker, in whole steps.
        container.handle(.pointerDown(Point(x: 100, y: 100), button: .primary, time: 1))
        container.handle(.pointerMoved(Point(x: 100, y: 172), time: 1.1))
        #expect((container.plugins.widget as? BubbleWidget)?.text == "Brightness -25")
        container.handle(.pointerMoved(Point(x: 100, y: 244), time: 1.2))
        container.handle(.pointerUp(Point(x: 100, y: 244), button: .primary, time: 1.3))
        let levels = harness.commands.compactMap {
            if case .setVideoAdjustments(let adjustments) = $0 { adjustments.brightness } else { nil }
        }
        #expect(levels.count == harness.commands.count)
        #expect(levels == [-25, -50])
        #expect(harness.state.playback.adjustments == VideoAdjustments(brightness: -50))
        #expect(harness.state.playback.volume == 1)
        #expect(!container.plugins.isPresented)
        // The next drag starts from there; up by twice the span stops at the top.
        harness.markCommands()
        harness.drag(from: Point(x: 100, y: 340), to: Point(x: 100, y: -236), at: 3, steps: 8)
        let raised = harness.commands.compactMap {
            if case .setVideoAdjustments(let adjustments) = $0 { adjustments.brightness } else { nil }
        }
        #expect(raised == [-25, 0, 25, 50, 75, 100])
        #expect(harness.state.commandError == nil)
        #expect(harness.state.playback.adjustments.brightness == 100)
    }

    @Test func aBrightnessDragSendsEachWholeStepOnce() async throws {
        try await harness.load()
        container.handle(.pointerDown(Point(x: 100, y: 100), button: .primary, time: 1))
        // 11, 12 and 13 px down: 3.8, 4.2 and 4.5 darker, so -4 once, then -5.
        for (index, y) in [111.0, 112, 113].enumerated() {
            container.handle(.pointerMoved(Point(x: 100, y: y), time: 1.1 + 0.1 * Double(index)))
        }
        container.handle(.pointerUp(Point(x: 100, y: 113), button: .primary, time: 1.5))
        #expect(
            harness.commands == [
                .setVideoAdjustments(VideoAdjustments(brightness: -4)),
                .setVideoAdjustments(VideoAdjustments(brightness: -5)),
            ])
    }

    @Test func theVerticalDragsAreConfigurable() async throws {
        var configuration = ContainerConfiguration.standard
        configuration.gestures.leftVerticalDrag = .volume
        configuration.gestures.rightVerticalDrag = nil
        let harness = ContainerHarness(configuration: configuration)
        try await harness.load()
        harness.drag(from: Point(x: 500, y: 100), to: Point(x: 500, y: 244), at: 1)
        #expect(harness.commands.isEmpty)
        #expect(!harness.container.plugins.isPresented)
        harness.drag(from: Point(x: 100, y: 100), to: Point(x: 100, y: 244), at: 3)
        #expect(harness.commands.last == .setVolume(0.5))
        #expect(harness.state.playback.adjustments == .neutral)
    }

    @Test func withoutVideoTheLeftHalfLeavesTheBrightness() async throws {
        try await harness.load(video: nil)
        harness.drag(from: Point(x: 100, y: 100), to: Point(x: 100, y: 244), at: 1)
        #expect(harness.commands.isEmpty)
        #expect(!container.plugins.isPresented)
    }

    /// A feed pages on vertical drags (`Examples/Feed`): its hook takes them on both halves,
    /// so neither the brightness nor the volume moves.
    @Test func aFeedsHookStillTakesVerticalDrags() async throws {
        try await harness.load()
        var pages = 0
        container.gestures.onGesture = { gesture, _ in
            switch gesture {
            case .dragBegan(.vertical, _), .dragChanged(.vertical, _, _): return true
            case .dragEnded(.vertical, _, _):
                pages += 1
                return true
            default: return false
            }
        }
        harness.drag(from: Point(x: 100, y: 240), to: Point(x: 100, y: 60), at: 1)
        harness.drag(from: Point(x: 500, y: 240), to: Point(x: 500, y: 60), at: 3)
        #expect(pages == 2)
        #expect(harness.commands.isEmpty)
        #expect(!container.plugins.isPresented)
    }

    @Test func aVolumeDragShowsTheLevel() async throws {
        try await harness.load()
        container.handle(.pointerDown(Point(x: 500, y: 100), button: .primary, time: 1))
        container.handle(.pointerMoved(Point(x: 500, y: 172), time: 1.1))
        #expect((container.plugins.widget as? BubbleWidget)?.text == "Volume 75%")
        container.handle(.pointerUp(Point(x: 500, y: 172), button: .primary, time: 1.2))
        #expect(!container.plugins.isPresented)
    }

    @Test func aLongPressPlaysAtDoubleSpeedAndRestoresThePreviousSpeed() async throws {
        try await harness.load()
        harness.store.send(.transport(.rateChanged(1.25)))
        harness.markCommands()
        let point = Point(x: 200, y: 120)
        container.handle(.pointerDown(point, button: .primary, time: 1))
        harness.tick(1.4)
        #expect(harness.commands.isEmpty)
        harness.tick(1.5)
        #expect(harness.commands == [.setSpeed(2)])
        #expect((container.plugins.widget as? BubbleWidget)?.text == "2× ▸▸")
        container.handle(.pointerUp(point, button: .primary, time: 3))
        harness.tick(4)
        #expect(harness.commands == [.setSpeed(2), .setSpeed(1.25)])
        #expect(!container.plugins.isPresented)
        #expect(container.controls.isPresented)
    }

    @Test func theWheelSkipsFiveSecondsPerStep() async throws {
        try await harness.load()
        let point = Point(x: 300, y: 100)
        container.handle(.scroll(dx: 0, dy: -1, at: point, time: 1))
        container.handle(.scroll(dx: 0, dy: 2, at: point, time: 1.1))
        container.handle(.scroll(dx: 0, dy: -0.5, at: point, time: 1.2))
        #expect(harness.commands.count == 2)
        container.handle(.scroll(dx: 0, dy: -0.5, at: point, time: 1.3))
        #expect(
            harness.commands == [
                .seek(.relative(5), precision: .keyframe), .seek(.relative(-10), precision: .keyframe),
                .seek(.relative(5), precision: .keyframe),
            ])
    }

    @Test func hoverShowsHiddenControls() async throws {
        try await harness.load()
        container.perform(.player(.controls(.hideRequested)))
        #expect(!container.controls.isPresented)
        container.handle(.pointerMoved(Point(x: 10, y: 10), time: 1))
        #expect(container.controls.isPresented)
    }

    @Test func hostGesturesSeeEveryEventFirst() async throws {
        try await harness.load()
        var seen: [InputEvent] = []
        container.eventHook = { event in
            seen.append(event)
            if case .scroll = event { return true }
            return false
        }
        container.handle(.scroll(dx: 0, dy: -1, at: Point(x: 1, y: 1), time: 1))
        doubleTap(Point(x: 560, y: 120), at: 2)
        #expect(seen.count == 6)
        #expect(harness.commands == [.seek(.relative(10), precision: .keyframe)])
    }

    @Test func theGestureHookCanTakeRecognisedGestures() async throws {
        try await harness.load()
        var taken: [Gesture] = []
        container.gestures.onGesture = { gesture, _ in
            guard case .doubleTap = gesture else { return false }
            taken.append(gesture)
            return true
        }
        doubleTap(Point(x: 560, y: 120), at: 1)
        #expect(taken == [.doubleTap(Point(x: 560, y: 120))])
        #expect(harness.commands.isEmpty)
    }
}
