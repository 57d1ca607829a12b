import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

@MainActor
@Suite("Widgets")
struct WidgetTests {
    @Test func thePlayButtonSendsPlayPauseTapped() async throws {
        var configuration = ContainerConfiguration.standard
        configuration.controls.setWidgets([PlayPauseButton()], in: .bottom3)
        let harness = ContainerHarness(configuration: configuration)
        try await harness.load(autoplay: false)
        harness.draw()
        let small = try #require(harness.frame(of: PlayPauseButton.self, in: .bottom3))
        let large = try #require(harness.frame(of: PlayPauseButton.self, in: .center))
        harness.click(small.center, at: 1)
        #expect(harness.commands == [.play])
        harness.click(large.center, at: 2)
        #expect(harness.commands == [.play, .pause])
        let pressedOutside = Point(x: large.maxX + 30, y: large.midY)
        harness.send(.pointerDown(large.center, button: .primary, time: 3))
        harness.send(.pointerUp(pressedOutside, button: .primary, time: 3.1))
        #expect(harness.commands == [.play, .pause])
    }

    @Test func thePlayButtonReplaysAnEndedItem() async throws {
        let harness = ContainerHarness()
        try await harness.load(duration: 2)
        harness.engine.advance(by: 5)
        try await harness.store.until("ended") { $0.playback.status == .ended }
        harness.draw()
        #expect(harness.state.playButton == .replay)
        let button = try #require(harness.frame(of: PlayPauseButton.self, in: .center))
        harness.click(button.center, at: 1)
        #expect(harness.commands == [.seek(.absolute(0), precision: .keyframe), .play])
    }

    @Test func theSubtitleMenuHasOffAndChoosingItSelectsNoTrack() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        harness.draw()
        let button = try #require(harness.frame(of: MenuButton.self, in: .bottom2) { $0.menu == .subtitles })
        harness.click(button.center, at: 1)
        harness.tick(1.5)
        let panel = try #require(harness.container.features.panel)
        let menu = try #require(panel.content as? MenuWidget)
        #expect(menu.title == "Subtitles")
        harness.draw()
        #expect(
            Array(harness.canvas.texts.suffix(6)) == [
                "Subtitles", "Off", "English", "French", "Secondary: Off…", "Subtitle style…",
            ])
        let items = PlayerMenus.subtitleItems(state: harness.state, strings: .english)
        #expect(items.map(\.title) == ["Off", "English", "French"])
        #expect(items.map(\.isChecked) == [false, true, false])
        let panelFrame = panel.frame(in: harness.container.videoFrame, progress: 1)
        harness.click(menu.rowFrame(0, in: panelFrame).center, at: 2)
        #expect(harness.commands == [.selectTrack(.subtitle, id: nil)])
        #expect(!harness.container.features.isPresented)
        #expect(
            PlayerMenus.subtitleItems(state: harness.state, strings: .english).map(\.isChecked) == [true, false, false])
    }

    @Test func theSpeedMenuChoosesASpeedAndTheButtonShowsIt() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        harness.container.perform(.openMenu(.speed))
        harness.tick(1)
        let panel = try #require(harness.container.features.panel)
        let menu = try #require(panel.content as? MenuWidget)
        let titles = PlayerMenus.speedItems(
            harness.container.context.configuration.speeds, state: harness.state, strings: .english
        ).map(
            \.title)
        #expect(titles == ["0.5×", "0.75×", "Normal", "1.25×", "1.5×", "2×"])
        harness.click(menu.rowFrame(4, in: panel.frame(in: harness.container.videoFrame, progress: 1)).center, at: 2)
        #expect(harness.commands == [.setSpeed(1.5)])
        harness.tick(3)
        #expect(harness.container.features.panel == nil)
        harness.tick(3.5)
        harness.draw()
        #expect(harness.canvas.texts.contains("1.5×"))
    }

    @Test func theAudioMenuListsTracksWithTheCurrentChecked() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        let items = PlayerMenus.audioItems(state: harness.state, strings: .english)
        #expect(items.map(\.title) == ["English", "German"])
        #expect(items.map(\.isChecked) == [true, false])
        #expect(items[1].action == .player(.outputs(.audioTrackSelected(id: 2))))

        // A track this machine cannot decode says so (and can still be chosen).
        var state = harness.state
        state.playback.tracks = state.playback.tracks.map { track in
            var track = track
            if track.kind == .audio { track.isPlayable = track.language != "ger" }
            return track
        }
        #expect(
            PlayerMenus.audioItems(state: state, strings: .english).map(\.title) == [
                "English", "German (cannot play here)",
            ])
        #expect(
            PlayerMenus.audioItems(state: state, strings: ContainerStrings(language: .german)).map(\.title).last
                == "Deutsch (hier nicht abspielbar)")
    }

    @Test func theErrorViewAppearsForAFailedItemAndRetrySendsRetryTapped() async throws {
        let harness = ContainerHarness()
        let retry = try await harness.loadFailing()
        #expect(harness.canvas.texts.contains("The server answered with HTTP status 404."))
        #expect(harness.canvas.texts.contains("Retry"))
        #expect(harness.frame(of: PlayPauseButton.self, in: .center) == nil)
        harness.engine.setFailure(nil, for: ContainerHarness.url)
        harness.click(retry.center, at: 2)
        guard case .load(let request) = harness.commands.first else {
            Issue.record("Retry sent \(harness.commands)")
            return
        }
        #expect(request.item.url == ContainerHarness.url)
        try await harness.store.until("playing") { $0.playerState == .playing }
    }

    @Test func theSpinnerShowsForAStallAfterADelay() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        harness.engine.stall()
        try await harness.store.until("stalled") { $0.playerState == .buffering(reason: .toMinimizeStalls) }
        let spinner = harness.container.context[BufferingIndicatorService.self]
        harness.tick(10)
        // The host is asked for a tick when the delay ends.
        #expect(spinner.showsAt == 10.5)
        harness.tick(10.4)
        #expect(!spinner.isVisible)
        harness.tick(10.5)
        #expect(spinner.isVisible)
        #expect(spinner.showsAt == nil)
        #expect(harness.container.needsDisplay)
        harness.draw()
        #expect(harness.canvas.strokeCount >= 2)
        #expect(harness.frame(of: PlayPauseButton.self, in: .center) == nil)
        harness.engine.resumeFromStall()
        try await harness.store.until("playing") { $0.playerState == .playing }
        harness.tick(11)
        #expect(!spinner.isVisible)
    }

    @Test func noSpinnerWhileAnItemOpens() async throws {
        let harness = ContainerHarness()
        harness.engine.holdLoads = true
        harness.store.send(.queue(.loadRequested(MediaItem(url: ContainerHarness.url))))
        try await harness.store.until("loading") { $0.playerState == .buffering(reason: .evaluatingBufferRate) }
        harness.tick(1)
        harness.tick(5)
        #expect(!harness.container.context[BufferingIndicatorService.self].isVisible)
    }

    @Test func theVolumeControlMutesAndSetsTheLevel() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        harness.draw()
        let frame = try #require(harness.frame(of: VolumeControl.self, in: .bottom2))
        let control = VolumeControl()
        let theme = harness.container.context.configuration.theme
        harness.click(control.buttonFrame(in: frame, theme: theme).center, at: 1)
        #expect(harness.commands == [.setMuted(true)])
        let slider = try #require(control.sliderFrame(in: frame, theme: theme))
        harness.click(Point(x: slider.midX, y: slider.midY), at: 2)
        #expect(harness.commands == [.setMuted(true), .setMuted(false), .setVolume(0.5)])
    }

    @Test func theFullscreenButtonAsksForFullscreen() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        harness.store.send(.presentation(.changed(.inline, pictureInPicturePossible: true)))  // a window shows it
        harness.draw()
        let button = try #require(harness.frame(of: FullscreenButton.self, in: .bottom2))
        harness.click(button.center, at: 1)
        #expect(harness.store.state.presentation == .fullscreen)
    }

    @Test func theTitleBarAndTimeLabelsShowTheState() async throws {
        let harness = ContainerHarness()
        try await harness.load(duration: 100)
        harness.draw()
        #expect(harness.canvas.texts.prefix(1) == ["Clip"])
        #expect(harness.canvas.texts.contains("0:00"))
        #expect(harness.canvas.texts.contains("-1:40"))
    }

    @Test func theTitleBarShowsTheItemsSubtitleAfterItsTitle() async throws {
        let harness = ContainerHarness()
        try await harness.load(duration: 100)
        var item = try #require(harness.store.state.playback.item)
        item.subtitle = "Episode 2"
        harness.store.send(.queue(.loadRequested(item)))
        try await harness.store.until("the second load") { $0.playback.status == .ready }
        harness.draw()
        #expect(harness.canvas.texts.prefix(1) == ["Clip — Episode 2"])
    }

    @Test(arguments: [0.0, 0.5, 1.0])
    func iconsStayInTheirBox(_ volume: Double) {
        let box = Rect(x: 10, y: 20, width: 24, height: 24)
        let icons = [
            Icons.play(in: box), Icons.pause(in: box), Icons.replay(in: box),
            Icons.speaker(in: box, volume: volume, muted: false), Icons.speaker(in: box, volume: volume, muted: true),
            Icons.fullscreen(in: box, exit: false), Icons.fullscreen(in: box, exit: true), Icons.subtitles(in: box),
            Icons.gear(in: box), Icons.audio(in: box), Icons.checkmark(in: box),
        ]
        for icon in icons {
            #expect(!(icon.fill.elements.isEmpty && icon.stroke.elements.isEmpty))
            for path in [icon.fill, icon.stroke] where !path.elements.isEmpty {
                #expect(box.expanded(by: 1).containsRect(path.boundingBox), "\(path.boundingBox)")
            }
        }
    }
}
