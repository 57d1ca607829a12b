import Foundation
import ReelContainer
import ReelCore
import ReelDrawing
import ReelTesting
import Testing

@MainActor
@Suite("Snapshots", .serialized)
struct SnapshotTests {
    @Test(arguments: [2.0, 2.5, 7.2])
    func aSnapshotMatchesTheFrameFFmpegDecodes(_ time: Double) async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let source = try await SnapshotSource.open(clip, at: time)
        let size = try #require(source.videoSize)
        #expect(size.width == 320 && size.height == 240)
        let frame = FrameBuffer(width: size.width, height: size.height)
        try source.render(into: frame, rect: frame.bounds)
        await source.close()
        let reference = try await FFmpegFrame.rgb(clip, at: time, width: size.width, height: size.height)
        try #require(reference.count == size.width * size.height * 3)
        let difference = FFmpegFrame.meanAbsoluteDifference(frame.rgbBytes(), reference)
        print("snapshot at \(time) s: mean absolute difference to ffmpeg \(difference) per channel")
        #expect(difference < 6)
        // A neighbouring frame differs clearly (testsrc2 moves), so the comparison is sharp.
        let neighbour = try await FFmpegFrame.rgb(clip, at: time + 0.5, width: size.width, height: size.height)
        #expect(FFmpegFrame.meanAbsoluteDifference(frame.rgbBytes(), neighbour) > difference + 2)
    }

    @Test func theComposerDrawsTheOverlayOverTheVideoOnly() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let source = try await SnapshotSource.open(clip, at: 2)
        defer { Task { await source.close() } }
        let bare = try SnapshotComposer().compose(width: 640, height: 480) { frame, rect throws(PlayerError) in
            try source.render(into: frame, rect: rect)
        }
        let controls = BasicControlsOverlay(title: "Ten seconds")
        controls.position = 2
        controls.duration = 10
        let composed = try SnapshotComposer(overlay: controls).compose(width: 640, height: 480) {
            frame, rect throws(PlayerError) in
            try source.render(into: frame, rect: rect)
        }
        // The middle of the picture is untouched video…
        #expect(composed.pixel(x: 320, y: 240) == bare.pixel(x: 320, y: 240))
        #expect(composed.pixel(x: 100, y: 200) == bare.pixel(x: 100, y: 200))
        // …the play icon is white, and the bar darkens what lies under it.
        #expect(composed.pixel(x: 16 + 24 - 5, y: 480 - 38) == (255, 255, 255))
        var darker = 0
        for x in stride(from: 80, to: 560, by: 8) {
            let over = composed.pixel(x: x, y: 480 - 26)
            let under = bare.pixel(x: x, y: 480 - 26)
            if Int(over.red) + Int(over.green) + Int(over.blue) < Int(under.red) + Int(under.green) + Int(under.blue) {
                darker += 1
            }
        }
        #expect(darker > 50)
    }

    @Test func aMissingFileFailsWithFileNotFound() async throws {
        await #expect { try await SnapshotSource.open(MediaFixtures.missingFile(), at: 1) } throws: {
            ($0 as? PlayerError)?.code == .fileNotFound
        }
    }

    @Test func aTimePastTheEndIsRefused() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        await #expect { try await SnapshotSource.open(clip, at: 30) } throws: {
            ($0 as? PlayerError)?.code == .invalidArgument
        }
        await #expect { try await SnapshotSource.open(clip, at: -1) } throws: {
            ($0 as? PlayerError)?.code == .invalidArgument
        }
    }
}
