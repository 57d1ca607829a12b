import ReelComposable
import ReelContainer
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

@MainActor
@Suite("Keys")
struct KeyTests {
    let harness = ContainerHarness()
    var container: PlayerContainer { harness.container }

    @Test func mpvBindingsSendTheirCommands() async throws {
        try await harness.load()
        let expected: [(Key, EngineCommand)] = [
            (.space, .pause),
            (.left, .seek(.relative(-5), precision: .keyframe)),
            (.right, .seek(.relative(5), precision: .keyframe)),
            (.up, .seek(.relative(60), precision: .keyframe)),
            (.down, .seek(.relative(-60), precision: .keyframe)),
            (.character("m"), .setMuted(true)),
            (.character("m"), .setMuted(false)),
            (.character("]"), .setSpeed(1 * 1.1)),
            (.character("["), .setSpeed(1 * 1.1 / 1.1)),
        ]
        for (index, (key, command)) in expected.enumerated() {
            harness.markCommands()
            #expect(harness.key(key, at: Double(index)))
            #expect(harness.commands == [command], "\(key)")
        }
    }

    /// PgUp and PgDn skip chapters, as in mpv.
    @Test func pageUpAndPageDownSkipChapters() async throws {
        try await harness.load()
        harness.engine.emit(.property(.chapters([Chapter(title: "A", start: 0), Chapter(title: "B", start: 1)])))
        try await harness.store.until("the chapters") { $0.playback.chapters.count == 2 }
        harness.markCommands()
        #expect(harness.key(.pageUp, at: 1))
        #expect(harness.commands == [.seek(.absolute(1), precision: .exact)])
        harness.markCommands()
        #expect(harness.key(.pageDown, at: 2))
        #expect(harness.commands == [.seek(.absolute(0), precision: .exact)])
    }

    @Test func speedKeysStayBetweenAQuarterAndFour() async throws {
        try await harness.load()
        harness.store.send(.transport(.rateChanged(3.9)))
        harness.markCommands()
        _ = harness.key(.character("]"), at: 1)
        _ = harness.key(.character("]"), at: 2)
        #expect(harness.commands == [.setSpeed(4), .setSpeed(4)])
        harness.store.send(.transport(.rateChanged(0.26)))
        harness.markCommands()
        _ = harness.key(.character("["), at: 3)
        #expect(harness.commands == [.setSpeed(0.25)])
        #expect((container.plugins.widget as? BubbleWidget)?.text == "Speed 0.25×")
    }

    @Test func jCyclesSubtitlesThroughOff() async throws {
        try await harness.load()
        #expect(harness.state.playback.selectedTrack(.subtitle)?.id == 1)
        for time in 1...4 { _ = harness.key(.character("j"), at: Double(time)) }
        #expect(
            harness.commands == [
                .selectTrack(.subtitle, id: 2), .selectTrack(.subtitle, id: nil), .selectTrack(.subtitle, id: 1),
                .selectTrack(.subtitle, id: 2),
            ])
        #expect((container.plugins.widget as? BubbleWidget)?.text == "Subtitles: French")
    }

    @Test func hashCyclesAudio() async throws {
        try await harness.load()
        for time in 1...3 { _ = harness.key(.character("#"), at: Double(time)) }
        #expect(
            harness.commands == [.selectTrack(.audio, id: 2), .selectTrack(.audio, id: 1), .selectTrack(.audio, id: 2)])
    }

    @Test func windowKeysAskForPresentationsAndQuitGoesToTheHost() async throws {
        try await harness.load()
        container.store.send(.presentation(.changed(.inline, pictureInPicturePossible: true)))  // a window shows it
        var quits = 0
        container.onQuit = { quits += 1 }
        _ = harness.key(.escape, at: 1)
        #expect(container.store.state.presentation == .inline)
        _ = harness.key(.character("f"), at: 2)
        #expect(container.store.state.presentation == .fullscreen)
        #expect(container.isFullscreen)
        _ = harness.key(.escape, at: 3)
        #expect(container.store.state.presentation == .inline)
        _ = harness.key(.character("p"), at: 4)
        #expect(container.store.state.presentation == .pictureInPicture)
        _ = harness.key(.character("p"), at: 5)
        #expect(container.store.state.presentation == .inline)
        _ = harness.key(.character("q"), at: 6)
        #expect(quits == 1)
        #expect(harness.commands.isEmpty)
    }

    @Test func lSetsAThenBThenClearsTheLoop() async throws {
        try await harness.load()
        func seek(to time: Double) async throws {
            harness.store.send(.transport(.seekRequested(to: time)))
            try await harness.store.until("at \(time)") { $0.elapsedTime == time && $0.playerState == .playing }
        }
        try await seek(to: 12)
        _ = harness.key(.character("l"), at: 1)
        try await harness.store.until("A set") { $0.playback.abLoop == ABLoop(a: 12, b: nil) }
        try await seek(to: 20)
        _ = harness.key(.character("l"), at: 2)
        try await harness.store.until("B set") { $0.playback.abLoop == ABLoop(a: 12, b: 20) }
        _ = harness.key(.character("l"), at: 3)
        try await harness.store.until("cleared") { $0.playback.abLoop == .off }
        #expect(
            harness.commands.filter { if case .setABLoop = $0 { true } else { false } } == [
                .setABLoop(ABLoop(a: 12, b: nil)), .setABLoop(ABLoop(a: 12, b: 20)), .setABLoop(.off),
            ])
        #expect(container.toasts.visible.count == 3)
    }

    @Test func modifiedAndUnboundKeysPassToTheHost() async throws {
        try await harness.load()
        #expect(!harness.key(.space, at: 1, modifiers: .control))
        #expect(!harness.key(.character("x"), at: 2))
        #expect(harness.key(.character("#"), at: 3, modifiers: .shift))
        #expect(harness.commands == [.selectTrack(.audio, id: 2)])
    }

    @Test func bindingsAreConfigurable() async throws {
        var configuration = ContainerConfiguration.standard
        configuration.keyBindings[.character("p")] = .player(.transport(.playPauseToggled(reason: .user)))
        configuration.keyBindings[.space] = nil
        let harness = ContainerHarness(configuration: configuration)
        try await harness.load()
        #expect(!harness.key(.space, at: 1))
        #expect(harness.key(.character("p"), at: 2))
        #expect(harness.commands == [.pause])
    }
}
