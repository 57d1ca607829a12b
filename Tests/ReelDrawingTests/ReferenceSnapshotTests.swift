import CCairo
import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelDrawing
import ReelTesting
import Testing

/// The composed frame (video plus the real player container) against a reference PNG made
/// here with `REEL_RECORD_REFERENCES=1 swift test --filter ReferenceSnapshotTests`.
@MainActor
@Suite("Reference snapshots")
struct ReferenceSnapshotTests {
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("References")

    @Test func theComposedFrameWithControlsMatchesItsReference() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let source = try await SnapshotSource.open(clip, at: 2)
        var state = PlayerFeature.State()
        state.playback = source.playback
        state.elapsedTime = 2
        let container = PlayerContainer(
            store: Store(initialState: state, reducer: PlayerFeature()))
        container.controls.present()
        let frame = try SnapshotComposer(overlay: container).compose(width: 480, height: 360) {
            frame, rect throws(PlayerError) in
            try source.render(into: frame, rect: rect)
        }
        await source.close()
        let reference = Self.references.appendingPathComponent("controls-480x360-at-2s.png")
        if ProcessInfo.processInfo.environment["REEL_RECORD_REFERENCES"] == "1" {
            try frame.writePNG(to: reference)
            return
        }
        let expected = try #require(Self.rgb(ofPNG: reference), "missing reference \(reference.path)")
        let actual = frame.rgbBytes()
        try #require(expected.count == actual.count)
        let difference = zip(expected, actual).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        let mean = Double(difference) / Double(actual.count)
        print("reference snapshot: mean absolute difference \(mean) per channel")
        // Codec and scaler noise stay well below 3; a missing widget or a shifted layout does not.
        #expect(mean < 3)
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
