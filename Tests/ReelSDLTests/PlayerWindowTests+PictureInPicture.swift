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
    /// MPlayerKit's picture in picture: a second, small, borderless window takes the video from
    /// the same engine; restoring brings it back; closing it pauses the player.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"), "needs xdotool"))
    func pictureInPictureOpensASmallWindowAndClosesBackIntoTheMainOne() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        var configuration = MPVConfiguration.headless
        configuration.video = .renderAPI
        let engine = try MPVEngine(configuration: configuration)
        let player = Player(engine: engine)
        let window = try PlayerWindow(
            player: player,
            options: .init(title: "Reel PiP test", size: Size(width: 640, height: 360), renderPath: .software))
        let running = Task { await window.run() }
        defer { running.cancel() }
        #expect(player.presentation == .inline)
        #expect(player.isPictureInPicturePossible)
        try player.load(MediaItem(url: clip))
        try await player.until(state: .playing)
        try await player.until("a picture size") { $0.aspectRatio != nil }

        try player.startPictureInPicture()
        #expect(player.isPictureInPictureActive)
        #expect(window.presentation == .pictureInPicture)
        let found = await Command.output(
            "timeout", "-s", "KILL", "10", "xdotool", "search", "--sync", "--name", "picture in picture")
        #expect(!found.isEmpty)
        // A quarter of the 1280-pixel Xvfb screen, in the clip's 4:3 shape, showing the video.
        let small = try #require(window.captureFrame())
        #expect(small.width == 320 && small.height == 240)
        let middle = small.pixel(x: 160, y: 120)
        #expect(Int(middle.red) + Int(middle.green) + Int(middle.blue) > 60)

        try player.stopPictureInPicture()
        #expect(player.presentation == .inline)
        #expect(await Command.output("xdotool", "search", "--name", "picture in picture").isEmpty)
        let restored = try #require(window.captureFrame())
        #expect(restored.width == 640 && restored.height == 360)

        // Its close button (top right, on hover) closes it and pauses, even with the click that
        // gives the window the focus (what a click-to-focus window manager does): the focus goes
        // to the root window first, and comes back right before the press.
        try player.startPictureInPicture()
        let again = await Command.output(
            "timeout", "-s", "KILL", "10", "xdotool", "search", "--sync", "--name", "picture in picture")
        let second = try #require(again.split(separator: "\n").last.map(String.init))
        let roots = await Command.output("xdotool", "search", "--maxdepth", "0", "--name", "")
        let root = try #require(roots.split(separator: "\n").first.map(String.init))
        await Command.output("xdotool", "mousemove", "--window", second, "300", "30")
        await Command.output("xdotool", "windowfocus", "--sync", root)
        await Command.output(
            "xdotool", "mousemove", "--window", second, "300", "20", "windowfocus", "--sync", second, "click", "1")
        try await player.until("back inline and paused") {
            $0.presentation == .inline && $0.state == .paused(reason: .userInitiated)
        }
        #expect(await Command.output("xdotool", "search", "--name", "picture in picture").isEmpty)

        window.close()
        #expect(player.presentation == .none)
        await running.value
        await player.shutdown()
    }
}
