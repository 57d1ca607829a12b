import ReelComposable
import ReelContainer
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

/// Keyboard focus: Tab and the arrows move a ring through the controls and menus, Enter and
/// Space activate, Escape backs out; without focus the keys stay mpv's.
@MainActor
@Suite("Keyboard focus")
struct FocusTests {
    /// A ring colour no icon is drawn in (the standard ring is white, as the icons are).
    static let ring = Color(red: 0, green: 1, blue: 0)
    static var configuration: ContainerConfiguration {
        var configuration = ContainerConfiguration.standard
        configuration.theme.focusRing = ring
        return configuration
    }

    let harness = ContainerHarness(configuration: Self.configuration)
    var container: PlayerContainer { harness.container }
    var focus: FocusService { harness.container.focus }
    var theme: Theme { harness.container.context.configuration.theme }

    /// A window shows the player: presentations can change.
    private func showInAWindow() {
        harness.store.send(.presentation(.changed(.inline, pictureInPicturePossible: true)))
    }

    @discardableResult
    private func press(_ key: Key, at time: Double, shift: Bool = false) -> Bool {
        harness.key(key, at: time, modifiers: shift ? .shift : [])
    }

    /// The focused control's description: its type, and its menu for menu buttons.
    private var focused: String? {
        guard let widget = focus.focusedWidget else { return nil }
        if let button = widget as? MenuButton { return "menu:\(button.menu.rawValue)" }
        return String(describing: type(of: widget))
    }

    private func widget<W: Widget>(_ type: W.Type, in slot: ControlSlot, where match: (W) -> Bool = { _ in true })
        throws
        -> W
    {
        let found = container.controls.layout.items[slot]?.lazy.compactMap { $0.widget as? W }.first(where: match)
        return try #require(found)
    }

    @Test func tabWalksTheControlsInReadingOrderAndShiftTabWalksBack() async throws {
        try await harness.load()
        harness.draw()
        #expect(!focus.isActive)
        var order: [String?] = []
        for time in 1...9 {
            #expect(press(.tab, at: Double(time)))
            order.append(focused)
        }
        let standard = [
            "PlayPauseButton", "SeekBar", "VolumeControl", "menu:picture", "menu:speed", "menu:audio",
            "menu:subtitles", "FullscreenButton",
        ]
        #expect(order == standard + ["PlayPauseButton"])
        #expect(press(.tab, at: 10, shift: true))
        #expect(focused == "FullscreenButton")
        #expect(press(.tab, at: 11, shift: true))
        #expect(focused == "menu:subtitles")
        #expect(harness.commands.isEmpty)
    }

    @Test func shiftTabFromNothingStartsAtTheLastControl() async throws {
        try await harness.load()
        harness.draw()
        #expect(press(.tab, at: 1, shift: true))
        #expect(focused == "FullscreenButton")
    }

    @Test func arrowsMoveToTheNearestControlThatWayOnlyOnceFocusIsActive() async throws {
        try await harness.load()
        harness.draw()
        #expect(press(.right, at: 1))
        #expect(harness.commands == [.seek(.relative(5), precision: .keyframe)])
        #expect(!focus.isActive)
        harness.markCommands()

        press(.tab, at: 2)
        var path: [String?] = []
        let keys: [Key] = [.down, .down, .right, .right, .left, .up, .down, .up, .up, .left, .up]
        for (index, key) in keys.enumerated() {
            #expect(press(key, at: 3 + Double(index)))
            path.append(focused)
        }
        // ↓ from the wide bar lands under where focus came from (the middle, then the picture
        // button), so ↑ then ↓ comes back; at an edge the key does nothing, not a seek.
        #expect(
            path == [
                "SeekBar", "VolumeControl", "menu:picture", "menu:speed", "menu:picture", "SeekBar", "menu:picture",
                "SeekBar", "PlayPauseButton", "PlayPauseButton", "PlayPauseButton",
            ])
        #expect(harness.commands.isEmpty)
    }

    @Test func anArrowPrefersAWidgetStraightThatWayToANearerOneOffToTheSide() {
        let boxes = (0..<3).map { index in
            let box = BoxWidget(width: index == 0 ? 64 : 40, height: index == 0 ? 64 : 30, color: boxColor(index))
            box.focusable = true
            return box
        }
        var configuration = ContainerConfiguration()
        configuration.controls.setWidgets([boxes[0]], in: .center)
        configuration.controls.setWidgets([boxes[1], SpacerWidget()], in: .bottom1)
        configuration.controls.setWidgets([SpacerWidget(), boxes[2], SpacerWidget()], in: .bottom3)
        let harness = ContainerHarness(configuration: configuration)
        harness.draw()
        let focus = harness.container.focus
        #expect(focus.move(to: boxes[0]))
        // The box at the bottom left is nearer, but the one at the bottom is straight below.
        #expect(harness.key(.down, at: 1))
        #expect(focus.isFocused(boxes[2]))
        #expect(harness.key(.up, at: 2))
        #expect(focus.isFocused(boxes[0]))
    }

    @Test func enterAndSpaceActivateTheFocusedButtonAndFocusSurvivesFullscreen() async throws {
        try await harness.load()
        showInAWindow()
        harness.draw()
        press(.tab, at: 1)
        #expect(press(.enter, at: 2))
        #expect(harness.commands == [.pause])
        try await harness.store.until("paused") { $0.playback.intent.playWhenReady == false }
        #expect(press(.space, at: 3))
        #expect(harness.commands == [.pause, .play])
        #expect(focused == "PlayPauseButton")

        press(.tab, at: 4, shift: true)
        #expect(focused == "FullscreenButton")
        #expect(press(.enter, at: 5))
        #expect(harness.state.presentation == .fullscreen)
        harness.draw()
        #expect(container.status == .fullscreen)
        #expect(focused == "FullscreenButton")
        let button = try #require(harness.frame(of: FullscreenButton.self, in: .bottom2))
        let ring = try #require(harness.canvas.strokes(theme.focusRing).first)
        #expect(ring.rect.containsRect(button.expanded(by: 3)))
    }

    @Test func aMenuOpenedFromTheKeyboardFocusesItsCurrentEntryAndEnterChoosesOne() async throws {
        try await harness.load()
        harness.draw()
        let speed = try widget(MenuButton.self, in: .bottom2) { $0.menu == .speed }
        #expect(focus.move(to: speed))
        #expect(press(.enter, at: 1))
        let menu = try #require(container.features.panel?.content as? MenuWidget)
        #expect(menu.title == "Speed")
        #expect(focus.focusedWidget == nil)
        #expect(focus.focusedMenuEntry == 2)  // 0.5, 0.75, Normal (checked), 1.25, …
        #expect(press(.down, at: 2))
        #expect(press(.down, at: 3))
        #expect(press(.up, at: 4))
        #expect(focus.focusedMenuEntry == 3)
        harness.draw()
        let row = menu.rowFrame(
            3, in: try #require(container.features.panel?.frame(in: container.context.bounds, progress: 1)))
        #expect(harness.canvas.fills(theme.highlight).contains(row))
        let ring = try #require(harness.canvas.strokes(theme.focusRing).first)
        #expect(row.containsRect(ring.rect))

        #expect(press(.enter, at: 5))
        #expect(harness.commands == [.setSpeed(1.25)])
        #expect(!container.features.isPresented)
        // Focus goes back to the button once the menu has slid out and the controls are back.
        harness.tick(5.3)
        #expect(container.controls.isPresented)
        #expect(focus.isFocused(speed))
    }

    @Test func escapeClosesTheMenuThenDropsFocusThenLeavesFullscreen() async throws {
        try await harness.load()
        showInAWindow()
        harness.store.send(.presentation(.requested(.fullscreen)))
        harness.draw()
        let subtitles = try widget(MenuButton.self, in: .bottom2) { $0.menu == .subtitles }
        #expect(focus.move(to: subtitles))
        press(.space, at: 1)
        #expect(container.features.isPresented)
        #expect(focus.focusedMenuEntry == 1)  // Off, eng (checked), fra, …

        #expect(press(.escape, at: 2))
        #expect(!container.features.isPresented)
        #expect(focus.isFocused(subtitles))
        #expect(harness.state.presentation == .fullscreen)
        harness.tick(2.3)
        #expect(press(.escape, at: 3))
        #expect(!focus.isActive)
        #expect(harness.state.presentation == .fullscreen)
        #expect(press(.escape, at: 4))
        #expect(harness.state.presentation == .inline)
        #expect(harness.commands.isEmpty)
    }

    @Test func upAndDownInAMenuTheMouseOpenedFocusItsCurrentEntryFirst() async throws {
        try await harness.load()
        harness.draw()
        let audio = try #require(harness.frame(of: MenuButton.self, in: .bottom2) { $0.menu == .audio })
        harness.click(audio.center, at: 1)
        #expect(container.features.isPresented)
        #expect(!focus.isActive)
        #expect(press(.down, at: 2))
        #expect(focus.focusedMenuEntry == 0)  // eng, checked
        #expect(press(.tab, at: 3))
        #expect(focus.focusedMenuEntry == 1)
        #expect(press(.tab, at: 4))
        #expect(focus.focusedMenuEntry == 0)  // Tab goes round
        #expect(press(.escape, at: 5))
        #expect(!container.features.isPresented)
        #expect(!focus.isActive)  // no button opened it from the keyboard: nothing to go back to
        #expect(harness.commands.isEmpty)
    }

    @Test func aFocusedControlHoldsTheControlsUntilEscape() async throws {
        var configuration = Self.configuration
        configuration.controls.displayStyle = .auto(hideAfter: 3)
        let harness = ContainerHarness(configuration: configuration)
        let controls = harness.container.controls
        try await harness.load()
        harness.tick(0)
        harness.tick(3)
        #expect(!controls.isPresented)
        harness.draw()
        #expect(harness.key(.tab, at: 4))
        #expect(controls.isPresented)
        #expect(harness.container.focus.isActive)
        harness.tick(10)
        harness.tick(60)
        #expect(controls.isPresented)
        #expect(harness.key(.escape, at: 61))
        #expect(!harness.container.focus.isActive)
        harness.tick(63.9)
        #expect(controls.isPresented)
        harness.tick(64)
        #expect(!controls.isPresented)
    }

    @Test func controlsHiddenAnotherWayDropFocus() async throws {
        try await harness.load()
        harness.draw()
        press(.tab, at: 1)
        #expect(focus.isActive)
        harness.store.send(.controls(.hideRequested))
        harness.tick(2)
        #expect(!focus.isActive)
        harness.draw()
        #expect(harness.canvas.strokes(theme.focusRing).isEmpty)
    }

    @Test func focusSurvivesARelayoutAndMovesToTheNearestWhenItsWidgetLeaves() async throws {
        let boxes = (0..<3).map { index in
            let box = BoxWidget(width: 40, height: 30, color: boxColor(index))
            box.focusable = true
            return box
        }
        var configuration = ContainerConfiguration()
        configuration.theme.focusRing = Self.ring
        configuration.controls.setWidgets(boxes, in: .bottom2)
        let harness = ContainerHarness(configuration: configuration)
        let focus = harness.container.focus
        harness.draw()
        #expect(focus.move(to: boxes[1]))
        let before = try #require(harness.canvas.fills(boxColor(1)).first)
        harness.container.layout(size: Size(width: 800, height: 450), scale: 1)
        harness.draw()
        let after = try #require(harness.canvas.fills(boxColor(1)).first)
        #expect(after != before)
        #expect(focus.isFocused(boxes[1]))
        let ring = try #require(harness.canvas.strokes(Self.ring).first)
        #expect(ring.rect.containsRect(after.expanded(by: 3)))

        boxes[1].visible = false
        harness.draw()
        // The third box moved into the second's place: the nearest.
        #expect(focus.isFocused(boxes[2]))
        boxes[2].visible = false
        harness.draw()
        #expect(focus.isFocused(boxes[0]))
        boxes[0].visible = false
        harness.draw()
        #expect(!focus.isActive)
        #expect(harness.canvas.strokes(Self.ring).isEmpty)
    }

    @Test func enterClicksAFocusedWidgetThatHasNoKeyboardCodeOfItsOwn() {
        let box = BoxWidget(width: 40, height: 30)
        box.focusable = true
        let other = BoxWidget(width: 40, height: 30)
        var configuration = ContainerConfiguration()
        configuration.controls.setWidgets([other, box], in: .bottom2)
        let harness = ContainerHarness(configuration: configuration)
        harness.draw()
        #expect(harness.key(.tab, at: 1))
        #expect(harness.container.focus.isFocused(box))  // the other is not focusable
        #expect(harness.key(.enter, at: 2))
        #expect(harness.key(.space, at: 3))
        #expect(box.clicks == 2)
        #expect(other.clicks == 0)
    }

    @Test func theRingIsDrawnInTheThemeColourOnWholeDevicePixels() async throws {
        var configuration = ContainerConfiguration.standard
        configuration.theme.focusRing = Color(red: 0, green: 1, blue: 0)
        configuration.theme.focusRingWidth = 1.3
        // A quarter-pixel size puts the play button off the device pixels.
        let harness = ContainerHarness(configuration: configuration, size: Size(width: 640.5, height: 360.5))
        try await harness.load()
        let canvas = RecordingCanvas(scale: 2)
        harness.container.draw(in: canvas)
        #expect(canvas.strokes(Color(red: 0, green: 1, blue: 0)).isEmpty)
        #expect(harness.key(.tab, at: 1))
        canvas.reset()
        harness.container.draw(in: canvas)
        let ring = try #require(canvas.strokes(Color(red: 0, green: 1, blue: 0)).first)
        #expect(ring.lineWidth == 1.5)  // 2.6 device pixels, rounded to 3
        let play = try #require(harness.frame(of: PlayPauseButton.self, in: .center))
        #expect(ring.rect.containsRect(play.expanded(by: 3)))
        #expect(play.expanded(by: 3 + 1.5 + 0.5).containsRect(ring.rect))
        // The stroke's outer edge lies on a device pixel.
        let outer = ring.rect.expanded(by: ring.lineWidth / 2)
        for edge in [outer.minX, outer.minY, outer.maxX, outer.maxY] {
            #expect(abs(edge * 2 - (edge * 2).rounded()) < 0.000_1)
        }
    }

    @Test func tabReachesTheErrorViewsRetryAndEnterRetries() async throws {
        let retry = try await harness.loadFailing()
        var order: [String?] = []
        for time in 2...4 {
            #expect(press(.tab, at: Double(time)))
            order.append(focused)
        }
        // The failed item has no play button: Retry comes first, in the centre, before the bar.
        #expect(order == ["ErrorView", "SeekBar", "VolumeControl"])
        #expect(press(.tab, at: 5, shift: true))
        #expect(press(.tab, at: 6, shift: true))
        #expect(focused == "ErrorView")
        // The ring goes around the button, not the whole panel.
        harness.canvas.reset()
        container.draw(in: harness.canvas)
        let ring = try #require(harness.canvas.strokes(Self.ring).first)
        #expect(ring.rect.containsRect(retry))
        #expect(retry.expanded(by: 6).containsRect(ring.rect))

        harness.engine.setFailure(nil, for: ContainerHarness.url)
        #expect(press(.enter, at: 7))
        guard case .load(let request) = harness.commands.first else {
            Issue.record("Enter on Retry sent \(harness.commands)")
            return
        }
        #expect(request.item.url == ContainerHarness.url)
        try await harness.store.until("playing") { $0.playerState == .playing }
        // Retry left with the error: focus goes to the nearest control, the play button.
        harness.draw()
        #expect(focused == "PlayPauseButton")
    }

    @Test func retryTakesFocusWithoutTheControlLayer() async throws {
        container.enable(overlays: Set(ContainerLayer.allCases).subtracting([.control]))
        _ = try await harness.loadFailing()
        #expect(press(.tab, at: 2))
        #expect(focused == "ErrorView")
        #expect(press(.tab, at: 3))
        #expect(focused == "ErrorView")  // the only focusable widget
        harness.canvas.reset()
        container.draw(in: harness.canvas)
        #expect(harness.canvas.strokes(Self.ring).count == 1)
        #expect(press(.escape, at: 4))
        #expect(!focus.isActive)
    }

    @Test func theRingSlidesInWithItsRegion() async throws {
        var configuration = Self.configuration
        configuration.controls.setTransition(
            .move(edge: .bottom, distance: 40).animation(.linear(duration: 0.4)), for: .bottom)
        let harness = ContainerHarness(configuration: configuration)
        try await harness.load()
        harness.draw()
        harness.container.perform(.player(.controls(.hideRequested)))
        harness.tick(5)
        harness.draw()
        #expect(harness.canvas.strokes(Self.ring).isEmpty)
        // Shift-Tab shows the controls and focuses the last one; they slide up from 40 px below.
        #expect(harness.key(.tab, at: 10, modifiers: .shift))
        let button = try #require(harness.frame(of: FullscreenButton.self, in: .bottom2))
        harness.tick(10.2)
        harness.draw()
        let halfway = try #require(harness.canvas.strokes(Self.ring).first)
        #expect(abs(halfway.rect.midY - (button.midY + 20)) < 0.5, "\(halfway.rect) around \(button)")
        harness.tick(10.5)
        harness.draw()
        let there = try #require(harness.canvas.strokes(Self.ring).first)
        #expect(abs(there.rect.midY - button.midY) < 0.5)
    }

    @Test func theSeekBarScrubsWithArrowsAndSeeksAfterAPauseOrOnEnter() async throws {
        try await harness.load()
        harness.draw()
        let bar = try widget(SeekBar.self, in: .bottom1)
        let unfocusedTrack = try #require(harness.canvas.fills(theme.track).first)
        #expect(focus.move(to: bar))
        harness.draw()
        #expect(try #require(harness.canvas.fills(theme.track).first).height == unfocusedTrack.height * 1.5)

        #expect(press(.right, at: 1))
        #expect(press(.right, at: 1.5))
        #expect(harness.state.scrub?.position == 10)
        #expect(harness.commands == [.pause])
        harness.draw()
        // The current time label, and the label over the knob.
        #expect(harness.canvas.texts.filter { $0 == "0:10" }.count == 2)
        // The seek falls due 1 s after the last key: the host is asked for a tick then.
        #expect(bar.nextUpdate(in: harness.container.widgetContext()) == 2.5)
        harness.tick(2.4)
        #expect(harness.commands == [.pause])
        harness.tick(2.5)
        #expect(harness.state.scrub == nil)
        #expect(harness.commands == [.pause, .seek(.absolute(10), precision: .exact), .play])
        #expect(bar.nextUpdate(in: harness.container.widgetContext()) == nil)
        try await harness.store.until("at 10") { $0.elapsedTime == 10 && $0.playerState == .playing }

        harness.markCommands()
        press(.left, at: 3)
        press(.left, at: 3.1)
        press(.left, at: 3.2)
        #expect(harness.state.scrub?.position == 0)  // kept inside the item
        #expect(press(.enter, at: 3.3))
        #expect(harness.commands == [.pause, .seek(.absolute(0), precision: .exact), .play])
        try await harness.store.until("at 0") { $0.elapsedTime == 0 && $0.playerState == .playing }

        harness.markCommands()
        press(.right, at: 4)
        #expect(press(.escape, at: 4.1))
        #expect(harness.state.scrub == nil)
        #expect(harness.commands == [.pause, .play])
        #expect(focus.isFocused(bar))
        #expect(press(.escape, at: 5))
        #expect(!focus.isActive)
        harness.tick(10)
        #expect(harness.commands == [.pause, .play])
    }

    @Test func spaceOnTheSeekBarPlaysAndPausesAndUpAndDownLeaveIt() async throws {
        try await harness.load()
        harness.draw()
        #expect(focus.move(to: try widget(SeekBar.self, in: .bottom1)))
        #expect(press(.space, at: 1))
        #expect(harness.commands == [.pause])
        #expect(press(.up, at: 2))
        #expect(focused == "PlayPauseButton")
    }

    @Test func theVolumeStepsWithUpAndDownAndMutesWithEnter() async throws {
        try await harness.load()
        harness.draw()
        #expect(focus.move(to: try widget(VolumeControl.self, in: .bottom2)))
        #expect(press(.down, at: 1))
        #expect(press(.down, at: 2))
        #expect(abs(harness.state.playback.volume - 0.9) < 0.000_1)
        #expect(press(.up, at: 3))
        #expect(abs(harness.state.playback.volume - 0.95) < 0.000_1)
        #expect(press(.enter, at: 4))
        #expect(harness.state.playback.isMuted)
        #expect(press(.up, at: 5))  // unmutes
        #expect(!harness.state.playback.isMuted)
        #expect(abs(harness.state.playback.volume - 1) < 0.000_1)
        #expect(press(.up, at: 6))
        #expect(abs(harness.state.playback.volume - 1) < 0.000_1)  // not past 100 %
        #expect(press(.right, at: 7))
        #expect(focused == "menu:picture")
    }

    @Test func theMouseDropsTheRing() async throws {
        try await harness.load()
        harness.draw()
        harness.send(.pointerMoved(Point(x: 200, y: 100), time: 1))
        press(.tab, at: 2)
        harness.send(.pointerMoved(Point(x: 200, y: 100), time: 3))  // the pointer did not move
        #expect(focus.isActive)
        harness.send(.pointerMoved(Point(x: 201, y: 100), time: 4))
        #expect(!focus.isActive)
        press(.tab, at: 5)
        harness.send(.scroll(dx: 0, dy: 1, at: Point(x: 201, y: 100), time: 6))
        #expect(!focus.isActive)
        press(.tab, at: 7)
        harness.send(.pointerDown(Point(x: 201, y: 100), button: .primary, time: 8))
        #expect(!focus.isActive)
        harness.draw()
        #expect(harness.canvas.strokes(theme.focusRing).isEmpty)
    }

    @Test func noFocusWithoutControlsToFocus() async throws {
        try await harness.load()
        container.enable(overlays: [.render, .feature, .plugin, .toast])
        #expect(!press(.tab, at: 1))
        #expect(!focus.isActive)

        var configuration = ContainerConfiguration.standard
        configuration.controls.displayStyle = .never
        let hidden = ContainerHarness(configuration: configuration)
        try await hidden.load()
        hidden.draw()
        #expect(!hidden.key(.tab, at: 1))
        #expect(!hidden.container.focus.isActive)
    }

    /// A cover panel (not a menu) hides the controls: Tab reaches none of them, as none shows.
    @Test func aPanelThatHidTheControlsKeepsThemOutOfReach() async throws {
        try await harness.load()
        harness.draw()
        container.features.present(
            FeaturePanel(edge: .right, extent: 200, content: BoxWidget(width: 200, height: 100, color: boxColor(1))))
        harness.tick(1)
        harness.draw()
        #expect(!container.controls.isPresented)
        #expect(!press(.tab, at: 2))
        #expect(focus.focusedWidget == nil)
    }

    /// A menu entry with focus stays in view when the window gets smaller, and Enter chooses it.
    @Test func theFocusedEntryStaysInViewWhenTheWindowShrinks() async throws {
        var configuration = Self.configuration
        configuration.menuItems[.speed] = (0..<12).map {
            MenuItem(title: "Extra \($0)", action: .app(AppAction(rawValue: "extra\($0)")))
        }
        let harness = ContainerHarness(configuration: configuration)
        try await harness.load()
        var chosen: [AppAction] = []
        let handler = harness.container.addAppActionHandler { chosen.append($0) }
        defer { handler.cancel() }
        harness.container.perform(.openMenu(.speed))
        harness.tick(1)
        harness.draw()
        #expect(harness.key(.down, at: 2))  // focuses the checked entry, Normal (2)
        for step in 0..<12 { #expect(harness.key(.down, at: 2.1 + Double(step) * 0.01)) }
        let entry = try #require(harness.container.focus.focusedMenuEntry)
        harness.container.layout(size: Size(width: 640, height: 200), scale: 1)
        harness.draw()
        let menu = try #require(harness.container.features.panel?.content as? MenuWidget)
        let frame = try #require(
            harness.container.features.panel?.frame(in: harness.container.context.bounds, progress: 1))
        #expect(menu.listFrame(in: frame).containsRect(menu.rowFrame(entry, in: frame)))
        #expect(harness.key(.enter, at: 3))
        #expect(chosen == [AppAction(rawValue: "extra\(entry - 7)")])
    }

    @Test func controlAndAltKeysAndUnfocusedKeysAreNotFocusKeys() async throws {
        try await harness.load()
        harness.draw()
        #expect(!harness.key(.tab, at: 1, modifiers: .control))
        #expect(!focus.isActive)
        press(.tab, at: 2)
        #expect(press(.character("m"), at: 3))  // mpv's keys still work with focus
        #expect(harness.commands == [.setMuted(true)])
        #expect(focused == "PlayPauseButton")
    }
}
