import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

@MainActor
@Suite("Transport widgets, app actions, zoom and drops")
struct TransportWidgetTests {
    private func harness(_ widgets: [any Widget]) -> ContainerHarness {
        var configuration = ContainerConfiguration.standard
        configuration.controls.setWidgets(widgets, in: .bottom3)
        configuration.controls.displayStyle = .always
        return ContainerHarness(configuration: configuration)
    }

    @Test func skipButtonsSkipTheirOwnSeconds() async throws {
        let harness = harness([SkipButton(seconds: -10), SkipButton(seconds: 30)])
        try await harness.load(autoplay: false)
        harness.draw()
        let back = try #require(harness.frame(of: SkipButton.self, in: .bottom3) { $0.seconds < 0 })
        let ahead = try #require(harness.frame(of: SkipButton.self, in: .bottom3) { $0.seconds > 0 })
        harness.click(back.center, at: 1)
        harness.click(ahead.center, at: 2)
        #expect(
            harness.commands == [
                .seek(.relative(-10), precision: .keyframe), .seek(.relative(30), precision: .keyframe),
            ])
        harness.draw()
        #expect(harness.canvas.texts.contains("30"))
    }

    @Test func frameStepButtonsShowOnlyWhilePaused() async throws {
        let harness = harness([FrameStepButton(forward: false), FrameStepButton(forward: true)])
        try await harness.load()
        harness.draw()
        #expect(harness.frame(of: FrameStepButton.self, in: .bottom3) == nil)
        harness.store.send(.transport(.pauseRequested()))
        try await harness.store.until("paused") { !$0.playerState.isPlaying }
        harness.draw()
        let forward = try #require(harness.frame(of: FrameStepButton.self, in: .bottom3) { $0.forward })
        harness.markCommands()
        harness.click(forward.center, at: 1)
        #expect(harness.commands == [.stepFrame(forward: true)])
    }

    @Test func theCloseButtonLeavesFullscreenAndPictureInPicture() async throws {
        let harness = harness([CloseButton(), PictureInPictureButton()])
        try await harness.load()
        harness.store.send(.presentation(.changed(.inline, pictureInPicturePossible: false)))
        harness.draw()
        #expect(harness.frame(of: CloseButton.self, in: .bottom3) == nil)
        #expect(harness.frame(of: PictureInPictureButton.self, in: .bottom3) == nil)

        harness.store.send(.presentation(.changed(.fullscreen, pictureInPicturePossible: true)))
        harness.draw()
        let close = try #require(harness.frame(of: CloseButton.self, in: .bottom3))
        harness.click(close.center, at: 1)
        #expect(harness.state.presentation == .inline)

        harness.draw()
        let pictureInPicture = try #require(harness.frame(of: PictureInPictureButton.self, in: .bottom3))
        harness.click(pictureInPicture.center, at: 2)
        #expect(harness.state.presentation == .pictureInPicture)
        harness.draw()
        let back = try #require(harness.frame(of: CloseButton.self, in: .bottom3))
        harness.click(back.center, at: 3)
        #expect(harness.state.presentation == .inline)
    }

    @Test func theRatesButtonShowsTheRateAndListsOnlyRates() async throws {
        let harness = harness([MenuButton(.rates)])
        try await harness.load()
        harness.draw()
        #expect(harness.canvas.texts.contains("1×"))
        let button = try #require(harness.frame(of: MenuButton.self, in: .bottom3) { $0.menu == .rates })
        harness.click(button.center, at: 1)
        let menu = try #require(harness.container.features.panel?.content as? MenuWidget)
        let titles = menu.items(harness.container.widgetContext()).map(\.title)
        #expect(titles == ["0.5×", "0.75×", "Normal", "1.25×", "1.5×", "2×"])
    }

    @Test func customMenuEntriesReachTheAppsHandlers() async throws {
        var configuration = ContainerConfiguration.standard
        configuration.menuItems[.speed] = [
            MenuItem(title: "Report a problem…", action: .app("report"))
        ]
        let harness = ContainerHarness(configuration: configuration)
        try await harness.load()
        var first: [AppAction] = []
        var second: [AppAction] = []
        let one = harness.container.addAppActionHandler { first.append($0) }
        var two: HandlerRegistration? = harness.container.addAppActionHandler { second.append($0) }
        harness.container.perform(.openMenu(.speed))
        harness.tick(1)
        let panel = try #require(harness.container.features.panel)
        let menu = try #require(panel.content as? MenuWidget)
        let items = menu.items(harness.container.widgetContext())
        let index = try #require(items.firstIndex { $0.title == "Report a problem…" })
        harness.click(
            menu.rowFrame(index, in: panel.frame(in: harness.container.videoFrame, progress: 1)).center, at: 2)
        #expect(first == ["report"])
        #expect(second == ["report"])
        #expect(!harness.container.features.isPresented)
        two = nil
        harness.container.perform(.app("again"))
        #expect(first == ["report", "again"])
        #expect(second == ["report"])
        one.cancel()
        harness.container.perform(.app("gone"))
        #expect(first == ["report", "again"])
        _ = two
    }

    @Test func severalGestureHandlersSeeGesturesInOrder() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        var seen: [String] = []
        let watcher = harness.container.gestures.addHandler { gesture, _ in
            if case .scroll = gesture { seen.append("watcher") }
            return false
        }
        let taker = harness.container.gestures.addHandler { gesture, _ in
            guard case .scroll = gesture else { return false }
            seen.append("taker")
            return true
        }
        let center = harness.container.videoFrame.center
        harness.send(.scroll(dx: 0, dy: -1, at: center, time: 1))
        #expect(seen == ["watcher", "taker"])
        #expect(harness.commands.isEmpty)
        taker.cancel()
        harness.send(.scroll(dx: 0, dy: -1, at: center, time: 2))
        #expect(seen == ["watcher", "taker", "watcher"])
        #expect(harness.commands == [.seek(.relative(5), precision: .keyframe)])
        watcher.cancel()
    }

    @Test func magnifyingZoomsThePictureWithinItsRange() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        let center = harness.container.videoFrame.center
        harness.send(.magnify(by: 1.5, at: center, time: 1))
        #expect(harness.state.playback.framing.zoom == 1.5)
        #expect(harness.commands == [.setVideoFraming(VideoFraming(zoom: 1.5))])
        harness.send(.magnify(by: 100, at: center, time: 2))
        #expect(harness.state.playback.framing.zoom == 8)
        harness.send(.magnify(by: 2, at: center, time: 3))
        #expect(harness.commands.count == 2)
    }

    @Test func aDroppedFilePlaysAndShiftQueuesIt() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        harness.send(.drop("/media/other.mp4\n", modifiers: .shift, time: 1))
        #expect(harness.state.queue.entries.map(\.item.url.path) == ["/media/clip.mp4", "/media/other.mp4"])
        harness.send(.drop("file:///media/third.mp4", modifiers: [], time: 2))
        #expect(harness.state.queue.entries.map(\.item.url.path) == ["/media/third.mp4"])
        #expect(
            harness.commands.contains {
                if case .load(let request) = $0 { request.item.url.path == "/media/third.mp4" } else { false }
            })
    }

    @Test func droppedAddressesGoThroughThePolicy() async throws {
        var configuration = ContainerConfiguration.standard
        let harness = ContainerHarness(configuration: configuration)
        try await harness.load()
        harness.send(.drop("ytdl://example.com/video", modifiers: [], time: 1))
        #expect(harness.state.queue.entries.map(\.item.url.path) == ["/media/clip.mp4"])
        harness.tick(1.2)  // the toast has slid in
        harness.draw()
        #expect(harness.canvas.texts.contains { $0.contains("ytdl") })
        #expect(harness.commands.isEmpty)

        configuration.dropPolicy = nil
        let closed = ContainerHarness(configuration: configuration)
        closed.send(.drop("/media/other.mp4", modifiers: [], time: 1))
        #expect(closed.state.queue.isEmpty)
    }

    /// A drag of several files is one queue in their order; a local playlist file brings its
    /// entries; a refused line is left out and said, the others still open.
    @Test func severalDroppedFilesAndPlaylistsBecomeTheQueue() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-drops-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let playlist = folder.appendingPathComponent("list.m3u")
        try "#EXTM3U\none.mp4\ntwo.mkv\n".write(to: playlist, atomically: true, encoding: .utf8)
        for name in ["one.mp4", "two.mkv"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }

        let harness = ContainerHarness()
        try await harness.load()
        harness.send(.drop("/media/a.mp4\n/media/b.mkv\n", modifiers: [], time: 1))
        #expect(harness.state.queue.entries.map(\.item.url.path) == ["/media/a.mp4", "/media/b.mkv"])
        harness.send(.drop(playlist.path + "\nytdl://example.com/video", modifiers: .shift, time: 2))
        #expect(
            harness.state.queue.entries.map(\.item.url.lastPathComponent) == ["a.mp4", "b.mkv", "one.mp4", "two.mkv"])
        harness.tick(2.2)  // the toasts have slid in
        harness.draw()
        #expect(harness.canvas.texts.contains { $0.contains("ytdl") })
        #expect(harness.canvas.texts.contains("Added to the queue: 2 items"))
    }

    @Test func aDroppedFolderBecomesItsMediaFilesInNameOrder() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for name in ["Part 10.mkv", "Part 9.mkv", "cover.jpg"] { try Data().write(to: folder.file(name)) }
        let harness = ContainerHarness()
        harness.send(.drop(folder.url.absoluteString + "\r\n", modifiers: [], time: 1))
        #expect(harness.state.queue.entries.map(\.item.url.lastPathComponent) == ["Part 9.mkv", "Part 10.mkv"])
        // A folder without media opens nothing and says why.
        let empty = try TemporaryDirectory()
        defer { empty.remove() }
        harness.send(.drop(empty.url.path, modifiers: [], time: 2))
        harness.tick(2.2)
        harness.draw()
        #expect(harness.canvas.texts.contains("The folder \(empty.url.lastPathComponent) holds no media files."))
        #expect(harness.state.queue.count == 2)
    }
}
