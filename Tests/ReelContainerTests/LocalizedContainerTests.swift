import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// The container in the language of its configuration's strings: menus, bubbles, toasts, the
/// error view, the statistics and the live labels all come from the table.
@MainActor
@Suite("The container in German")
struct LocalizedContainerTests {
    private func german() -> ContainerConfiguration {
        var configuration = ContainerConfiguration.standard
        configuration.strings.language = .german
        return configuration
    }

    /// The texts of the menu panel as drawn (title first).
    private func menuTexts(_ menu: PlayerMenu, in harness: ContainerHarness, at time: Double) -> [String] {
        harness.container.perform(.openMenu(menu))
        harness.tick(time)
        harness.draw()
        let widget = harness.container.features.panel?.content as? MenuWidget
        return harness.canvas.texts.filter { text in
            text == widget?.title
                || widget?.items(harness.container.widgetContext()).contains { $0.title == text } == true
        }
    }

    @Test func theSettingsMenuIsInGerman() async throws {
        let harness = ContainerHarness(configuration: german())
        try await harness.load()
        let devices = [AudioDevice.automatic, AudioDevice(name: "pulse/usb", description: "USB Headset")]
        harness.store.send(.engine(.property(.audioDevices(devices + [AudioDevice(name: "alsa/x", description: "X")]))))
        #expect(
            menuTexts(.speed, in: harness, at: 1) == [
                "Geschwindigkeit", "0,5×", "0,75×", "Normal", "1,25×", "1,5×", "2×", "Audioausgabe: Automatisch…",
                "Untertiteldatei hinzufügen…",
            ])
        #expect(menuTexts(.audioOutput, in: harness, at: 2) == ["Audioausgabe", "Automatisch", "USB Headset", "X"])
    }

    @Test func theSubtitleAndPictureMenusAreInGerman() async throws {
        let harness = ContainerHarness(configuration: german())
        try await harness.load()
        #expect(
            menuTexts(.subtitles, in: harness, at: 1) == [
                "Untertitel", "Aus", "Englisch", "Französisch", "Zweite Untertitel: Aus…", "Untertitelstil…",
            ])
        #expect(
            menuTexts(.subtitleStyle, in: harness, at: 2) == [
                "Untertitelstil", "Größe: Klein", "Größe: Normal", "Größe: Groß", "Hintergrund",
            ])
        #expect(
            menuTexts(.picture, in: harness, at: 3) == [
                "Bild", "Einpassen", "Füllen", "Strecken", "Original", "16:9", "4:3", "2,35:1",
            ])
    }

    @Test func bubblesAndToastsAreInGerman() async throws {
        let harness = ContainerHarness(configuration: german())
        try await harness.load()
        func bubble() -> String? { (harness.container.plugins.widget as? BubbleWidget)?.text }
        #expect(harness.key(.character("]"), at: 1))
        #expect(bubble() == "Geschwindigkeit 1,1×")
        #expect(harness.key(.character("j"), at: 2))
        #expect(bubble() == "Untertitel: Französisch")
        #expect(harness.key(.character("m"), at: 3))
        #expect(bubble() == "Stumm")
        harness.container.perform(.player(.transport(.skipRequested(by: -2.5))))
        #expect(bubble() == "-2,5 s")
        harness.container.perform(.player(.transport(.abLoopCycled)))
        let toasts = harness.container.toasts.visible.compactMap { ($0.content as? BubbleWidget)?.text }
        #expect(toasts.count == 1 && toasts[0].hasPrefix("A-B-Schleife: A "), "\(toasts)")
    }

    @Test func aFailedItemShowsTheGermanErrorAndRetryButton() async throws {
        let harness = ContainerHarness(configuration: german())
        harness.engine.setFailure(
            PlayerError(.fileNotFound, message: "The file “clip.mp4” is gone."), for: ContainerHarness.url)
        harness.store.send(.queue(.loadRequested(MediaItem(url: ContainerHarness.url))))
        try await harness.store.until("failed") { if case .failed = $0.playback.status { true } else { false } }
        harness.tick(1)
        harness.draw()
        #expect(harness.canvas.texts.contains("Die Datei wurde nicht gefunden."))
        #expect(harness.canvas.texts.contains("Wiederholen"))
        // The button is as wide as its text (7 px a character on the recording canvas) and
        // still answers clicks.
        let overlay = try #require(
            harness.container.overlays.compactMap { $0 as? IndicatorOverlay }.first {
                $0.widgets.contains { $0 is ErrorView }
            })
        let placed = overlay.layout(context: harness.container.widgetContext())
        let errorView = try #require(placed.first { $0.widget is ErrorView })
        let retry = try #require(errorView.widget as? ErrorView).retryFrame(in: errorView.frame)
        #expect(retry.width >= Double("Wiederholen".count) * 7 + 32)
        #expect(harness.canvas.fills(Theme.standard.accent).contains(retry))
        harness.engine.setFailure(nil, for: ContainerHarness.url)
        harness.markCommands()
        harness.click(Point(x: retry.maxX - 4, y: retry.midY), at: 2)
        #expect(harness.commands.contains { if case .load = $0 { true } else { false } })
    }

    @Test func theStatisticsAreInGerman() async throws {
        let engine = FakeEngine()
        let player = Player(engine: engine)
        let container = PlayerContainer(player: player, configuration: german())
        let overlay = StatisticsOverlay(player: player)
        overlay.isShown = true
        container.insert(overlay, after: .plugin)
        container.layout(size: Size(width: 640, height: 360), scale: 1)
        try player.load(MediaItem(url: URL(fileURLWithPath: "/media/clip.mp4")))
        try await player.until(state: .playing)
        engine.emit(.property(.statistics(EngineStatistics(droppedFrames: 7, bytesTransferred: 2_500_000))))
        try await player.until("the sample") { _ in player.metrics.item?.droppedFrames == 7 }
        let canvas = RecordingCanvas()
        container.draw(in: canvas)
        #expect(canvas.texts.contains("Übertragen  2,50 MB"))
        #expect(canvas.texts.contains { $0.hasPrefix("Bilder      verworfen 7 · Decoder – · verspätet –") })
        #expect(canvas.texts.contains { $0.hasPrefix("Sitzung     ") && $0.contains(" · gespielt ") })
        #expect(canvas.texts.contains { $0.hasPrefix("Decoder     ") })
    }

    @Test func theLiveLabelsComeFromTheTable() async throws {
        var configuration = ContainerConfiguration.standard
        configuration.strings.add(try ContainerStrings.Table(language: .english, texts: [.live: "ON AIR"]))
        configuration.strings.language = .english
        let harness = ContainerHarness(configuration: configuration)
        try await harness.load(duration: nil)
        harness.engine.emit(.property(.live(true)))
        try await harness.store.until("live") { $0.isLive }
        harness.tick(1)
        harness.draw()
        // The live button and the remaining time.
        #expect(harness.canvas.texts.filter { $0 == "ON AIR" }.count == 2)
        #expect(!harness.canvas.texts.contains("LIVE"))
    }

    /// The vertical drags' bubbles (brightness on the left, volume on the right) and the
    /// picture menu's reset entry, which shows once the colours are adjusted.
    @Test func theDragBubblesAndTheResetEntryAreInGerman() async throws {
        let harness = ContainerHarness(configuration: german())
        try await harness.load()
        let video = harness.container.videoFrame
        for (x, prefix) in [
            (video.minX + video.width * 0.25, "Helligkeit +"), (video.maxX - video.width * 0.25, "Lautstärke "),
        ] {
            let start = Point(x: x, y: video.midY + 40)
            harness.send(.pointerDown(start, button: .primary, time: 1))
            for step in 1...4 {
                harness.send(.pointerMoved(Point(x: x, y: start.y - Double(step) * 20), time: 1 + 0.02 * Double(step)))
            }
            harness.draw()
            #expect(harness.canvas.texts.contains { $0.hasPrefix(prefix) }, "\(harness.canvas.texts)")
            harness.send(.pointerUp(Point(x: x, y: start.y - 80), button: .primary, time: 1.2))
        }
        #expect(harness.state.playback.adjustments.brightness > 0)
        #expect(menuTexts(.picture, in: harness, at: 3).last == "Bildeinstellungen zurücksetzen")
    }
}
