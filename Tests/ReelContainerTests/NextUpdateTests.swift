import ReelComposable
import ReelContainer
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

/// What wakes a host that sleeps between changes: ``PlayerContainer/onNeedsDisplay`` for the
/// store's changes and the requests of layers, ``PlayerContainer/nextUpdate`` for their timers.
@MainActor
@Suite("Redraw scheduling")
struct NextUpdateTests {
    /// Counts the container's calls of ``PlayerContainer/onNeedsDisplay``.
    final class Wakes {
        var count = 0
    }

    static func configuration(_ style: DisplayStyle = .auto(hideAfter: 3)) -> ContainerConfiguration {
        var configuration = ContainerConfiguration.standard
        configuration.controls.displayStyle = style
        configuration.controls.setTransitionForAllRegions(.opacity.animation(.linear(duration: 0.2)))
        return configuration
    }

    private func watch(_ container: PlayerContainer) -> Wakes {
        let wakes = Wakes()
        container.onNeedsDisplay = { wakes.count += 1 }
        return wakes
    }

    @Test func aPausedIdleContainerAsksForNothing() async throws {
        let harness = ContainerHarness(configuration: Self.configuration())
        try await harness.load(autoplay: false)
        harness.tick(1)
        harness.draw()
        let wakes = watch(harness.container)
        #expect(harness.container.controls.isPresented)
        #expect(!harness.container.needsDisplay)
        #expect(harness.container.nextUpdate == nil)
        harness.tick(100)
        #expect(!harness.container.needsDisplay)
        #expect(harness.container.nextUpdate == nil)
        #expect(wakes.count == 0)
    }

    @Test func stateChangesAndRequestsWakeTheHost() async throws {
        let harness = ContainerHarness(configuration: Self.configuration())
        try await harness.load(autoplay: false)
        harness.tick(1)
        harness.draw()
        let wakes = watch(harness.container)
        harness.store.send(.transport(.muteToggled))
        #expect(wakes.count >= 1)
        #expect(harness.container.needsDisplay)
        harness.draw()

        let before = wakes.count
        // What a seek preview's image does when it arrives.
        harness.container.context.setNeedsDisplay()
        #expect(wakes.count == before + 1)
        #expect(harness.container.needsDisplay)
    }

    @Test func theControlsAskToBeHiddenWhenTheirCountdownEnds() async throws {
        let harness = ContainerHarness(configuration: Self.configuration(.auto(hideAfter: 3)))
        let container = harness.container
        try await harness.load()
        harness.tick(0)
        #expect(container.controls.isPresented)
        #expect(container.nextUpdate == 3)
        // Input re-arms the countdown.
        harness.send(.pointerMoved(Point(x: 5, y: 5), time: 1))
        #expect(container.nextUpdate == 4)
        harness.tick(4)
        #expect(!container.controls.isPresented)
        // Fading out is an animation (frames), not a timer; then nothing waits.
        #expect(container.needsDisplay)
        harness.tick(4.2)
        harness.draw()
        harness.tick(4.3)
        harness.draw()
        #expect(!container.needsDisplay)
        #expect(container.nextUpdate == nil)
    }

    @Test func pausedControlsHaveNoCountdown() async throws {
        let harness = ContainerHarness(configuration: Self.configuration(.auto(hideAfter: 3)))
        try await harness.load()
        harness.store.send(.transport(.pauseRequested()))
        try await harness.store.until("paused") { $0.playerState != .playing }
        harness.tick(20)
        #expect(harness.container.controls.isPresented)
        #expect(harness.container.nextUpdate == nil)
    }

    @Test func aToastAsksToGoWhenItsTimeIsUp() throws {
        let container = PlayerContainer(store: makeStore(), configuration: Self.configuration(.manual))
        container.layout(size: Size(width: 640, height: 360), scale: 1)
        container.handle(.tick(time: 5))
        container.draw(in: RecordingCanvas())
        #expect(container.nextUpdate == nil)
        container.toasts.show(Toast("Hi", duration: 2))
        #expect(container.nextUpdate == 7)
        container.handle(.tick(time: 7))
        #expect(container.toasts.visible.isEmpty)
        // On its way out until 7.2, then removed.
        let gone = try #require(container.nextUpdate)
        #expect(abs(gone - 7.2) < 0.000_1)
        container.handle(.tick(time: 7.2))
        container.draw(in: RecordingCanvas())
        container.draw(in: RecordingCanvas())
        #expect(container.nextUpdate == nil)
        #expect(!container.needsDisplay)
    }

    @Test func aPluginAsksToGoWhenItsTimeIsUp() {
        let container = PlayerContainer(store: makeStore(), configuration: Self.configuration(.manual))
        container.layout(size: Size(width: 640, height: 360), scale: 1)
        container.handle(.tick(time: 1))
        container.plugins.present(BubbleWidget(text: "+10 s"), duration: 0.5)
        #expect(container.nextUpdate == 1.5)
        container.handle(.tick(time: 1.5))
        #expect(!container.plugins.isPresented)
        #expect(container.nextUpdate != nil)
    }

    @Test func aPendingTapAndALongPressAskForATick() async throws {
        let harness = ContainerHarness(configuration: Self.configuration(.manual))
        let container = harness.container
        try await harness.load(autoplay: false)
        harness.tick(1)
        let shown = container.controls.isPresented
        let middle = Point(x: 320, y: 100)
        harness.click(middle, at: 2)
        // The tap waits for the double-tap window (0.3 s after the release) to close.
        let due = try #require(container.nextUpdate)
        #expect(due > 2.35 && due < 2.36)
        harness.tick(due)
        #expect(container.controls.isPresented != shown)
        #expect(container.nextUpdate == nil)

        harness.send(.pointerDown(middle, button: .primary, time: 3))
        let longPress = try #require(container.nextUpdate)
        #expect(longPress > 3.5 && longPress < 3.51)
        harness.send(.pointerUp(middle, button: .primary, time: 3.1))
    }
}
