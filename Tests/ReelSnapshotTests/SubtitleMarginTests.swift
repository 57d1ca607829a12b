import Foundation
import ReelCore
import ReelDrawing
import ReelMPV
import ReelSnapshot
import ReelTestSupport
import ReelTesting
import Testing

/// Subtitles move above controls: `EngineCommand.setSubtitleMargin` lifts libmpv's subtitles by
/// the share of the picture given, in rendered frames.
@MainActor
@Suite("Subtitle margin", .serialized)
struct SubtitleMarginTests {
    /// The rows (top to bottom) where two renders of the same frame differ: where the cue was and is.
    private func differingRows(_ a: FrameBuffer, _ b: FrameBuffer) -> [Int] {
        (0..<a.height).filter { y in
            (0..<a.width).contains { x in
                let (p, q) = (a.pixel(x: x, y: y), b.pixel(x: x, y: y))
                return abs(Int(p.red) - Int(q.red)) + abs(Int(p.green) - Int(q.green)) + abs(Int(p.blue) - Int(q.blue))
                    > 96
            }
        }
    }

    @Test func aMarginLiftsTheCueAboveTheCoveredShare() async throws {
        let clip = try await MediaFixtures.url(for: .multiTrack)
        var configuration = MPVConfiguration.headless
        configuration.options["sid"] = "1"
        // "This is the main part", 2.5–3.8 s.
        let source = try await SnapshotSource.open(clip, at: 3, configuration: configuration)
        let low = FrameBuffer(width: 320, height: 240)
        try source.render(into: low, rect: low.bounds)
        try await source.setSubtitleMargin(0.4)
        let high = FrameBuffer(width: 320, height: 240)
        try source.render(into: high, rect: high.bounds)
        do {
            try await source.setSubtitleMargin(0.8)
            Issue.record("a margin over half the picture was accepted")
        } catch {
            #expect(error.code == .invalidArgument)
        }
        await source.close()

        let rows = differingRows(low, high)
        // The cue left the bottom rows and now sits above the bottom 40 % (row 144).
        #expect(rows.contains { $0 > 200 })
        #expect(rows.contains { $0 < 144 && $0 > 100 })
        #expect(!rows.contains { $0 > 146 && $0 < 200 })
    }
}
