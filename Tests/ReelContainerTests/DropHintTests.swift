import ReelComposable
import ReelContainer
import ReelCore
import Testing

/// The hint an empty window shows: only while nothing is loaded or queued, and only where drops
/// are taken.
@MainActor
@Suite("Drop hint")
struct DropHintTests {
    static func configuration(drops: Bool = true, strings: ContainerStrings = .english) -> ContainerConfiguration {
        var configuration = ContainerConfiguration.standard
        configuration.indicators.append(DropHint())
        configuration.strings = strings
        if !drops { configuration.dropPolicy = nil }
        return configuration
    }

    @Test func itShowsWhileNothingIsLoadedAndGoesWithTheFirstItem() async throws {
        let harness = ContainerHarness(configuration: Self.configuration())
        harness.draw()
        #expect(harness.canvas.texts.contains("Drop a video or an address here"))
        // Nothing to play: no large play button over the hint.
        #expect(harness.frame(of: PlayPauseButton.self, in: .center) == nil)
        try await harness.load()
        harness.draw()
        #expect(!harness.canvas.texts.contains("Drop a video or an address here"))
        #expect(harness.frame(of: PlayPauseButton.self, in: .center) != nil)
    }

    @Test func notWhereDropsAreTurnedOffNorInTheStandardConfiguration() {
        let off = ContainerHarness(configuration: Self.configuration(drops: false))
        off.draw()
        #expect(!off.canvas.texts.contains("Drop a video or an address here"))
        let standard = ContainerHarness()
        standard.draw()
        #expect(!standard.canvas.texts.contains("Drop a video or an address here"))
    }

    @Test func itSpeaksTheContainersLanguage() {
        let harness = ContainerHarness(configuration: Self.configuration(strings: ContainerStrings(language: .german)))
        harness.draw()
        #expect(harness.canvas.texts.contains("Video oder Adresse hier ablegen"))
    }
}
