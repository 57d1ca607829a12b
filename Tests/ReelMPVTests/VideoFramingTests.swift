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
        // Mostly lit: testsrc2 has a few dark pixels of its own.
        let covered = 8 * Self.height * 8 / 10
        // libmpv may redraw the old framing once before the new one: each reading waits (up to
        // 10 s) for the edge it expects, and records what it saw.
        func edge(after change: () throws -> Void, until expected: (Int) -> Bool) async throws -> Int {
            try change()
            let deadline = ContinuousClock.now + .seconds(10)
            var lit = try litAtTheLeftEdge(renderer)
            while !expected(lit), ContinuousClock.now < deadline {
                try await redrawn(renderer) {}
                lit = try litAtTheLeftEdge(renderer)
            }
            return lit
        }
        var results: [String: Int] = [:]
        results["fit"] = try await edge(after: {}, until: { $0 == 0 })
        results["fill"] = try await edge(after: { try player.setVideoGravity(.fill) }, until: { $0 > covered })
        results["stretch"] = try await edge(after: { try player.setVideoGravity(.stretch) }, until: { $0 > covered })
        results["fit again"] = try await edge(after: { try player.setVideoGravity(.fit) }, until: { $0 == 0 })
        // An aspect override of 16:9 fills the frame while fitting.
        results["16:9"] = try await edge(
            after: { try player.setVideoFraming(VideoFraming(aspectRatio: 16.0 / 9)) }, until: { $0 > covered })
        #expect(results["fit"] == 0 && results["fit again"] == 0, "\(results)")
        #expect(results["fill", default: 0] > covered && results["stretch", default: 0] > covered, "\(results)")
        #expect(results["16:9", default: 0] > covered, "\(results)")
        #expect(player.videoFraming == VideoFraming(aspectRatio: 16.0 / 9))
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
        // The filter chain is rebuilt after each change: libmpv may redraw the old picture first,
        // so each reading waits (up to 10 s) for the picture it expects.
        func settled(_ expected: (Double) -> Bool) async throws -> Double {
            let deadline = ContinuousClock.now + .seconds(10)
            var value = try mean()
            while !expected(value), ContinuousClock.now < deadline {
                try await redrawn(renderer) {}
                value = try mean()
            }
            return value
        }
        let before = try mean()
        try player.setVideoAdjustments(VideoAdjustments(brightness: 50))
        let brighter = try await settled { $0 > before + 20 }
        try player.setVideoAdjustments(.neutral)
        let after = try await settled { abs($0 - before) < 1 }
        #expect(brighter > before + 20, "\(before) → \(brighter)")
        #expect(abs(after - before) < 1, "\(before) → \(after)")
        #expect(throws: PlayerError.self) { try player.setVideoAdjustments(VideoAdjustments(hue: 101)) }
        await player.shutdown()
    }
}
