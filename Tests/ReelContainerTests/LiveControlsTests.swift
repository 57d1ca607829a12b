import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

/// A live stream's controls (the LIVE button, the seek bar over the window) and the Quality menu
/// of an adaptive stream, in the container over a `FakeEngine`.
@MainActor
@Suite("Live controls and the Quality menu")
struct LiveControlsTests {
    /// Loads the clip, then reports it live with a window of 10…40 s, played at `position`.
    private func live(at position: Double) async throws -> ContainerHarness {
        let harness = ContainerHarness()
        try await harness.load()
        harness.engine.emit(.property(.live(true)))
        harness.engine.emit(.property(.bufferedRanges([TimeRange(start: 10, end: 40)])))
        harness.engine.emit(.property(.position(position, at: .now)))
        try await harness.store.until("live") { $0.playback.liveWindow != nil && abs($0.elapsedTime - position) < 1 }
        return harness
    }

    @Test func theLiveButtonShowsBehindAndGoesLive() async throws {
        let harness = try await live(at: 12)
        harness.draw()
        let button = try #require(harness.frame(of: LiveButton.self, in: .bottom2))
        #expect(harness.state.liveLabel?.hasPrefix("-0:2") == true)
        harness.markCommands()
        harness.click(button.center, at: 1)
        #expect(harness.commands.first == .seek(.absolute(40), precision: .keyframe))
    }

    @Test func theSeekBarSpansTheWindow() async throws {
        let harness = try await live(at: 39)
        harness.draw()
        let bar = try #require(harness.frame(of: SeekBar.self, in: .bottom1))
        #expect(harness.state.seekRange == TimeRange(start: 10, end: 40))
        harness.markCommands()
        // The bar's left end is the window's start, not zero.
        harness.click(Point(x: bar.minX + 1, y: bar.midY), at: 1)
        guard
            case .seek(.absolute(let time), _) = harness.commands.first(where: {
                if case .seek = $0 { true } else { false }
            })
        else {
            Issue.record("no seek: \(harness.commands)")
            return
        }
        #expect(time >= 10 && time < 11)
    }

    @Test func theLiveButtonHidesForFiles() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        harness.draw()
        #expect(harness.frame(of: LiveButton.self, in: .bottom2) == nil)
        #expect(harness.frame(of: MenuButton.self, in: .bottom2, where: { $0.menu == .quality }) == nil)
    }

    @Test func theQualityMenuListsAutoAndTheVariants() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        harness.engine.emit(.property(.container("hls")))
        harness.engine.emit(
            .property(
                .tracks([
                    Track(id: 1, kind: .video, isSelected: true, width: 640, height: 360),
                    Track(id: 2, kind: .video, width: 320, height: 180),
                ])))
        try await harness.store.until("variants") { $0.playback.variants.count == 2 }
        harness.draw()
        #expect(harness.frame(of: MenuButton.self, in: .bottom2, where: { $0.menu == .quality }) != nil)
        let entries = PlayerMenus.qualityItems(state: harness.state, strings: .english)
        #expect(entries.map(\.title) == ["Auto (360p)", "360p", "180p"])
        #expect(entries.map(\.isChecked) == [true, false, false])
        harness.container.perform(entries[2].action)
        #expect(harness.commands == [.setStreamingQuality(.variant(StreamVariant(id: 2, width: 320, height: 180)))])
        #expect(
            PlayerMenus.qualityItems(state: harness.state, strings: .english).map(\.isChecked) == [false, false, true])
        #expect(PlayerMenus.qualityLabel(state: harness.state, strings: .english) == "180p")
    }
}
