import Foundation
import ReelCore
import ReelMPV
import ReelTestSupport
import ReelTesting
import Testing

@Suite("VideoRenderer lifecycle", .serialized)
struct VideoRendererLifecycleTests {
    private static var renderConfiguration: MPVConfiguration {
        var configuration = MPVConfiguration.headless
        configuration.video = .renderAPI
        return configuration
    }

    private func render(_ renderer: VideoRenderer) throws(PlayerError) {
        let stride = VideoRenderer.preferredStride(width: 32)
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * 16, alignment: 64)
        defer { pixels.deallocate() }
        try renderer.renderSoftware(into: pixels, width: 32, height: 16, stride: stride)
    }

    @Test func aRendererNeedsAnEngineWithoutItsOwnWindow() async throws {
        var configuration = MPVConfiguration.headless
        configuration.video = .ownWindow
        let engine = try MPVEngine(configuration: configuration)
        #expect { try engine.makeVideoRenderer(.software) } throws: { ($0 as? PlayerError)?.code == .invalidArgument }
        await engine.shutdown()
    }

    @Test func freeingTwiceIsSafeAndLaterCallsDoNothing() async throws {
        let engine = try MPVEngine(configuration: Self.renderConfiguration)
        let renderer = try engine.makeVideoRenderer(.software)
        #expect(renderer.kind == .software)
        try render(renderer)
        renderer.free()
        renderer.free()
        #expect(renderer.isFreed)
        #expect(renderer.update() == false)
        renderer.reportSwap()
        renderer.skipFrame()
        #expect { try render(renderer) } throws: { ($0 as? PlayerError)?.code == .engineGone }
        await engine.shutdown()
    }

    @Test func oneRendererAtATime() async throws {
        let engine = try MPVEngine(configuration: Self.renderConfiguration)
        let first = try engine.makeVideoRenderer(.software)
        #expect { try engine.makeVideoRenderer(.software) } throws: {
            ($0 as? PlayerError)?.code == .invalidArgument
        }
        first.free()
        let second = try engine.makeVideoRenderer(.software)
        #expect(!second.isFreed)
        await engine.shutdown()
        #expect(second.isFreed)
    }

    @Test func shutdownFreesAForgottenRendererAndRenderingThenThrows() async throws {
        let engine = try MPVEngine(configuration: Self.renderConfiguration)
        let renderer = try engine.makeVideoRenderer(.software)
        let clip = try await MediaFixtures.url(for: .shortClip)
        let events = engine.events
        try engine.send(.load(LoadRequest(item: MediaItem(url: clip))))
        #expect(
            await arrives(in: events, within: .seconds(15)) { if case .itemLoaded = $0 { true } else { false } },
            "the item opened")
        await engine.shutdown()
        #expect(renderer.isFreed)
        #expect(renderer.update() == false)
        #expect { try render(renderer) } throws: { ($0 as? PlayerError)?.code == .engineGone }
        #expect { try engine.makeVideoRenderer(.software) } throws: { ($0 as? PlayerError)?.code == .engineGone }
    }

    @Test func anEngineDroppedWithALiveRendererReleasesBoth() throws {
        var renderer: VideoRenderer?
        do {
            let engine = try MPVEngine(configuration: Self.renderConfiguration)
            renderer = try engine.makeVideoRenderer(.software)
        }
        #expect(renderer?.isFreed == true)
    }

    @Test func badSoftwareTargetsAreRefused() async throws {
        let engine = try MPVEngine(configuration: Self.renderConfiguration)
        let renderer = try engine.makeVideoRenderer(.software)
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: 4_096, alignment: 64)
        defer { pixels.deallocate() }
        #expect(throws: PlayerError.self) {
            try renderer.renderSoftware(into: pixels, width: 32, height: 8, stride: 64)
        }
        #expect(throws: PlayerError.self) {
            try renderer.renderSoftware(into: pixels, width: 0, height: 8, stride: 128)
        }
        #expect(throws: PlayerError.self) {
            try renderer.renderOpenGL(framebuffer: 0, width: 32, height: 8, flipY: true)
        }
        renderer.free()
        await engine.shutdown()
    }

    @Test func theUpdateHandlerFiresWhilePlaying() async throws {
        let engine = try MPVEngine(configuration: Self.renderConfiguration)
        let renderer = try engine.makeVideoRenderer(.software)
        let (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        renderer.setUpdateHandler { signal.yield() }
        let clip = try await MediaFixtures.url(for: .shortClip)
        try engine.send(.load(LoadRequest(item: MediaItem(url: clip))))
        var frames = 0
        for await _ in signals {
            if renderer.update() {
                try render(renderer)
                frames += 1
            }
            if frames >= 5 { break }
        }
        #expect(frames >= 5)
        renderer.free()
        await engine.shutdown()
    }
}
