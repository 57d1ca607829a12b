import Foundation
import ReelCore
import ReelPlayer
import ReelTesting
import Testing

@testable import ReelMPV

/// Video gravity on real libmpv: a 4:3 picture in a 16:9 frame is pillarboxed when it fits, and
/// covers the frame when it fills or stretches.
@MainActor
@Suite("Video framing", .serialized)
struct VideoFramingTests {
    private static let width = 160
    private static let height = 90

    /// Makes `change`, then waits until libmpv asks for a redraw (the picture changed) or 10 s.
    private func redrawn(_ renderer: VideoRenderer, after change: () throws -> Void) async throws {
        let (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        renderer.setUpdateHandler { signal.yield() }
        let bound = Task {
            try? await Task.sleep(for: .seconds(10))
            signal.finish()
        }
        defer { bound.cancel() }
        try change()
        for await _ in signals where renderer.update() { return }
    }

    /// How many of the frame's leftmost eight columns' pixels are lit (not black).
    private func litAtTheLeftEdge(_ renderer: VideoRenderer) throws -> Int {
        let stride = VideoRenderer.preferredStride(width: Self.width)
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * Self.height, alignment: 64)
        defer { pixels.deallocate() }
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * Self.height)
        _ = renderer.update()
        try renderer.renderSoftware(into: pixels, width: Self.width, height: Self.height, stride: stride)
        var lit = 0
        for y in 0..<Self.height {
            for x in 0..<8 {
                let pixel = pixels.advanced(by: y * stride + x * 4).assumingMemoryBound(to: UInt8.self)
                if Int(pixel[0]) + Int(pixel[1]) + Int(pixel[2]) > 60 { lit += 1 }
            }
        }
        return lit
    }

    @Test func fitPillarboxesAndFillAndStretchCoverTheFrame() async throws {
        let engine = try MPVEngine(configuration: .headless)
        let renderer = try engine.makeVideoRenderer(.software)
        defer { renderer.free() }
        let player = Player(engine: engine)
        // 320x240: 4:3, in a 16:9 frame.
        try player.load(MediaItem(url: try await MediaFixtures.url(for: .tenSecondClip)), autoplay: false)
        try await player.until(status: .ready, timeout: .seconds(30))
        var results: [VideoGravity: Int] = [.fit: try litAtTheLeftEdge(renderer)]
        for gravity in [VideoGravity.fill, .stretch, .fit] {
            try await redrawn(renderer) { try player.setVideoGravity(gravity) }
            results[gravity] = try litAtTheLeftEdge(renderer)
        }
        #expect(player.videoFraming.gravity == .fit)
        #expect(results[.fit] == 0, "\(results)")
        // Mostly lit: testsrc2 has a few dark pixels of its own.
        let covered = 8 * Self.height * 8 / 10
        #expect(results[.fill, default: 0] > covered, "\(results)")
        #expect(results[.stretch, default: 0] > covered, "\(results)")
        // An aspect override of 16:9 fills the frame while fitting.
        // libmpv reconfigures the video for a new shape and redraws it.
        try await redrawn(renderer) { try player.setVideoFraming(VideoFraming(aspectRatio: 16.0 / 9)) }
        #expect(abs((player.aspectRatio ?? 0) - 16.0 / 9) < 0.01 || player.videoFraming.aspectRatio == 16.0 / 9)
        #expect(try litAtTheLeftEdge(renderer) > covered)
        await player.shutdown()
    }

    @Test func valuesNoEngineTakesAreRefused() async throws {
        let player = Player(engine: FakeEngine())
        #expect(throws: PlayerError.self) { try player.setVideoFraming(VideoFraming(zoom: 0)) }
        #expect(throws: PlayerError.self) { try player.setVideoFraming(VideoFraming(pan: (2, 0))) }
        #expect(throws: PlayerError.self) { try player.setVideoFraming(VideoFraming(aspectRatio: .nan)) }
        #expect(player.videoFraming == .standard)
        await player.shutdown()
    }

    @Test func brightnessRaisesTheRenderedPictureAndNeutralRestoresIt() async throws {
        let engine = try MPVEngine(configuration: .headless)
        let renderer = try engine.makeVideoRenderer(.software)
        defer { renderer.free() }
        let player = Player(engine: engine)
        try player.load(MediaItem(url: try await MediaFixtures.url(for: .tenSecondClip)), autoplay: false)
        try await player.until(status: .ready, timeout: .seconds(30))
        func mean() throws -> Double {
            let stride = VideoRenderer.preferredStride(width: Self.width)
            let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * Self.height, alignment: 64)
            defer { pixels.deallocate() }
            _ = renderer.update()
            try renderer.renderSoftware(into: pixels, width: Self.width, height: Self.height, stride: stride)
            var total = 0
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let pixel = pixels.advanced(by: y * stride + x * 4).assumingMemoryBound(to: UInt8.self)
                    total += Int(pixel[0]) + Int(pixel[1]) + Int(pixel[2])
                }
            }
            return Double(total) / Double(3 * Self.width * Self.height)
        }
        let before = try mean()
        try await redrawn(renderer) { try player.setVideoAdjustments(VideoAdjustments(brightness: 50)) }
        let brighter = try mean()
        try await redrawn(renderer) { try player.setVideoAdjustments(.neutral) }
        let after = try mean()
        #expect(brighter > before + 20, "\(before) → \(brighter)")
        #expect(abs(after - before) < 1, "\(before) → \(after)")
        #expect(throws: PlayerError.self) { try player.setVideoAdjustments(VideoAdjustments(hue: 101)) }
        await player.shutdown()
    }
}
