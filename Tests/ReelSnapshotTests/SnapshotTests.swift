import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelDrawing
import ReelSnapshot
import ReelTestSupport
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

    /// `reel snapshot --gravity`: a 4:3 picture in a 16:9 frame is pillarboxed when it fits and
    /// reaches the frame's left edge when it is stretched.
    @Test func aSnapshotHonoursTheGravity() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        func litAtTheLeftEdge(_ gravity: VideoGravity) async throws -> Int {
            let source = try await SnapshotSource.open(clip, at: 2)
            try await source.setVideoFraming(VideoFraming(gravity: gravity))
            let frame = FrameBuffer(width: 320, height: 180)
            try source.render(into: frame, rect: frame.bounds)
            await source.close()
            var lit = 0
            for y in 0..<180 {
                for x in 0..<8 {
                    let pixel = frame.pixel(x: x, y: y)
                    if Int(pixel.red) + Int(pixel.green) + Int(pixel.blue) > 60 { lit += 1 }
                }
            }
            return lit
        }
        #expect(try await litAtTheLeftEdge(.fit) == 0)
        #expect(try await litAtTheLeftEdge(.stretch) > 8 * 180 * 8 / 10)
    }

    @Test func theComposerDrawsTheContainerOverTheVideoOnly() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let source = try await SnapshotSource.open(clip, at: 2)
        defer { Task { await source.close() } }
        let bare = try SnapshotComposer().compose(width: 640, height: 480) { frame, rect throws(PlayerError) in
            try source.render(into: frame, rect: rect)
        }
        var state = PlayerFeature.State()
        state.playback = source.playback
        state.elapsedTime = 2
        let container = PlayerContainer(store: Store(initialState: state, reducer: PlayerFeature()))
        container.perform(.player(.controls(.showRequested)))
        let composed = try SnapshotComposer(overlay: container).compose(width: 640, height: 480) {
            frame, rect throws(PlayerError) in
            try source.render(into: frame, rect: rect)
        }
        // Between the controls the picture is untouched video…
        #expect(composed.pixel(x: 100, y: 200) == bare.pixel(x: 100, y: 200))
        #expect(composed.pixel(x: 540, y: 280) == bare.pixel(x: 540, y: 280))
        // …the large play button's icon in the middle is white…
        let button = try #require(container.controls.frames(in: .center).first)
        #expect(composed.pixel(x: Int(button.midX), y: Int(button.midY)) == (255, 255, 255))
        #expect(bare.pixel(x: Int(button.midX), y: Int(button.midY)) != (255, 255, 255))
        // …and the bottom scrim darkens what lies just above the seek bar.
        let bar = try #require(container.controls.frames(in: .bottom1).first)
        let y = Int(bar.minY) - 4
        var darker = 0
        for x in stride(from: 80, to: 560, by: 8) {
            let over = composed.pixel(x: x, y: y)
            let under = bare.pixel(x: x, y: y)
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
