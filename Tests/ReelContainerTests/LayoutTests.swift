import ReelComposable
import ReelContainer
import ReelCore
import Testing

/// One slot × status × display style combination.
struct LayoutCase: Sendable, CustomTestStringConvertible {
    let slot: ControlSlot
    let status: ContainerStatus
    let style: DisplayStyle

    var testDescription: String { "\(slot) \(status) \(style)" }

    static let styles: [DisplayStyle] = [.always, .never, .auto(hideAfter: 3), .manual, .custom]
    static let all: [LayoutCase] = ControlSlot.allCases.flatMap { slot in
        ContainerStatus.allCases.flatMap { status in styles.map { LayoutCase(slot: slot, status: status, style: $0) } }
    }

    /// A window size that gives `status` (with the fullscreen flag for fullscreen).
    static func size(for status: ContainerStatus) -> Size {
        switch status {
        case .inline: Size(width: 640, height: 360)
        case .fullscreen: Size(width: 1280, height: 720)
        case .portrait: Size(width: 360, height: 640)
        }
    }
}

@MainActor
func makeContainer(_ controls: ControlConfiguration, status: ContainerStatus) -> (PlayerContainer, RecordingCanvas) {
    let container = PlayerContainer(
        store: makeStore(), configuration: ContainerConfiguration(controls: controls))
    container.store.send(
        .presentation(.changed(status == .fullscreen ? .fullscreen : .inline, pictureInPicturePossible: true)))
    let size = LayoutCase.size(for: status)
    container.layout(size: size, scale: 1)
    return (container, RecordingCanvas(size: size))
}

@MainActor
func expectNoOverlaps(_ frames: [Rect], sourceLocation: SourceLocation = #_sourceLocation) {
    for (index, frame) in frames.enumerated() {
        for other in frames.dropFirst(index + 1) {
            #expect(!frame.intersects(other), "\(frame) overlaps \(other)", sourceLocation: sourceLocation)
        }
    }
}

@MainActor
@Suite("Control layout")
struct LayoutTests {
    @Test(arguments: LayoutCase.all)
    func widgetsSitInsideTheInsetsWithoutOverlapping(_ layoutCase: LayoutCase) {
        var controls = ControlConfiguration()
        controls.displayStyle = layoutCase.style
        let boxes = [
            BoxWidget(width: 40, height: 24, color: boxColor(0)), BoxWidget(width: 60, height: 24, color: boxColor(1)),
            BoxWidget(width: 30, height: 30, color: boxColor(2)),
        ]
        controls.setWidgets(boxes, in: layoutCase.slot, for: [layoutCase.status])
        let (container, canvas) = makeContainer(controls, status: layoutCase.status)
        #expect(container.status == layoutCase.status)
        container.draw(in: canvas)

        let frames = container.controls.frames(in: layoutCase.slot)
        #expect(frames.count == 3)
        let area = container.videoFrame.inset(by: controls.insets(for: layoutCase.status))
        for frame in frames { #expect(area.containsRect(frame), "\(frame) is outside \(area)") }
        expectNoOverlaps(frames)
        for other in ControlSlot.allCases where other != layoutCase.slot {
            #expect(container.controls.frames(in: other).isEmpty)
        }

        if layoutCase.style == .never {
            #expect(canvas.calls.isEmpty)
        } else {
            for (box, frame) in zip(boxes, frames) { #expect(canvas.fills(box.color) == [frame]) }
            let scrims = canvas.calls.filter { if case .gradient = $0 { true } else { false } }
            let region = layoutCase.slot.region
            #expect(scrims.count == (region == .top || region == .bottom ? 1 : 0))
        }
    }

    @Test(arguments: ContainerStatus.allCases)
    func everySlotFilledAtOnceStaysApart(_ status: ContainerStatus) {
        var controls = ControlConfiguration()
        controls.displayStyle = .always
        for (index, slot) in ControlSlot.allCases.enumerated() {
            controls.setWidgets(
                [BoxWidget(width: 44, height: 28, color: boxColor(index)), BoxWidget(width: 28, height: 28)], in: slot)
        }
        let (container, canvas) = makeContainer(controls, status: status)
        container.draw(in: canvas)
        let frames = ControlSlot.allCases.flatMap { container.controls.frames(in: $0) }
        #expect(frames.count == 16)
        let area = container.videoFrame.inset(by: controls.insets(for: status))
        for frame in frames { #expect(area.containsRect(frame)) }
        expectNoOverlaps(frames)
        let top = container.controls.frames(in: .top1)[0]
        let bottom1 = container.controls.frames(in: .bottom1)[0]
        let bottom2 = container.controls.frames(in: .bottom2)[0]
        let bottom3 = container.controls.frames(in: .bottom3)[0]
        #expect(top.minY == area.minY)
        #expect(bottom1.maxY <= bottom2.minY && bottom2.maxY <= bottom3.minY && bottom3.maxY == area.maxY)
        let center = container.controls.frames(in: .center)
        #expect(abs((center[0].minX + center[1].maxX) / 2 - area.midX) < 0.001)
    }

    @Test func flexibleWidgetsShareTheRestAndWhatDoesNotFitIsLeftOut() {
        var controls = ControlConfiguration()
        let flexible = BoxWidget(width: 50, height: 20)
        flexible.flexible = true
        controls.setWidgets(
            [BoxWidget(width: 100, height: 20), flexible, BoxWidget(width: 100, height: 20)], in: .bottom1)
        controls.setWidgets((0..<30).map { _ in BoxWidget(width: 40, height: 20) }, in: .bottom2)
        let (container, _) = makeContainer(controls, status: .inline)
        let area = container.videoFrame.inset(by: controls.insets(for: .inline))
        let row = container.controls.frames(in: .bottom1)
        #expect(row.count == 3)
        #expect(row[1].width == area.width - 200 - 2 * controls.spacing)
        #expect(row[2].maxX == area.maxX)
        let crowded = container.controls.frames(in: .bottom2)
        #expect(crowded.count == Int((area.width + controls.spacing) / (40 + controls.spacing)))
        #expect(crowded.allSatisfy { area.containsRect($0) })
    }

    @Test func rowsThatDoNotFitVerticallyAreDroppedBottomRowFirstKept() {
        var controls = ControlConfiguration()
        for slot in [ControlSlot.top1, .top2, .bottom1, .bottom2, .bottom3] {
            controls.setWidgets([BoxWidget(width: 40, height: 40)], in: slot)
        }
        let container = PlayerContainer(
            store: makeStore(), configuration: ContainerConfiguration(controls: controls))
        container.layout(size: Size(width: 300, height: 120), scale: 1)
        let kept = [ControlSlot.top1, .top2, .bottom1, .bottom2, .bottom3].filter {
            !container.controls.frames(in: $0).isEmpty
        }
        #expect(kept == [.top1, .bottom1])
    }

    struct StatusCase: Sendable {
        let size: Size
        let aspect: Double?
        let fullscreen: Bool
        let expected: ContainerStatus
    }

    @Test(arguments: [
        StatusCase(size: Size(width: 640, height: 360), aspect: 16.0 / 9, fullscreen: false, expected: .inline),
        StatusCase(size: Size(width: 640, height: 360), aspect: nil, fullscreen: false, expected: .inline),
        StatusCase(size: Size(width: 1920, height: 1080), aspect: 16.0 / 9, fullscreen: true, expected: .fullscreen),
        StatusCase(size: Size(width: 360, height: 640), aspect: 16.0 / 9, fullscreen: false, expected: .portrait),
        StatusCase(size: Size(width: 1080, height: 1920), aspect: 16.0 / 9, fullscreen: true, expected: .portrait),
        StatusCase(size: Size(width: 640, height: 360), aspect: 9.0 / 16, fullscreen: false, expected: .portrait),
        StatusCase(size: Size(width: 1920, height: 1080), aspect: 9.0 / 16, fullscreen: true, expected: .portrait),
        StatusCase(size: Size(width: 500, height: 500), aspect: 1, fullscreen: false, expected: .inline),
    ])
    func statusComesFromTheSizeTheVideoAndTheFlag(_ statusCase: StatusCase) {
        let status = ContainerStatus.resolve(
            size: statusCase.size, videoAspect: statusCase.aspect, isFullscreen: statusCase.fullscreen)
        #expect(status == statusCase.expected)
    }

    @Test func aPortraitVideoSwitchesToTheCompactControls() async throws {
        let harness = ContainerHarness()
        #expect(harness.container.status == .inline)
        try await harness.load(video: VideoGeometry(width: 1080, height: 1920))
        harness.draw()
        #expect(harness.container.status == .portrait)
        #expect(harness.frame(of: MenuButton.self, in: .bottom2) { $0.menu == .speed } == nil)
        #expect(harness.frame(of: MenuButton.self, in: .bottom2) { $0.menu == .subtitles } != nil)
        let rotated = ContainerHarness()
        try await rotated.load(video: VideoGeometry(width: 1920, height: 1080, rotation: 90))
        rotated.draw()
        #expect(rotated.container.status == .portrait)
    }

    @Test func theStandardLayoutFitsEveryStatus() async throws {
        for status in ContainerStatus.allCases {
            let harness = ContainerHarness(size: LayoutCase.size(for: status))
            harness.container.store.send(
                .presentation(.changed(status == .fullscreen ? .fullscreen : .inline, pictureInPicturePossible: true)))
            try await harness.load()
            harness.draw()
            #expect(harness.container.status == status)
            let controls = harness.container.context.configuration.controls
            let area = harness.container.videoFrame.inset(by: controls.insets(for: status))
            let frames = harness.container.controls.layout.allItems.map(\.item.frame)
            #expect(frames.count >= 6)
            for frame in frames { #expect(area.containsRect(frame)) }
            expectNoOverlaps(frames)
            #expect(harness.frame(of: SeekBar.self, in: .bottom1) != nil)
            #expect(harness.frame(of: TitleBar.self, in: .top1) != nil)
            #expect(harness.frame(of: PlayPauseButton.self, in: .center) != nil)
        }
    }
}
