import Foundation
import ReelContainer
import ReelCore
import ReelDrawing
import ReelMPV
import ReelPlayer
import ReelSDL
import ReelTestSupport
import ReelTesting
import Testing

extension PlayerWindowTests {
    /// A feed's window: one window, two players. The second, prepared before it loads, shows its
    /// paused first frame the moment the window moves to it; the first is then shown nowhere.
    @Test func theWindowMovesToAPreparedPlayerAndShowsItsFirstFrame() async throws {
        let sound = try await MediaFixtures.url(for: .audioOnly)
        let picture = try await MediaFixtures.url(for: .tenSecondClip)
        var configuration = MPVConfiguration.headless
        configuration.video = .renderAPI
        let first = Player(engine: try MPVEngine(configuration: configuration))
        // Made without a video output: preparing switches it to the window's renderer.
        let second = Player(engine: try MPVEngine(configuration: .headless))
        let window = try PlayerWindow(
            player: first,
            options: .init(title: "Reel feed", size: Size(width: 640, height: 360), renderPath: .software))
        let firstControls = try #require(window.container)
        let secondControls = try #require(try window.prepare(second))
        #expect(try window.prepare(second) === secondControls, "preparing twice made a second container")
        let running = Task { await window.run() }
        try first.load(MediaItem(url: sound))
        try second.load(MediaItem(url: picture), autoplay: false)
        try await first.until(state: .playing)
        try await second.until("the first frame") { $0.playback.status == .ready && $0.playback.video != nil }
        #expect(first.presentation == .inline && second.presentation == .none)
        let before = try #require(window.captureFrame())
        // Beside what an item without video shows in the middle (NowPlayingView).
        #expect(Self.brightness(before.pixel(x: 60, y: 180)) < 30, "a picture without video")

        try window.show(second)
        #expect(window.player === second && window.container === secondControls && secondControls !== firstControls)
        #expect(first.presentation == .none && second.presentation == .inline)
        let after = try #require(window.captureFrame())
        #expect(Self.brightness(after.pixel(x: 320, y: 100)) > 60, "the paused player's first frame is not shown")
        #expect(second.state == .paused(reason: .userInitiated))

        // Full screen belongs to the player shown; back to the first, the window keeps it.
        try second.setPresentation(.fullscreen)
        try await second.until("full screen") { _ in window.isFullscreen }
        try window.show(first)
        #expect(first.presentation == .fullscreen && second.presentation == .none)
        window.close()
        await running.value
        #expect(first.presentation == .none)
        await first.shutdown()
        await second.shutdown()
    }

    private static func brightness(_ pixel: (red: UInt8, green: UInt8, blue: UInt8)) -> Int {
        Int(pixel.red) + Int(pixel.green) + Int(pixel.blue)
    }
}
