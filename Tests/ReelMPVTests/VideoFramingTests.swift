import Foundation
import ReelContainer
import ReelCore
import ReelPlayer
import ReelTestSupport
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

    /// The rendered frame's mean channel value, 0…255.
    private func meanLevel(_ renderer: VideoRenderer) throws -> Double {
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

    /// The mean level once it is `expected`, or after 10 s. The filter chain is rebuilt after
    /// each change: libmpv may redraw the old picture first, so this waits for its redraws.
    private func settledLevel(_ renderer: VideoRenderer, _ expected: (Double) -> Bool) async throws -> Double {
        let deadline = ContinuousClock.now + .seconds(10)
        var value = try meanLevel(renderer)
        while !expected(value), ContinuousClock.now < deadline {
            try await redrawn(renderer) {}
            value = try meanLevel(renderer)
        }
        return value
    }

    @Test func brightnessRaisesTheRenderedPictureAndNeutralRestoresIt() async throws {
        let engine = try MPVEngine(configuration: .headless)
        let renderer = try engine.makeVideoRenderer(.software)
        defer { renderer.free() }
        let player = Player(engine: engine)
        try player.load(MediaItem(url: try await MediaFixtures.url(for: .tenSecondClip)), autoplay: false)
        try await player.until(status: .ready, timeout: .seconds(30))
        let before = try meanLevel(renderer)
        try player.setVideoAdjustments(VideoAdjustments(brightness: 50))
        let brighter = try await settledLevel(renderer) { $0 > before + 20 }
        try player.setVideoAdjustments(.neutral)
        let after = try await settledLevel(renderer) { abs($0 - before) < 1 }
        #expect(brighter > before + 20, "\(before) → \(brighter)")
        #expect(abs(after - before) < 1, "\(before) → \(after)")
        #expect(throws: PlayerError.self) { try player.setVideoAdjustments(VideoAdjustments(hue: 101)) }
        await player.shutdown()
    }

    /// VideoPlayerContainer's brightness gesture, end to end: a drag down the left half of Reel's
    /// controls darkens the picture libmpv renders, and a drag back up restores it.
    @Test func aDragOnTheControlsLeftHalfReachesThePicture() async throws {
        let engine = try MPVEngine(configuration: .headless)
        let renderer = try engine.makeVideoRenderer(.software)
        defer { renderer.free() }
        let player = Player(engine: engine)
        let controls = PlayerContainer(player: player)
        controls.layout(size: Size(width: 640, height: 360), scale: 1)
        try player.load(MediaItem(url: try await MediaFixtures.url(for: .tenSecondClip)), autoplay: false)
        try await player.until(status: .ready, timeout: .seconds(30))
        _ = await player.wait(timeout: .seconds(10)) { $0.video != nil }
        func drag(by rise: Double, at time: Double) {
            controls.handle(.pointerDown(Point(x: 120, y: 180), button: .primary, time: time))
            controls.handle(.pointerMoved(Point(x: 120, y: 180 - rise), time: time + 0.05))
            controls.handle(.pointerUp(Point(x: 120, y: 180 - rise), button: .primary, time: time + 0.1))
        }
        let before = try meanLevel(renderer)
        // Down by half the span (0.8 × 360 px): brightness -50.
        drag(by: -144, at: 1)
        #expect(player.videoAdjustments == VideoAdjustments(brightness: -50))
        let darker = try await settledLevel(renderer) { $0 < before - 20 }
        drag(by: 144, at: 3)
        #expect(player.videoAdjustments == .neutral)
        let after = try await settledLevel(renderer) { abs($0 - before) < 1 }
        #expect(darker < before - 20, "\(before) → \(darker)")
        #expect(abs(after - before) < 1, "\(before) → \(after)")
        await player.shutdown()
    }
}
