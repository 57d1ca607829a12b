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
    /// Drops `text` offered as `type` on the window called `title`, as a file manager does.
    private func drop(_ text: String, type: String, on title: String, shift: Bool = false) async throws {
        let found = await Command.output(
            "timeout", "-s", "KILL", "10", "xdotool", "search", "--sync", "--name", title)
        let id = try #require(found.split(separator: "\n").last.map(String.init))
        let result = try await WindowDrop.drop(text, type: type, on: id, shift: shift)
        #expect(result.status == 0, "xdnd-drop: \(result.errorText)")
    }

    /// A file dragged from a file manager onto the window plays; one dropped with Shift held
    /// joins the queue instead; an address refused by the drop policy opens nothing. Real XDND
    /// through SDL's own handling, not events made up in the test.
    @Test(.enabled(if: WindowDrop.isAvailable, "needs xdotool and python3-xlib"))
    func filesDroppedOnTheWindowPlayOrJoinTheQueue() async throws {
        let first = try await MediaFixtures.url(for: .tenSecondClip)
        let second = try await MediaFixtures.url(for: .shortClip)
        let third = try await MediaFixtures.url(for: .audioOnly)
        var configuration = MPVConfiguration.headless
        configuration.video = .renderAPI
        let player = Player(engine: try MPVEngine(configuration: configuration))
        let title = "Reel drops"
        let window = try PlayerWindow(
            player: player,
            options: .init(title: title, size: Size(width: 640, height: 360), renderPath: .software))
        let running = Task { await window.run() }
        defer { running.cancel() }
        try player.load(MediaItem(url: first))
        try await player.until(state: .playing)

        // A file manager offers files as a URI list.
        try await drop(second.absoluteString + "\r\n", type: "text/uri-list", on: title)
        try await player.until("the dropped file is the item") { $0.playback.item?.url == second }
        #expect(player.queue.entries.map(\.item.url) == [second])

        try await drop(third.absoluteString + "\r\n", type: "text/uri-list", on: title, shift: true)
        try await player.until("the Shift-dropped file is queued") { $0.queue.count == 2 }
        #expect(player.queue.entries.map(\.item.url) == [second, third])
        #expect(player.playback.item?.url == second)

        // An address dragged from a browser arrives as text; one outside the URL policy's
        // allowlist opens nothing and says why.
        let drops = CountSignal()
        window.container?.eventHook = { event in
            if case .drop = event { drops.increment("drop") }
            return false
        }
        try await drop("ftp://127.0.0.1/clip.mp4", type: "text/plain", on: title)
        #expect(await drops.wait(for: "drop", atLeast: 1, timeout: .seconds(10)))
        let toasts = window.container?.toasts.visible.compactMap { ($0.content as? BubbleWidget)?.text } ?? []
        #expect(toasts.contains { $0.contains("ftp") }, "toasts: \(toasts)")
        #expect(player.queue.entries.map(\.item.url) == [second, third])

        window.close()
        await running.value
        await player.shutdown()
    }
}
