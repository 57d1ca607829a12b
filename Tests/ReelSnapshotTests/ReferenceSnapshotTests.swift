import CCairo
import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelDrawing
import ReelSnapshot
import ReelTestSupport
import ReelTesting
import Testing

/// The composed frame (video plus the real player container) against a reference PNG, widget by
/// widget: the reference's `.widgets.json` holds each control's frame as laid out when it was
/// made, and every one of those regions must match on its own, so a missing icon or seek bar
/// fails even where the frame's mean difference would not notice. Both are made here with
/// `REEL_RECORD_REFERENCES=1 swift test --filter ReferenceSnapshotTests`.
@MainActor
@Suite("Reference snapshots")
struct ReferenceSnapshotTests {
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("References")
    static let reference = references.appendingPathComponent("controls-480x360-at-2s.png")
    static let widgetsFile = references.appendingPathComponent("controls-480x360-at-2s.widgets.json")
    static let (width, height) = (480, 360)
    /// The most a region's mean absolute difference per channel may be. The same machine draws
    /// the same pixels (0.0); codec and scaler noise stayed at 0.1–0.5 per region; a control left
    /// out costs 12.6 (the remaining time label) to 105 in its own region.
    static let regionLimit = 4.0

    /// One control as laid out: its slot, its place in the slot, its type and its frame in pixels.
    struct WidgetRegion: Codable, Hashable, CustomStringConvertible {
        var name: String
        var x: Int
        var y: Int
        var width: Int
        var height: Int

        var description: String { "\(name) at \(x),\(y) \(width)×\(height)" }
    }

    /// A container at 2 s of `source` with the standard controls shown.
    static func container(for source: SnapshotSource) -> PlayerContainer {
        var state = PlayerFeature.State()
        state.playback = source.playback
        state.elapsedTime = 2
        let container = PlayerContainer(store: Store(initialState: state, reducer: PlayerFeature()))
        container.perform(.player(.controls(.showRequested)))
        return container
    }

    /// The frame: `source`'s video with `container` drawn over it.
    static func compose(_ source: SnapshotSource, _ container: PlayerContainer) throws -> FrameBuffer {
        try SnapshotComposer(overlay: container).compose(width: width, height: height) {
            frame, rect throws(PlayerError) in
            try source.render(into: frame, rect: rect)
        }
    }

    /// The regions of the widgets `container` laid out, named `slot.index Type`.
    static func regions(of container: PlayerContainer) -> [WidgetRegion] {
        ControlSlot.allCases.flatMap { slot in
            (container.controls.layout.items[slot] ?? []).enumerated().map { index, item in
                let frame = item.frame
                let (left, top) = (Int(frame.minX.rounded(.down)), Int(frame.minY.rounded(.down)))
                let (right, bottom) = (Int(frame.maxX.rounded(.up)), Int(frame.maxY.rounded(.up)))
                return WidgetRegion(
                    name: "\(slot).\(index) \(type(of: item.widget))", x: max(0, left), y: max(0, top),
                    width: min(width, right) - max(0, left), height: min(height, bottom) - max(0, top))
            }
        }
    }

    /// The mean absolute difference per channel inside each region, of two RGB frames
    /// `width` pixels wide.
    static func regionDifferences(_ expected: [UInt8], _ actual: [UInt8], regions: [WidgetRegion]) -> [Double] {
        regions.map { region in
            var total = 0
            for y in region.y..<(region.y + region.height) {
                for x in region.x..<(region.x + region.width) {
                    let index = (y * width + x) * 3
                    for channel in 0..<3 { total += abs(Int(expected[index + channel]) - Int(actual[index + channel])) }
                }
            }
            return Double(total) / Double(max(1, region.width * region.height * 3))
        }
    }

    /// The regions whose difference exceeds ``regionLimit``.
    static func failingRegions(_ expected: [UInt8], _ actual: [UInt8], regions: [WidgetRegion]) -> [WidgetRegion] {
        zip(regions, regionDifferences(expected, actual, regions: regions)).filter { $0.1 > regionLimit }.map(\.0)
    }

    static func recordedRegions() throws -> [WidgetRegion] {
        try JSONDecoder().decode([WidgetRegion].self, from: Data(contentsOf: widgetsFile))
    }

    @Test func theComposedFrameWithControlsMatchesItsReferenceWidgetByWidget() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let source = try await SnapshotSource.open(clip, at: 2)
        let container = Self.container(for: source)
        let frame = try Self.compose(source, container)
        await source.close()
        let laidOut = Self.regions(of: container)
        if ProcessInfo.processInfo.environment["REEL_RECORD_REFERENCES"] == "1" {
            try frame.writePNG(to: Self.reference)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(laidOut).write(to: Self.widgetsFile)
            return
        }
        let expected = try #require(Self.rgb(ofPNG: Self.reference), "missing reference \(Self.reference.path)")
        let actual = frame.rgbBytes()
        try #require(expected.count == actual.count)
        let recorded = try Self.recordedRegions()
        // The same controls in the same places…
        #expect(laidOut == recorded)
        // …each looking as it did…
        let differences = Self.regionDifferences(expected, actual, regions: recorded)
        for (region, difference) in zip(recorded, differences) {
            print("reference snapshot: \(region): mean absolute difference \(difference)")
            #expect(difference <= Self.regionLimit, "\(region) differs by \(difference) per channel")
        }
        // …and the video around them too.
        let mean = Double(zip(expected, actual).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(actual.count)
        print("reference snapshot: mean absolute difference \(mean) per channel")
        #expect(mean < 3)
    }

    /// The mutation check, kept: each control left out in turn, the comparison fails, and for
    /// every control that draws, in its own region.
    @Test func leavingOutAnyControlFailsTheComparison() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let source = try await SnapshotSource.open(clip, at: 2)
        let expected = try #require(Self.rgb(ofPNG: Self.reference), "missing reference \(Self.reference.path)")
        let recorded = try Self.recordedRegions()
        let container = Self.container(for: source)
        _ = try Self.compose(source, container)
        let original = container.controls.configuration
        let placed = ControlSlot.allCases.flatMap { slot in
            (container.controls.layout.items[slot] ?? []).enumerated().map { (slot, $0.offset, $0.element.widget) }
        }
        #expect(placed.count == recorded.count && placed.count >= 6)
        for (slot, index, widget) in placed {
            let name = "\(slot).\(index) \(type(of: widget))"
            var configuration = original
            let kept = original.widgets(in: slot, for: container.status).filter { $0 !== widget }
            configuration.setWidgets(kept, in: slot, for: [container.status])
            container.controls.configuration = configuration
            let frame = try Self.compose(source, container)
            container.controls.configuration = original
            let actual = frame.rgbBytes()
            let failing = Self.failingRegions(expected, actual, regions: recorded)
            #expect(!failing.isEmpty, "without \(name) the comparison passes")
            if !(widget is SpacerWidget) {
                #expect(failing.contains { $0.name == name }, "without \(name): only \(failing) differ")
            }
            let own = recorded.filter { $0.name == name }
            let ownDifference = Self.regionDifferences(expected, actual, regions: own).first ?? 0
            print("reference snapshot: without \(name) (\(ownDifference) there): \(failing.map(\.name)) differ")
        }
        await source.close()
    }

    /// The RGB bytes of a PNG, read with cairo.
    static func rgb(ofPNG url: URL) -> [UInt8]? {
        guard FileManager.default.fileExists(atPath: url.path),
            let surface = cairo_image_surface_create_from_png(url.path),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { return nil }
        defer { cairo_surface_destroy(surface) }
        let (width, height) = (
            Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface))
        )
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        var rgb: [UInt8] = []
        rgb.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                // ARGB32 in native (little-endian) order: B, G, R, A.
                let pixel = data + y * stride + x * 4
                rgb += [pixel[2], pixel[1], pixel[0]]
            }
        }
        return rgb
    }
}
