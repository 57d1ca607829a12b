import Foundation
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

@testable import ReelMPV

/// An engine made without video output (`.standard`, `.headless`) switches to the render API
/// when a host makes its video renderer, so a window opened afterwards shows video.
@MainActor
@Suite("Switching to the render API", .serialized)
struct RenderAPISwitchTests {
    private static let width = 64
    private static let height = 48

    /// What a run of frames showed.
    private struct Frames {
        var rendered = 0
        /// Frames where most pixels are lit: `testsrc2`'s colours, not the black libmpv draws
        /// without video.
        var withPicture = 0
        /// Distinct colours (4 bits a channel) in the last frame with a picture.
        var colours = 0
    }

    /// Renders frames as libmpv signals them until `wanted` of them show a picture, or until
    /// `timeout` passes.
    private func renderFrames(_ renderer: VideoRenderer, wanted: Int, timeout: Duration) async throws -> Frames {
        let (signals, signal) = AsyncStream<Bool>.makeStream(bufferingPolicy: .bufferingNewest(2))
        renderer.setUpdateHandler { signal.yield(true) }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            signal.yield(false)
        }
        defer { timer.cancel() }
        // Anything already waiting (a switch while playing) is picked up at once.
        signal.yield(true)
        let stride = VideoRenderer.preferredStride(width: Self.width)
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * Self.height, alignment: 64)
        defer { pixels.deallocate() }
        var frames = Frames()
        for await isUpdate in signals {
            guard isUpdate else { break }
            guard renderer.update() else { continue }
            pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * Self.height)
            try renderer.renderSoftware(into: pixels, width: Self.width, height: Self.height, stride: stride)
            frames.rendered += 1
            var lit = 0
            var colours = Set<Int>()
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let pixel = pixels.advanced(by: y * stride + x * 4).assumingMemoryBound(to: UInt8.self)
                    let (blue, green, red) = (Int(pixel[0]), Int(pixel[1]), Int(pixel[2]))
                    if blue + green + red > 60 { lit += 1 }
                    colours.insert((red >> 4) << 8 | (green >> 4) << 4 | blue >> 4)
                }
            }
            if lit > Self.width * Self.height / 2 {
                frames.withPicture += 1
                frames.colours = colours.count
            }
            if frames.withPicture >= wanted { break }
        }
        return frames
    }

    @Test func aHeadlessEngineRendersFramesAfterMakingARenderer() async throws {
        let engine = try MPVEngine(configuration: .headless)
        #expect(engine.propertyText("vo") == "null")
        let renderer = try engine.makeVideoRenderer(.software)
        #expect(engine.propertyText("vo") == "libmpv")
        #expect(engine.propertyText("zimg-threads") == MPVEngine.renderConversionThreads)
        // Ten seconds: a loaded machine that renders slowly still sees five frames before the end
        // (the 2 s clip could end after three).
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        try engine.send(.load(LoadRequest(item: MediaItem(url: clip))))
        let frames = try await renderFrames(renderer, wanted: 5, timeout: .seconds(15))
        #expect(frames.withPicture >= 5, "rendered \(frames.rendered) frames, \(frames.withPicture) with a picture")
        #expect(frames.colours >= 8)
        renderer.free()
        await engine.shutdown()
    }

    @Test func anEngineAlreadyPlayingSwitchesItsVideoToTheRenderer() async throws {
        let engine = try MPVEngine(configuration: .headless)
        let player = Player(engine: engine)
        try player.load(MediaItem(url: try await MediaFixtures.url(for: .tenSecondClip)))
        try await player.until(state: .playing, timeout: .seconds(15))
        let renderer = try engine.makeVideoRenderer(.software)
        let frames = try await renderFrames(renderer, wanted: 5, timeout: .seconds(15))
        #expect(frames.withPicture >= 5, "rendered \(frames.rendered) frames, \(frames.withPicture) with a picture")
        #expect(player.state == .playing)
        renderer.free()
        await player.shutdown()
    }

    @Test func anAppsOwnZimgThreadsIsKept() async throws {
        var configuration = MPVConfiguration.headless
        configuration.options["zimg-threads"] = "2"
        let engine = try MPVEngine(configuration: configuration)
        let renderer = try engine.makeVideoRenderer(.software)
        #expect(engine.propertyText("vo") == "libmpv")
        #expect(engine.propertyText("zimg-threads") == "2")
        renderer.free()
        // A second renderer after the first is freed: the engine stays on the render API.
        let second = try engine.makeVideoRenderer(.software)
        #expect(engine.propertyText("vo") == "libmpv")
        second.free()
        await engine.shutdown()
    }

    @Test func anEngineWithItsOwnWindowRefusesARenderer() async throws {
        var configuration = MPVConfiguration.headless
        configuration.video = .ownWindow
        let engine = try MPVEngine(configuration: configuration)
        #expect {
            try engine.makeVideoRenderer(.software)
        } throws: { error in
            guard let error = error as? PlayerError, error.code == .invalidArgument else { return false }
            return error.message.contains(".renderAPI")
        }
        #expect(engine.propertyText("vo") == "gpu")
        await engine.shutdown()
    }
}
