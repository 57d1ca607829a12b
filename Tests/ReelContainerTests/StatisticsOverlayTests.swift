import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// The statistics overlay (mpv's stats page) on a player driven by ``FakeEngine``.
@MainActor
@Suite("StatisticsOverlay")
struct StatisticsOverlayTests {
    @Test func iShowsTheFiguresAndSamplesTheEngineOnlyWhileShown() async throws {
        let engine = FakeEngine()
        let player = Player(engine: engine)
        let container = PlayerContainer(player: player)
        let overlay = StatisticsOverlay(player: player)
        container.insert(overlay, after: .plugin)
        container.layout(size: Size(width: 640, height: 360), scale: 1)
        try player.load(MediaItem(url: URL(fileURLWithPath: "/media/clip.mp4")))
        try await player.until(state: .playing)

        container.handle(.tick(time: 1))
        #expect(overlay.nextUpdate(context: container.widgetContext()) == nil)
        let hidden = RecordingCanvas()
        container.draw(in: hidden)
        #expect(!engine.sentCommands.contains(.reportStatistics))
        #expect(!hidden.texts.contains { $0.hasPrefix("Decoder") })

        #expect(container.handle(.keyDown(.character("i"), modifiers: [], time: 2)))
        #expect(overlay.isShown)
        container.handle(.tick(time: 2.1))
        #expect(engine.sentCommands.filter { $0 == .reportStatistics }.count == 1)
        // Shown, it asks for the next sample a second later.
        #expect(overlay.nextUpdate(context: container.widgetContext()) == 3.1)
        // Not again within the interval, again after it.
        container.handle(.tick(time: 2.5))
        #expect(engine.sentCommands.filter { $0 == .reportStatistics }.count == 1)
        container.handle(.tick(time: 3.2))
        #expect(engine.sentCommands.filter { $0 == .reportStatistics }.count == 2)
        engine.emit(.property(.statistics(EngineStatistics(droppedFrames: 7, bytesTransferred: 2_500_000))))
        try await player.until("the sample") { _ in player.metrics.item?.droppedFrames == 7 }
        let shown = RecordingCanvas()
        container.draw(in: shown)
        #expect(shown.texts.contains { $0.hasPrefix("Decoder") })
        #expect(shown.texts.contains("Transfer  2.50 MB"))
        #expect(shown.texts.contains { $0.hasPrefix("Frames    dropped 7") })
        // An app's own lines (a feed's figures) come below the player's.
        overlay.additionalLines = { ["Feed   item 2/5"] }
        let withApp = RecordingCanvas()
        container.draw(in: withApp)
        let texts = withApp.texts
        let frames = try #require(texts.firstIndex { $0.hasPrefix("Frames    dropped 7") })
        #expect(texts.firstIndex(of: "Feed   item 2/5").map { $0 > frames } == true, "\(texts)")

        #expect(container.handle(.keyDown(.character("i"), modifiers: [], time: 4)))
        #expect(!overlay.isShown)
        container.handle(.tick(time: 6))
        #expect(engine.sentCommands.filter { $0 == .reportStatistics }.count == 2)
    }

    @Test func theLinesSayWhatIsUnknown() {
        let session = SessionMetrics(startDate: Date(timeIntervalSince1970: 0))
        #expect(
            StatisticsOverlay.lines(
                PlaybackMetrics(item: nil, session: session), playback: PlaybackInfo(), strings: .english) == [
                    "No item", "Session   0 items · played 0.00 s · 0.0 kB", "          0 stalls (0.00 s)",
                ])
    }

    /// The panel sits below the top controls (the title), where they are whether they show or
    /// not, so it neither covers them nor moves as they fade.
    @Test func thePanelSitsBelowTheTopControls() async throws {
        let engine = FakeEngine()
        let player = Player(engine: engine)
        let container = PlayerContainer(player: player)
        let overlay = StatisticsOverlay(player: player)
        container.insert(overlay, after: .plugin)
        container.layout(size: Size(width: 640, height: 360), scale: 1)
        try player.load(MediaItem(url: URL(fileURLWithPath: "/media/clip.mp4"), title: "A title"))
        try await player.until(state: .playing)
        overlay.isShown = true
        for time in [1.0, 10.0] {
            container.handle(.tick(time: time))
            let canvas = RecordingCanvas()
            container.draw(in: canvas)
            let top = try #require(container.controls.layout.frame(of: .top))
            let panel = try #require(canvas.fills(container.context.configuration.theme.bubbleBackground).first)
            #expect(panel.minY >= top.maxY, "panel \(panel), top controls \(top)")
        }
        #expect(!container.controls.isPresented)
    }
}
