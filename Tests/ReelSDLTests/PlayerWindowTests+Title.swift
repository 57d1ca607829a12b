import Foundation
import ReelContainer
import ReelCore
import ReelMPV
import ReelPlayer
import ReelSDL
import ReelTestSupport
import ReelTesting
import Testing

extension PlayerWindowTests {
    /// The window's name as the window manager reads it (`_NET_WM_NAME`, then `WM_NAME`).
    private func windowName(_ id: String) async -> String {
        await Command.output("xdotool", "getwindowname", id).trimmingCharacters(in: .newlines)
    }

    /// A title outside ASCII reaches the window manager as written, at creation and when it
    /// changes. In the `reel` process SDL 2.26 alone wrote no `_NET_WM_NAME` for "clip.mp4 —
    /// Reel" (title bars kept the old title or showed mojibake; `WindowedReelPlayTests` checks
    /// that process); in this one it does, so this guards the direct write from breaking it.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"), "needs xdotool"))
    func aTitleOutsideASCIIReachesTheWindowManagerAsWritten() async throws {
        var configuration = MPVConfiguration.headless
        configuration.video = .renderAPI
        let player = Player(engine: try MPVEngine(configuration: configuration))
        let window = try PlayerWindow(
            player: player,
            options: .init(title: "Café — Reel", size: Size(width: 320, height: 180), renderPath: .software))
        let running = Task { await window.run() }
        defer { running.cancel() }
        let found = await Command.output(
            "timeout", "-s", "KILL", "10", "xdotool", "search", "--sync", "--name", "^Caf")
        let id = try #require(found.split(separator: "\n").last.map(String.init), "no window")
        #expect(await windowName(id) == "Café — Reel")

        window.title = "Übung 日本.mkv — Reel"
        // A round trip through the render thread, where the title was applied.
        _ = window.captureFrame()
        #expect(await windowName(id) == "Übung 日本.mkv — Reel")

        window.close()
        await running.value
        await player.shutdown()
    }
}
