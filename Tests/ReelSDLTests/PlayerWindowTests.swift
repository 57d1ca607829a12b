import Foundation
import ReelContainer
import ReelCore
import ReelDrawing
import ReelMPV
import ReelSDL
import ReelTesting
import Testing

/// Real windows: they need an X display. `make test` runs without one, so these are skipped
/// there; run them with `scripts/with-display.sh swift test --filter PlayerWindowTests`.
@MainActor
@Suite(
    "PlayerWindow", .serialized, .exclusiveDisplay,
    .enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display (DISPLAY is not set)"))
struct PlayerWindowTests {
    private static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// Plays `url` in a window for `seconds`, then captures what it shows and closes it.
    private func play(
        _ url: URL, for seconds: Double, path: RenderPath.Preference?, size: Size, overlay: BasicControlsOverlay
    ) async throws -> (window: PlayerWindow, frame: FrameBuffer?) {
        var configuration = MPVConfiguration.headless
        configuration.video = .renderAPI
        let engine = try MPVEngine(configuration: configuration)
        let window = try PlayerWindow(
            engine: engine, overlay: overlay, options: .init(title: "Reel test", size: size, renderPath: path))
        let events = engine.events
        let follower = Task { @MainActor in
            for await event in events {
                switch event {
                case .property(.position(let position?, _)): overlay.position = position
                case .property(.duration(let duration)): overlay.duration = duration
                default: break
                }
            }
        }
        try engine.send(.load(LoadRequest(item: MediaItem(url: url))))
        var frame: FrameBuffer?
        let closer = Task { @MainActor in
            try? await Task.sleep(for: .seconds(seconds))
            frame = window.captureFrame()
            window.close()
        }
        await window.run()
        await closer.value
        await engine.shutdown()
        follower.cancel()
        return (window, frame)
    }

    private func save(_ frame: FrameBuffer, _ name: String) throws {
        guard let folder = Self.environment["REEL_SDL_SCREENSHOT_DIR"] else { return }
        try frame.writePNG(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
    }

    /// The OpenGL path is left out unless `REEL_SDL_TEST_GL=1`: under Xvfb/llvmpipe it crashes
    /// in Mesa's GLX once the main actor moves to another OS thread (a known issue; see
    /// GLPresenter.makeCurrent()).
    nonisolated static var paths: [RenderPath.Preference] {
        ProcessInfo.processInfo.environment["REEL_SDL_TEST_GL"] == "1" ? [.software, .openGL] : [.software]
    }

    @Test(arguments: paths)
    func theWindowShowsVideoWithTheOverlayOnTop(_ path: RenderPath.Preference) async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let overlay = BasicControlsOverlay(title: "Ten seconds")
        let (window, captured) = try await play(
            clip, for: 1.5, path: path, size: Size(width: 640, height: 360), overlay: overlay)
        #expect(window.renderPath == (path == .software ? .software : .openGL))
        #expect(window.isClosed)
        let frame = try #require(captured)
        try save(frame, "window-\(path.rawValue).png")
        #expect(frame.width == 640 && frame.height == 360)
        // 4:3 video in a 16:9 window: black bars left and right, picture in the middle.
        #expect(frame.pixel(x: 20, y: 180) == (0, 0, 0))
        let middle = frame.pixel(x: 320, y: 120)
        #expect(Int(middle.red) + Int(middle.green) + Int(middle.blue) > 60)
        // The pause icon's left bar (playing) is white.
        #expect(frame.pixel(x: 16 + 24 - 5, y: 360 - 38) == (255, 255, 255))
        #expect(window.statistics.videoFrames > 15)
        #expect(window.statistics.overlayDraws >= 2)
        print(
            "\(window.renderPath) (\(window.glRenderer ?? "no GL")): \(window.statistics.videoFrames) video frames, "
                + "\(window.statistics.presentedFrames) presented")
    }

    /// Two windows in one process, each with its own engine, playing at once: every SDL and
    /// render call runs on the one render thread, so this no longer corrupts the heap.
    @Test func twoWindowsPlayAtOnce() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        var windows: [PlayerWindow] = []
        var engines: [MPVEngine] = []
        for index in 0..<2 {
            var configuration = MPVConfiguration.headless
            configuration.video = .renderAPI
            let engine = try MPVEngine(configuration: configuration)
            let window = try PlayerWindow(
                engine: engine, overlay: BasicControlsOverlay(title: "Window \(index)"),
                options: .init(title: "Reel two \(index)", size: Size(width: 480, height: 270)))
            try engine.send(.load(LoadRequest(item: MediaItem(url: clip))))
            windows.append(window)
            engines.append(engine)
        }
        let seconds = Double(Self.environment["REEL_SDL_TWO_WINDOW_SECONDS"] ?? "1.5") ?? 1.5
        let closer = Task { @MainActor [windows] in
            try? await Task.sleep(for: .seconds(seconds))
            for window in windows { window.close() }
        }
        // A constant: ThreadSanitizer's instrumentation of reads of the variable `windows` made the
        // region checker see the two `async let`s race on it (a build with --sanitize=thread failed).
        let pair = windows
        async let first: Void = pair[0].run()
        async let second: Void = pair[1].run()
        _ = await (first, second)
        await closer.value
        for engine in engines { await engine.shutdown() }
        for window in windows { #expect(window.statistics.videoFrames > 10) }
    }

    @Test func keysTheOverlayIgnoresReachTheHandler() async throws {
        var configuration = MPVConfiguration.headless
        configuration.video = .renderAPI
        let engine = try MPVEngine(configuration: configuration)
        let overlay = BasicControlsOverlay()
        var toggled = 0
        overlay.onTogglePause = { toggled += 1 }
        let window = try PlayerWindow(engine: engine, overlay: overlay, options: .init(renderPath: .software))
        var unhandled: [InputEvent] = []
        window.onUnhandledInput = { unhandled.append($0) }
        let typing = Task { @MainActor in
            try? await Task.sleep(for: .milliseconds(300))
            for key in ["space", "m"] { Self.xdotool("key", "--window", Self.windowID(title: "Reel") ?? "", key) }
            try? await Task.sleep(for: .milliseconds(500))
            window.close()
        }
        await window.run()
        await typing.value
        await engine.shutdown()
        guard Self.windowToolAvailable else { return }
        #expect(toggled == 1)
        #expect(unhandled.contains { if case .keyDown(.character("m"), _, _) = $0 { true } else { false } })
        #expect(unhandled.contains { if case .tick = $0 { true } else { false } })
    }

    /// A long run for measurements: `REEL_SDL_SOAK_MEDIA=file REEL_SDL_SOAK_SECONDS=10` (and
    /// `REEL_RENDER_PATH=sw|gl`) plays the file in a 1280×720 window and prints the statistics.
    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["REEL_SDL_SOAK_MEDIA"] != nil, "set REEL_SDL_SOAK_MEDIA to measure")
    )
    func soak() async throws {
        let media = URL(fileURLWithPath: try #require(Self.environment["REEL_SDL_SOAK_MEDIA"]))
        let seconds = Double(Self.environment["REEL_SDL_SOAK_SECONDS"] ?? "10") ?? 10
        let overlay = BasicControlsOverlay(title: media.lastPathComponent)
        let (window, frame) = try await play(
            media, for: seconds, path: nil, size: Size(width: 1280, height: 720), overlay: overlay)
        if let frame { try save(frame, "soak-\(window.renderPath.rawValue).png") }
        let statistics = window.statistics
        let presented = Double(max(1, statistics.presentedFrames))
        print(
            """
            soak \(window.renderPath) (\(window.glRenderer ?? "no GL")) \(seconds) s: \
            \(statistics.videoFrames) video frames, \(statistics.presentedFrames) presented, \
            video render \(String(format: "%.2f", statistics.videoRenderSeconds / presented * 1000)) ms/frame, \
            overlay composite \(String(format: "%.3f", statistics.overlayCompositeSeconds / presented * 1000)) ms/frame, \
            overlay draws \(statistics.overlayDraws) at \
            \(String(format: "%.2f", statistics.overlayDrawSeconds / Double(max(1, statistics.overlayDraws)) * 1000)) ms
            """)
        #expect(statistics.videoFrames > Int(seconds * 20))
    }

    private static var windowToolAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") }

    private static func windowID(title: String) -> String? {
        guard windowToolAvailable else { return nil }
        let output = xdotool("search", "--name", title)
        return output.split(separator: "\n").last.map(String.init)
    }

    @discardableResult
    private static func xdotool(_ arguments: String...) -> String {
        guard windowToolAvailable else { return "" }
        return Command.output(["xdotool"] + arguments)
    }
}
