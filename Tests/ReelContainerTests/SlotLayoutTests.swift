import ReelContainer
import ReelCore
import Testing

/// One way of laying a slot out, with where its three boxes (40, 60 and 30 wide) start.
struct SlotLayoutCase: Sendable, CustomTestStringConvertible {
    let name: String
    let slot: ControlSlot
    let layout: SlotLayout
    let starts: [Double]

    var testDescription: String { "\(slot) \(name)" }

    // The inline area is x 12…628 and y 8…352 (640 × 360 less the insets); 130 points of boxes
    // (heights 24, 24, 30: 78 points) with 8 between them.
    static let all: [SlotLayoutCase] = [
        SlotLayoutCase(name: "standard", slot: .bottom2, layout: SlotLayout(), starts: [12, 60, 128]),
        SlotLayoutCase(name: "leading", slot: .top1, layout: SlotLayout(alignment: .leading), starts: [12, 60, 128]),
        SlotLayoutCase(
            name: "centred", slot: .bottom2, layout: SlotLayout(alignment: .center), starts: [247, 295, 363]),
        SlotLayoutCase(
            name: "trailing", slot: .bottom3, layout: SlotLayout(alignment: .trailing), starts: [482, 530, 598]),
        SlotLayoutCase(
            name: "space between", slot: .top2, layout: SlotLayout(distribution: .spaceBetween), starts: [12, 295, 598]),
        SlotLayoutCase(
            name: "space evenly", slot: .bottom1, layout: SlotLayout(distribution: .spaceEvenly),
            starts: [133.5, 295, 476.5]),
        SlotLayoutCase(name: "spacing 20", slot: .bottom2, layout: SlotLayout(spacing: 20), starts: [12, 72, 152]),
        // The columns run down the band between the rows (here the whole area's height).
        SlotLayoutCase(name: "standard", slot: .left, layout: SlotLayout(), starts: [133, 165, 197]),
        SlotLayoutCase(name: "top", slot: .left, layout: SlotLayout(alignment: .leading), starts: [8, 40, 72]),
        SlotLayoutCase(
            name: "bottom", slot: .right, layout: SlotLayout(alignment: .trailing), starts: [258, 290, 322]),
        SlotLayoutCase(
            name: "space between", slot: .right, layout: SlotLayout(distribution: .spaceBetween),
            starts: [8, 165, 322]),
        // The centre row runs between the columns' inner edges less the spacing: 20…620.
        SlotLayoutCase(name: "standard", slot: .center, layout: SlotLayout(), starts: [247, 295, 363]),
        SlotLayoutCase(
            name: "trailing", slot: .center, layout: SlotLayout(alignment: .trailing), starts: [474, 522, 590]),
        SlotLayoutCase(
            name: "space evenly", slot: .center, layout: SlotLayout(distribution: .spaceEvenly),
            starts: [137.5, 295, 472.5]),
    ]
}

@MainActor
@Suite("Slot layouts")
struct SlotLayoutTests {
    static func boxes() -> [BoxWidget] {
        [
            BoxWidget(width: 40, height: 24, color: boxColor(0)), BoxWidget(width: 60, height: 24, color: boxColor(1)),
            BoxWidget(width: 30, height: 30, color: boxColor(2)),
        ]
    }

    @Test(arguments: SlotLayoutCase.all)
    func aSlotAlignsAndDistributesItsWidgets(_ layoutCase: SlotLayoutCase) {
        var controls = ControlConfiguration()
        controls.setWidgets(Self.boxes(), in: layoutCase.slot)
        controls.setLayout(layoutCase.layout, in: layoutCase.slot)
        let (container, _) = makeContainer(controls, status: .inline)
        let frames = container.controls.frames(in: layoutCase.slot)
        let starts = frames.map { layoutCase.slot.isColumn ? $0.minY : $0.minX }
        #expect(starts.count == 3)
        for (start, expected) in zip(starts, layoutCase.starts) { expectClose(start, expected) }
        let area = container.videoFrame.inset(by: controls.insets(for: .inline))
        #expect(frames.allSatisfy { area.containsRect($0) })
        expectNoOverlaps(frames)
    }

    @Test func aLayoutSetForOneStatusLeavesTheOthers() {
        var controls = ControlConfiguration()
        controls.setWidgets(Self.boxes(), in: .bottom2)
        controls.setLayout(SlotLayout(alignment: .trailing), in: .bottom2, for: [.fullscreen])
        let (inline, _) = makeContainer(controls, status: .inline)
        #expect(inline.controls.frames(in: .bottom2).first?.minX == 12)
        let (fullscreen, _) = makeContainer(controls, status: .fullscreen)
        let area = fullscreen.videoFrame.inset(by: controls.insets(for: .fullscreen))
        #expect(fullscreen.controls.frames(in: .bottom2).last?.maxX == area.maxX)
    }

    @Test func aFlexibleWidgetTakesTheRoomBeforeTheDistribution() {
        var controls = ControlConfiguration()
        let boxes = Self.boxes()
        boxes[1].flexible = true
        controls.setWidgets(boxes, in: .bottom2)
        controls.setLayout(SlotLayout(alignment: .trailing, distribution: .spaceEvenly), in: .bottom2)
        let (container, _) = makeContainer(controls, status: .inline)
        let frames = container.controls.frames(in: .bottom2)
        #expect(frames.map(\.minX) == [12, 60, 598])
        #expect(frames[1].width == 616 - 40 - 30 - 16)
    }

    @Test func aCustomLayoutsFramesAreKeptInsideTheSlotAndApart() throws {
        var controls = ControlConfiguration()
        controls.setWidgets(Self.boxes() + [BoxWidget(width: 10, height: 10)], in: .bottom2)
        controls.setLayout(
            .custom { sizes, slot in
                [
                    Rect(origin: Point(x: slot.minX + 100, y: slot.minY), size: sizes[0]),  // as it is
                    Rect(origin: Point(x: slot.maxX - 10, y: slot.minY - 50), size: sizes[1]),  // moved inside
                    Rect(x: slot.minX + 110, y: slot.minY, width: 20, height: 20),  // over the first: left out
                    // the fourth widget gets no frame: left out
                ]
            }, in: .bottom2)
        let (container, canvas) = makeContainer(controls, status: .inline)
        container.draw(in: canvas)
        let frames = container.controls.frames(in: .bottom2)
        // The row is as tall as its tallest widget (30), at the bottom of the area.
        #expect(frames == [Rect(x: 112, y: 322, width: 40, height: 24), Rect(x: 568, y: 322, width: 60, height: 24)])
        let items = try #require(container.controls.layout.items[.bottom2])
        #expect(items.map { ($0.widget as? BoxWidget)?.color } == [boxColor(0), boxColor(1)])
        #expect(canvas.fills(boxColor(2)).isEmpty)

        controls.setLayout(
            .custom { sizes, slot in sizes.map { Rect(origin: slot.origin, size: $0) } }, in: .left)
        controls.setWidgets(Self.boxes(), in: .left)
        controls.setWidgets([BoxWidget(width: 44, height: 44)], in: .center)
        let (stacked, _) = makeContainer(controls, status: .inline)
        // All three on one spot: only the first is kept, and the centre row starts past it.
        #expect(stacked.controls.frames(in: .left) == [Rect(x: 12, y: 8, width: 40, height: 24)])
        #expect((stacked.controls.frames(in: .center).first?.minX ?? 0) >= 52 + controls.spacing)
    }

    @Test func randomCustomFramesNeverLeaveTheAreaOrOverlap() {
        var seed: UInt64 = 0x5EED
        func random(_ range: ClosedRange<Double>) -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Double(seed >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
        for round in 0..<40 {
            var frames: [Rect] = []
            for index in 0..<6 {
                let odd = [Double.nan, .infinity, -.infinity, 1e12, -1e12, 0]
                let x = index == round % 6 ? odd[round % odd.count] : random(-400...1000)
                frames.append(Rect(x: x, y: random(-200...600), width: random(-20...900), height: random(-5...400)))
            }
            let fixed = frames
            var controls = ControlConfiguration()
            for slot in ControlSlot.allCases {
                controls.setWidgets((0..<6).map { _ in BoxWidget(width: 30, height: 20) }, in: slot)
                controls.setLayout(.custom { _, _ in fixed }, in: slot)
            }
            let (container, _) = makeContainer(controls, status: .inline)
            let area = container.videoFrame.inset(by: controls.insets(for: .inline))
            let all = ControlSlot.allCases.flatMap { container.controls.frames(in: $0) }
            #expect(all.allSatisfy { area.containsRect($0) }, "round \(round)")
            expectNoOverlaps(all)
        }
    }
}
