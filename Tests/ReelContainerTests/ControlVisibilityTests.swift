import ReelComposable
import ReelContainer
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

@MainActor
@Suite("Control visibility")
struct ControlVisibilityTests {
    static func configuration(_ style: DisplayStyle) -> ContainerConfiguration {
        var configuration = ContainerConfiguration.standard
        configuration.controls.displayStyle = style
        configuration.controls.setTransitionForAllRegions(.opacity.animation(.linear(duration: 0.2)))
        return configuration
    }

    @Test func autoHidesAfterTheDelayWhilePlayingAndFades() async throws {
        let harness = ContainerHarness(configuration: Self.configuration(.auto(hideAfter: 3)))
        let controls = harness.container.controls
        try await harness.load()
        harness.tick(0)
        harness.tick(2.9)
        #expect(controls.isPresented)
        #expect(controls.opacity(of: .bottom) == 1)
        harness.tick(3)
        #expect(!controls.isPresented)
        harness.tick(3.1)
        #expect(abs(controls.opacity(of: .bottom) - 0.5) < 0.000_1)
        #expect(harness.container.needsDisplay)
        harness.tick(3.2)
        #expect(controls.opacity(of: .bottom) == 0)
        harness.draw()
        #expect(harness.canvas.fills(harness.container.context.configuration.theme.accent).isEmpty)
    }

    @Test func subtitlesClearTheBottomControlsOnlyWhileTheyShow() async throws {
        let harness = ContainerHarness(configuration: Self.configuration(.auto(hideAfter: 3)))
        let container = harness.container
        try await harness.load()
        harness.tick(0)
        harness.draw()
        let bottom = try #require(container.controls.layout.frame(of: .bottom))
        let video = container.videoFrame
        #expect(container.subtitleClearance > 0)
        #expect(abs(container.subtitleClearance - (video.maxY - bottom.minY) / video.height) < 0.001)
        harness.tick(3)
        #expect(container.subtitleClearance == 0)
    }

    @Test func anyInteractionReArmsTheCountdown() async throws {
        let harness = ContainerHarness(configuration: Self.configuration(.auto(hideAfter: 3)))
        let controls = harness.container.controls
        try await harness.load()
        harness.tick(2)
        harness.send(.pointerMoved(Point(x: 5, y: 5), time: 2.5))
        harness.tick(5.4)
        #expect(controls.isPresented)
        _ = harness.key(.character("z"), at: 5.4)
        harness.tick(8.3)
        #expect(controls.isPresented)
        harness.tick(8.4)
        #expect(!controls.isPresented)
        harness.send(.pointerMoved(Point(x: 6, y: 6), time: 9))
        #expect(controls.isPresented)
        harness.tick(9.1)
        #expect(abs(controls.opacity(of: .top) - 0.5) < 0.000_1)
    }

    @Test func autoHideOnlyHappensWhilePlaying() async throws {
        let harness = ContainerHarness(configuration: Self.configuration(.auto(hideAfter: 3)))
        let controls = harness.container.controls
        try await harness.load(autoplay: false)
        harness.tick(100)
        #expect(controls.isPresented)
        harness.store.send(.transport(.playRequested()))
        try await harness.store.until("playing") { $0.playerState == .playing }
        harness.tick(102.9)
        #expect(controls.isPresented)
        harness.tick(103)
        #expect(!controls.isPresented)
    }

    @Test func autoHideWaitsForAScrubToEnd() async throws {
        let harness = ContainerHarness(configuration: Self.configuration(.auto(hideAfter: 3)))
        let controls = harness.container.controls
        try await harness.load()
        harness.draw()
        let bar = try #require(harness.frame(of: SeekBar.self, in: .bottom1))
        harness.send(.pointerDown(bar.center, button: .primary, time: 1))
        harness.tick(10)
        #expect(controls.isPresented)
        harness.send(.pointerUp(bar.center, button: .primary, time: 10.5))
        try await harness.store.until("playing again") { $0.playerState == .playing }
        harness.tick(13.4)
        #expect(controls.isPresented)
        harness.tick(13.5)
        #expect(!controls.isPresented)
    }

    @Test func manualTogglesOnTapAndNeverHidesByItself() async throws {
        let harness = ContainerHarness(configuration: Self.configuration(.manual))
        let controls = harness.container.controls
        try await harness.load()
        harness.tick(60)
        #expect(controls.isPresented)
        harness.click(Point(x: 100, y: 100), at: 61)
        harness.tick(62)
        #expect(!controls.isPresented)
        harness.send(.pointerMoved(Point(x: 50, y: 50), time: 63))
        #expect(!controls.isPresented)
        harness.click(Point(x: 100, y: 100), at: 64)
        harness.tick(65)
        #expect(controls.isPresented)
    }

    @Test func alwaysAndNeverIgnoreTapsAndCode() async throws {
        let always = ContainerHarness(configuration: Self.configuration(.always))
        try await always.load()
        always.click(Point(x: 100, y: 100), at: 1)
        always.tick(60)
        always.container.perform(.player(.controls(.hideRequested)))
        #expect(always.container.controls.isPresented)

        let never = ContainerHarness(configuration: Self.configuration(.never))
        try await never.load()
        never.click(Point(x: 100, y: 100), at: 1)
        never.tick(2)
        never.container.perform(.player(.controls(.showRequested)))
        never.send(.pointerMoved(Point(x: 10, y: 10), time: 3))
        #expect(!never.container.controls.isPresented)
        never.draw()
        #expect(!never.canvas.calls.contains { if case .gradient = $0 { true } else { false } })
    }

    @Test func presentAndDismissFromCode() async throws {
        let harness = ContainerHarness(configuration: Self.configuration(.auto(hideAfter: 3)))
        let controls = harness.container.controls
        try await harness.load()
        harness.tick(1)
        harness.container.perform(.player(.controls(.hideRequested)))
        #expect(!controls.isPresented)
        harness.tick(1.1)
        #expect(abs(controls.opacity(of: .center) - 0.5) < 0.000_1)
        harness.container.perform(.player(.controls(.showRequested)))
        #expect(controls.isPresented)
        harness.tick(1.15)
        #expect(abs(controls.opacity(of: .center) - 0.75) < 0.000_1)
        controls.displayStyle = .never
        #expect(!controls.isPresented)
        controls.displayStyle = .always
        #expect(controls.isPresented)
    }

    // MARK: - The store's `controlsVisible` is the one fact

    @Test func theStoreFollowsTheCountdownTapsAndCode() async throws {
        let harness = ContainerHarness(configuration: Self.configuration(.auto(hideAfter: 3)))
        try await harness.load()
        harness.tick(0)
        #expect(harness.state.controlsVisible)
        harness.tick(3)
        #expect(!harness.state.controlsVisible)
        harness.click(Point(x: 100, y: 100), at: 4)
        harness.tick(5)
        #expect(harness.state.controlsVisible)
        harness.container.perform(.player(.controls(.hideRequested)))
        #expect(!harness.state.controlsVisible)
        harness.send(.pointerMoved(Point(x: 10, y: 10), time: 6))
        #expect(harness.state.controlsVisible)
    }

    @Test func aHideSentToTheStoreFadesTheControlsOut() async throws {
        let harness = ContainerHarness(configuration: Self.configuration(.auto(hideAfter: 3)))
        let controls = harness.container.controls
        try await harness.load()
        harness.tick(1)
        harness.draw()
        harness.store.send(.controls(.hideRequested))
        #expect(!controls.isPresented)
        #expect(harness.container.needsDisplay)
        // The fade starts at the overlay's next update.
        harness.tick(1.5)
        #expect(controls.opacity(of: .bottom) == 1)
        harness.tick(1.6)
        #expect(abs(controls.opacity(of: .bottom) - 0.5) < 0.000_1)
        #expect(harness.container.needsDisplay)
        harness.tick(2)
        #expect(controls.opacity(of: .bottom) == 0)
        harness.draw()
        #expect(harness.canvas.fills(harness.container.context.configuration.theme.accent).isEmpty)
    }

    @Test func aShowSentToTheStoreFadesInAndStartsAFullCountdown() async throws {
        let harness = ContainerHarness(configuration: Self.configuration(.auto(hideAfter: 3)))
        let controls = harness.container.controls
        try await harness.load()
        harness.tick(3)
        harness.tick(4)
        #expect(controls.opacity(of: .top) == 0)
        harness.store.send(.controls(.showRequested))
        #expect(controls.isPresented)
        harness.tick(10)
        #expect(controls.opacity(of: .top) == 0)
        harness.tick(10.1)
        #expect(abs(controls.opacity(of: .top) - 0.5) < 0.000_1)
        // Shown at 10 with no input since 0: the countdown starts at 10, not at the last input.
        harness.tick(12.9)
        #expect(controls.isPresented)
        harness.tick(13)
        #expect(!controls.isPresented)
    }

    @Test func neverAndAlwaysHoldTheState() async throws {
        let never = ContainerHarness(configuration: Self.configuration(.never))
        #expect(!never.state.controlsVisible)
        try await never.load()
        never.store.send(.controls(.showRequested))
        never.tick(1)
        #expect(!never.state.controlsVisible)
        #expect(never.container.controls.opacity(of: .bottom) == 0)
        never.container.controls.displayStyle = .always
        #expect(never.state.controlsVisible)

        let always = ContainerHarness(configuration: Self.configuration(.always))
        try await always.load()
        always.store.send(.controls(.hideRequested))
        always.tick(1)
        #expect(always.state.controlsVisible)
        #expect(always.container.controls.opacity(of: .bottom) == 1)
        always.container.controls.displayStyle = .never
        #expect(!always.state.controlsVisible)
    }

    @Test func hiddenControlsTakeNoClicks() async throws {
        let harness = ContainerHarness(configuration: Self.configuration(.manual))
        try await harness.load()
        harness.draw()
        let button = try #require(harness.frame(of: PlayPauseButton.self, in: .center))
        harness.container.perform(.player(.controls(.hideRequested)))
        harness.click(button.center, at: 1)
        harness.tick(2)
        #expect(harness.commands.isEmpty)
        #expect(harness.container.controls.isPresented)
    }
}
