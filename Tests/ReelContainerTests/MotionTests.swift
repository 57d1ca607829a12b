import ReelComposable
import ReelContainer
import ReelCore
import Testing

extension RecordingCanvas {
    /// The bounding boxes of the fills in `color`'s red, green and blue at any alpha, with their
    /// alpha as a share of `color`'s.
    func fadedFills(_ color: Color) -> [(frame: Rect, opacity: Double)] {
        calls.compactMap {
            guard case .fill(let path, let fill) = $0, fill.red == color.red, fill.green == color.green,
                fill.blue == color.blue
            else { return nil }
            return (path.boundingBox, fill.alpha / color.alpha)
        }
    }

    /// The index of the first call that fills in `color`'s red, green and blue.
    func firstFillIndex(_ color: Color) -> Int? {
        calls.firstIndex {
            if case .fill(_, let fill) = $0 { fill.red == color.red && fill.green == color.green } else { false }
        }
    }
}

func expectClose(
    _ actual: Double, _ expected: Double, within tolerance: Double = 0.000_01,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(abs(actual - expected) <= tolerance, "\(actual) is not \(expected)", sourceLocation: sourceLocation)
}

func expectClose(
    _ actual: Rect?, _ expected: Rect, within tolerance: Double = 0.001,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let actual else {
        Issue.record("nothing drawn where \(expected) was expected", sourceLocation: sourceLocation)
        return
    }
    let close =
        abs(actual.minX - expected.minX) <= tolerance && abs(actual.minY - expected.minY) <= tolerance
        && abs(actual.width - expected.width) <= tolerance && abs(actual.height - expected.height) <= tolerance
    #expect(close, "\(actual) is not \(expected)", sourceLocation: sourceLocation)
}

/// Rect helpers for the expected positions of moving widgets.
extension Rect {
    func offsetBy(dx: Double = 0, dy: Double = 0) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    func scaled(_ factor: Double) -> Rect {
        Rect(
            x: midX - width * factor / 2, y: midY - height * factor / 2, width: width * factor, height: height * factor)
    }
}

@MainActor
@Suite("Easing, tweens and transitions")
struct EasingTests {
    @Test func theNamedCurvesRunFromZeroToOneTheirOwnWay() {
        for easing in [Easing.linear, .easeIn, .easeOut, .easeInOut] {
            #expect(easing.value(at: 0) == 0 && easing.value(at: 1) == 1)
            #expect(easing.value(at: -3) == 0 && easing.value(at: 7) == 1)
            let samples = stride(from: 0.0, through: 1, by: 0.01).map { easing.value(at: $0) }
            #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 })
        }
        #expect(Easing.linear.value(at: 0.3) == 0.3)
        // The values of CSS's curves of the same names.
        expectClose(Easing.easeIn.value(at: 0.5), 0.315357)
        expectClose(Easing.easeOut.value(at: 0.5), 0.684643)
        expectClose(Easing.easeInOut.value(at: 0.25), 0.129162)
        expectClose(Easing.easeInOut.value(at: 0.5), 0.5)
        expectClose(Easing.easeInOut.value(at: 0.75), 0.870838)
        expectClose(Easing.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1).value(at: 0.5), 0.802403)  // `ease`
        let back = Easing.cubicBezier(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1)
        expectClose(back.value(at: 0.5), 1.087401)  // past the end, then back
        #expect(back.value(at: 1) == 1)
    }

    @Test func badControlPointsAndDurationsStillMakeUsableAnimations() {
        let repaired = Easing.cubicBezier(x1: -2, y1: .nan, x2: 5, y2: .infinity)
        #expect(repaired == .cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1))
        expectClose(repaired.value(at: 0.4), 0.4)
        // A flat start (no slope for Newton's method) is solved by bisection.
        let flat = Easing.cubicBezier(x1: 1, y1: 0, x2: 1, y2: 0)
        let samples = stride(from: 0.0, through: 1, by: 0.05).map { flat.value(at: $0) }
        #expect(samples.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 })
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(Animation(duration: -1).duration == 0)
        #expect(Animation(duration: .nan).duration == 0)
        #expect(Tween(from: 0, to: 1, start: 0, duration: .infinity).value(at: 0) == 1)
    }

    @Test func aTweenEasesForItsDurationAndTurnsBackFromWhereItIs() {
        let tween = Tween(from: 0, to: 1, start: 10, animation: .easeIn(duration: 0.2))
        #expect(tween.value(at: 9) == 0)
        expectClose(tween.value(at: 10.1), 0.315357)
        #expect(tween.isRunning(at: 10.19))
        #expect(!tween.isRunning(at: 10.2))
        #expect(tween.value(at: 10.2) == 1)
        let back = tween.retargeted(to: 0, at: 10.1, animation: .linear(duration: 0.2))
        expectClose(back.from, 0.315357)
        expectClose(back.duration, 0.2 * 0.315357)
        #expect(back.easing == .linear)
        expectClose(back.value(at: 10.1 + back.duration / 2), 0.315357 / 2)
        #expect(!Tween.constant(1).isRunning(at: 0))
    }

    @Test func transitionsCombineAndCarryTheirAnimations() {
        let slide = Transition.move(edge: .bottom, distance: 30).combined(with: .opacity).combined(with: .scale(0.5))
        #expect(slide.insertion == Transition.Effect(opacity: 0, edge: .bottom, distance: 30, scale: 0.5))
        #expect(slide.removal == slide.insertion)
        #expect(slide.insertionAnimation == .default && slide.removalAnimation == .default)
        #expect(Animation.default == .easeInOut(duration: 0.2))
        let toast = Transition.asymmetric(
            insertion: .move(edge: .left), removal: .opacity.animation(.easeIn(duration: 0.5)))
        #expect(toast.insertion == Transition.Effect(edge: .left))
        #expect(toast.removal == Transition.Effect(opacity: 0))
        #expect(toast.insertionAnimation == .default && toast.removalAnimation == .easeIn(duration: 0.5))
        let timed = Transition.opacity.animation(insertion: .linear(duration: 0.1), removal: .easeOut(duration: 0.4))
        #expect(timed.insertionAnimation == .linear(duration: 0.1) && timed.removalAnimation == .easeOut(duration: 0.4))
        #expect(
            Transition.instant.insertionAnimation.duration == 0 && Transition.instant.removalAnimation.duration == 0)
        let odd = Transition.Effect(opacity: 3, distance: -5, scale: -1)
        #expect(odd.opacity == 1 && odd.distance == 0 && odd.scale == 0)
    }
}

@MainActor
@Suite("Motion of the controls, plugins, toasts and panels")
struct MotionTests {
    static let colors: [ControlSlot: Color] = [
        .top1: boxColor(1), .bottom1: boxColor(2), .left: boxColor(3), .right: boxColor(4), .center: boxColor(5),
    ]

    /// A container whose five regions each hold one box, shown, at input time 10.
    func fiveBoxes(
        configure: (inout ControlConfiguration) -> Void = { _ in }, status: ContainerStatus = .inline
    ) -> (PlayerContainer, RecordingCanvas) {
        var controls = ControlConfiguration()
        controls.displayStyle = .manual
        for (slot, color) in Self.colors {
            controls.setWidgets([BoxWidget(width: 40, height: 30, color: color)], in: slot)
        }
        configure(&controls)
        let (container, canvas) = makeContainer(controls, status: status)
        container.handle(.tick(time: 10))
        return (container, canvas)
    }

    func draw(_ container: PlayerContainer, _ canvas: RecordingCanvas, at time: Double) {
        container.handle(.tick(time: time))
        canvas.reset()
        container.draw(in: canvas)
    }

    @Test func theEdgeRegionsSlideAndFadeTheCentreFadesByDefault() throws {
        let (container, canvas) = fiveBoxes()
        draw(container, canvas, at: 10)
        let rest = Self.colors.mapValues { canvas.fadedFills($0).first?.frame ?? .zero }
        let video = container.videoFrame
        // How far each region goes: until it is just past its edge of the video area.
        let distance: [ControlSlot: (dx: Double, dy: Double)] = [
            .top1: (0, -(try #require(rest[.top1]).maxY - video.minY)),
            .bottom1: (0, video.maxY - (try #require(rest[.bottom1]).minY)),
            .left: (-(try #require(rest[.left]).maxX - video.minX), 0),
            .right: (video.maxX - (try #require(rest[.right]).minX), 0),
            .center: (0, 0),
        ]
        container.perform(.player(.controls(.hideRequested)))
        // 0.2 s, slow at both ends: a quarter of the time is 12.9 % of the way, half is half.
        for (time, shown) in [(10.05, 1 - 0.129162), (10.1, 0.5), (10.15, 1 - 0.870838)] {
            draw(container, canvas, at: time)
            for (slot, color) in Self.colors {
                let drawn = try #require(canvas.fadedFills(color).first, "\(slot) at \(time)")
                let move = try #require(distance[slot])
                let rect = try #require(rest[slot])
                expectClose(drawn.frame, rect.offsetBy(dx: move.dx * (1 - shown), dy: move.dy * (1 - shown)))
                expectClose(drawn.opacity, shown)
            }
            expectClose(container.controls.opacity(of: .bottom), shown)
        }
        #expect(container.controls.isAnimating(context: container.widgetContext()))
        draw(container, canvas, at: 10.2)
        #expect(Self.colors.values.allSatisfy { canvas.fadedFills($0).isEmpty })
        #expect(!container.controls.isAnimating(context: container.widgetContext()))

        container.perform(.player(.controls(.showRequested)))
        draw(container, canvas, at: 10.3)
        let top = try #require(canvas.fadedFills(boxColor(1)).first)
        expectClose(
            top.frame, try #require(rest[.top1]).offsetBy(dy: -(try #require(rest[.top1]).maxY - video.minY) / 2))
        expectClose(top.opacity, 0.5)
    }

    @Test func theWholeOverlayFadesToAnOpacityAndKeepsTakingInput() throws {
        let shade = Color(red: 0.02, green: 0.01, blue: 0, alpha: 0.6)
        let (container, canvas) = fiveBoxes { $0.dimming = shade }
        let controls = container.controls
        draw(container, canvas, at: 10)
        let rest = try #require(canvas.fadedFills(boxColor(2)).first?.frame)
        controls.setOpacity(0.5, animation: .linear(duration: 0.4))
        #expect(controls.opacity == 0.5)
        draw(container, canvas, at: 10.2)
        // Halfway from 1 to 0.5: every region and the dimming at 0.75, where they rest.
        for color in Self.colors.values { expectClose(try #require(canvas.fadedFills(color).first).opacity, 0.75) }
        expectClose(try #require(canvas.fadedFills(shade).first).opacity, 0.75)
        expectClose(try #require(canvas.fadedFills(boxColor(2)).first).frame, rest)
        #expect(controls.isAnimating(context: container.widgetContext()))
        draw(container, canvas, at: 10.4)
        expectClose(try #require(canvas.fadedFills(boxColor(2)).first).opacity, 0.5)
        #expect(!controls.isAnimating(context: container.widgetContext()))
        // Inside it, a region still fades by its own transition: half of a half.
        container.perform(.player(.controls(.hideRequested)))
        draw(container, canvas, at: 10.5)
        expectClose(try #require(canvas.fadedFills(boxColor(5)).first).opacity, 0.25)
        container.perform(.player(.controls(.showRequested)))
        draw(container, canvas, at: 11)

        // At 0, nothing is drawn, and the controls still take a press.
        controls.setOpacity(0, animation: nil)
        draw(container, canvas, at: 11.1)
        #expect(canvas.calls.isEmpty)
        #expect(container.handle(.pointerDown(rest.center, button: .primary, time: 11.2)))
        controls.setOpacity(1, animation: nil)
        draw(container, canvas, at: 11.3)
        expectClose(try #require(canvas.fadedFills(boxColor(2)).first).opacity, 1)
    }

    @Test func aRegionTakesItsOwnTransitionPerStatus() throws {
        let configure: (inout ControlConfiguration) -> Void = {
            $0.setTransition(.scale(0.5).animation(.linear(duration: 0.4)), for: .center, in: [.fullscreen])
        }
        let (fullscreen, canvas) = fiveBoxes(configure: configure, status: .fullscreen)
        draw(fullscreen, canvas, at: 10)
        let rest = try #require(canvas.fadedFills(boxColor(5)).first?.frame)
        fullscreen.perform(.player(.controls(.hideRequested)))
        draw(fullscreen, canvas, at: 10.1)
        let quarter = try #require(canvas.fadedFills(boxColor(5)).first)
        expectClose(quarter.frame, rest.scaled(1 - 0.5 * 0.25))  // a quarter of the way to half its size
        #expect(quarter.opacity == 1)  // a scale without a fade
        #expect(fullscreen.controls.opacity(of: .center) == 1)
        draw(fullscreen, canvas, at: 10.4)
        #expect(canvas.fadedFills(boxColor(5)).isEmpty)

        let (inline, inlineCanvas) = fiveBoxes(configure: configure, status: .inline)
        draw(inline, inlineCanvas, at: 10)
        let inlineRest = try #require(inlineCanvas.fadedFills(boxColor(5)).first?.frame)
        inline.perform(.player(.controls(.hideRequested)))
        draw(inline, inlineCanvas, at: 10.1)
        let faded = try #require(inlineCanvas.fadedFills(boxColor(5)).first)
        expectClose(faded.frame, inlineRest)
        expectClose(faded.opacity, 0.5)
    }

    @Test func theDimmingShadesTheWholeVideoUnderTheControlsAndFadesWithThem() throws {
        let shade = Color(red: 0.02, green: 0.01, blue: 0, alpha: 0.6)
        let (container, canvas) = fiveBoxes { $0.dimming = shade }
        draw(container, canvas, at: 10)
        let dimmed = try #require(canvas.fadedFills(shade).first)
        #expect(canvas.fadedFills(shade).count == 1)
        #expect(dimmed.frame == container.videoFrame)
        expectClose(dimmed.opacity, 1)
        let under = try #require(canvas.firstFillIndex(shade))
        #expect(Self.colors.values.allSatisfy { (canvas.firstFillIndex($0) ?? -1) > under })

        container.perform(.player(.controls(.hideRequested)))
        draw(container, canvas, at: 10.1)
        expectClose(try #require(canvas.fadedFills(shade).first).opacity, 0.5)
        draw(container, canvas, at: 10.2)
        #expect(canvas.fadedFills(shade).isEmpty)

        let (plain, plainCanvas) = fiveBoxes()
        draw(plain, plainCanvas, at: 10)
        #expect(plainCanvas.fadedFills(shade).isEmpty)
        #expect(plainCanvas.calls.count == 5 + 2)  // five boxes, the top and bottom scrims
    }

    @Test func aPluginComesAndGoesWithItsTransitionAndStaysDrawnUntilItHasGone() throws {
        let container = PlayerContainer(store: makeStore(), configuration: ContainerConfiguration())
        let canvas = RecordingCanvas()
        container.layout(size: Size(width: 640, height: 360), scale: 1)
        let box = BoxWidget(width: 40, height: 20, color: boxColor(1))
        let rest = Rect(x: 300, y: 170, width: 40, height: 20)
        draw(container, canvas, at: 5)
        container.plugins.present(box, transition: .move(edge: .top, distance: 40).animation(.linear(duration: 0.2)))
        #expect(container.plugins.isPresented)
        draw(container, canvas, at: 5.1)
        expectClose(canvas.fadedFills(box.color).first?.frame, rest.offsetBy(dy: -20))
        #expect(canvas.fadedFills(box.color).first?.opacity == 1)
        draw(container, canvas, at: 5.2)
        expectClose(canvas.fadedFills(box.color).first?.frame, rest)

        container.plugins.dismiss()
        #expect(!container.plugins.isPresented)
        #expect(container.plugins.widget === box)
        draw(container, canvas, at: 5.35)
        expectClose(canvas.fadedFills(box.color).first?.frame, rest.offsetBy(dy: -30))
        #expect(container.needsDisplay)
        draw(container, canvas, at: 5.4)
        #expect(container.plugins.widget == nil)
        #expect(canvas.fadedFills(box.color).isEmpty)
        #expect(!container.needsDisplay)

        // The default fades; a widget presented while one shows takes its place at once.
        container.plugins.present(BubbleWidget(text: "one"))
        draw(container, canvas, at: 5.5)
        expectClose(try #require(canvas.fadedFills(Theme.standard.bubbleBackground).first).opacity, 0.5)
        draw(container, canvas, at: 5.6)
        container.plugins.present(BubbleWidget(text: "two"))
        draw(container, canvas, at: 5.6)
        #expect(canvas.texts == ["two"])
        #expect(canvas.fadedFills(Theme.standard.bubbleBackground).first?.opacity == 1)
        // Presented again on its way out, it turns back from where it was.
        container.plugins.dismiss()
        draw(container, canvas, at: 5.7)
        container.plugins.present(box)
        draw(container, canvas, at: 5.75)
        expectClose(try #require(canvas.fadedFills(box.color).first).opacity, 0.5 + 0.5 * 0.5)
        container.plugins.dismiss(animation: .instant)
        #expect(container.plugins.widget == nil)
    }

    @Test func aToastSlidesInFromTheLeftAndFadesOut() throws {
        let container = PlayerContainer(store: makeStore(), configuration: ContainerConfiguration())
        let canvas = RecordingCanvas()
        container.layout(size: Size(width: 640, height: 360), scale: 1)
        draw(container, canvas, at: 10)
        let box = BoxWidget(width: 120, height: 30, color: boxColor(2))
        container.toasts.show(Toast(content: box, duration: 1))
        let rest = try #require(container.toasts.frames(context: container.widgetContext()).first)
        #expect(rest == Rect(x: 16, y: 360 - 72 - 30, width: 120, height: 30))
        draw(container, canvas, at: 10.1)
        let sliding = try #require(canvas.fadedFills(box.color).first)
        expectClose(sliding.frame, rest.offsetBy(dx: -rest.maxX / 2))  // half of the way from past the edge
        #expect(sliding.opacity == 1)
        draw(container, canvas, at: 10.2)
        expectClose(canvas.fadedFills(box.color).first?.frame, rest)

        draw(container, canvas, at: 11)
        #expect(container.toasts.visible.isEmpty)
        draw(container, canvas, at: 11.1)
        let fading = try #require(canvas.fadedFills(box.color).first)
        expectClose(fading.frame, rest)
        expectClose(fading.opacity, 0.5)
        draw(container, canvas, at: 11.2)
        #expect(canvas.fadedFills(box.color).isEmpty)
        #expect(!container.needsDisplay)

        container.toasts.transition = .opacity.animation(.linear(duration: 0.4))
        container.toasts.show(Toast(content: box, duration: 1))
        draw(container, canvas, at: 11.3)
        let appearing = try #require(canvas.fadedFills(box.color).first)
        expectClose(appearing.frame, rest)
        expectClose(appearing.opacity, 0.25)
    }

    @Test func aPanelSlidesWithItsAnimationsEasing() {
        let container = PlayerContainer(store: makeStore(), configuration: ContainerConfiguration())
        container.layout(size: Size(width: 640, height: 360), scale: 1)
        container.handle(.tick(time: 1))
        let panel = FeaturePanel(
            edge: .right, extent: 200, content: BoxWidget(width: 1, height: 1), animation: .easeIn(duration: 0.2))
        container.features.present(panel)
        container.handle(.tick(time: 1.1))
        expectClose(container.features.progress, 0.315357)
        let frame = panel.frame(in: container.context.bounds, progress: container.features.progress)
        expectClose(frame.minX, 640 - 200 * 0.315357, within: 0.001)
        container.handle(.tick(time: 1.2))
        #expect(container.features.progress == 1)
        container.features.dismiss()
        container.handle(.tick(time: 1.3))
        expectClose(container.features.progress, 1 - 0.315357)
    }

    @Test func onceEveryWayHasEndedNothingAnimatesAndIdleTicksDrawNothing() {
        let container = PlayerContainer(store: makeStore())
        let canvas = RecordingCanvas()
        container.layout(size: Size(width: 640, height: 360), scale: 1)
        draw(container, canvas, at: 1)
        #expect(!container.needsDisplay)
        container.perform(.player(.controls(.hideRequested)))
        container.plugins.present(BubbleWidget(text: "+10 s"), duration: 0.5)
        container.toasts.show(Toast("Hello", duration: 0.5))
        container.features.present(
            FeaturePanel(edge: .left, style: .squeeze, extent: 100, content: BoxWidget(width: 1, height: 1)))
        var drawn: [Int] = []
        for frame in 1...120 {
            container.handle(.tick(time: 1 + Double(frame) / 60))
            if frame == 18 { container.features.dismiss() }  // at 1.3
            guard container.needsDisplay else { continue }
            drawn.append(frame)
            container.draw(in: canvas)
        }
        // Drawn while something moved and once where it arrived: the controls, the panel, the
        // plugin and the toast came in until 1.2 (frame 12); nothing moved until the panel left
        // at 1.3 (frame 18), then the plugin and the toast left from 1.5 to 1.7 (frame 42).
        #expect(drawn == Array(1...12) + Array(18...42))
        let widgets = container.widgetContext()
        #expect(container.overlays.allSatisfy { !$0.isAnimating(context: widgets) })
        #expect(container.plugins.widget == nil && container.toasts.visible.isEmpty && container.features.panel == nil)
        for time in [4.0, 10, 100] {
            container.handle(.tick(time: time))
            #expect(!container.needsDisplay)
        }
    }
}
