import ReelComposable
import ReelContainer
import ReelCore
import Testing

@MainActor
@Suite("Turning overlays off and hidden first appearance")
struct OverlaySwitchTests {
    @Test func aDisabledControlLayerNeitherDrawsNorTakesInput() async throws {
        let harness = ContainerHarness()
        try await harness.load(autoplay: false)
        harness.draw()
        #expect(harness.canvas.texts.contains("Clip"))
        let play = try #require(harness.frame(of: PlayPauseButton.self, in: .center))

        harness.container.enable(overlays: [.render, .feature, .plugin, .toast])
        #expect(harness.container.needsDisplay)
        harness.draw()
        #expect(!harness.canvas.texts.contains("Clip"))
        #expect(harness.container.subtitleClearance == 0)
        harness.click(play.center, at: 1)
        #expect(harness.commands.isEmpty)

        harness.container.enable(overlays: Set(ContainerLayer.allCases))
        // The click above reached the gestures instead: a tap, which hid the controls.
        harness.tick(2)
        harness.container.perform(.player(.controls(.showRequested)))
        harness.draw()
        #expect(harness.canvas.texts.contains("Clip"))
        harness.click(play.center, at: 3)
        #expect(harness.commands == [.play])
    }

    @Test func controlsCanStartHiddenWithoutAFade() async throws {
        var configuration = ContainerConfiguration.standard
        configuration.controls.showsOnAppearance = false
        let hidden = ContainerHarness(configuration: configuration)
        #expect(!hidden.state.controlsVisible)
        #expect(hidden.container.controls.opacity(of: .bottom) == 0)
        #expect(!hidden.container.controls.isAnimating(context: hidden.container.widgetContext()))
        hidden.send(.pointerMoved(Point(x: 100, y: 100), time: 1))
        #expect(hidden.state.controlsVisible)

        let shown = ContainerHarness()
        #expect(shown.state.controlsVisible)
        #expect(shown.container.controls.opacity(of: .bottom) == 1)
    }
}
