import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

/// The picture's framing from the window: `w` cycles the gravity, the Picture menu chooses it
/// and the aspect ratio, the current ones checked.
@MainActor
@Suite("Picture menu and key")
struct PictureMenuTests {
    @Test func wCyclesTheGravity() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        #expect(harness.key(.character("w"), at: 1))
        #expect(harness.commands == [.setVideoFraming(VideoFraming(gravity: .fill))])
        #expect(harness.key(.character("w"), at: 2))
        #expect(harness.key(.character("w"), at: 3))
        #expect(harness.state.playback.framing.gravity == .fit)
    }

    @Test func thePictureMenuChecksTheCurrentFramingAndChoosesAnother() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        harness.draw()
        #expect(harness.frame(of: MenuButton.self, in: .bottom2, where: { $0.menu == .picture }) != nil)
        let entries = PlayerMenus.pictureItems(state: harness.state, strings: .english)
        #expect(entries.map(\.title) == ["Fit", "Fill", "Stretch", "Original", "16:9", "4:3", "2.35:1"])
        #expect(entries.map(\.isChecked) == [true, false, false, true, false, false, false])
        harness.container.perform(entries[5].action)
        #expect(harness.commands == [.setVideoFraming(VideoFraming(aspectRatio: 4.0 / 3))])
        #expect(PlayerMenus.pictureItems(state: harness.state, strings: .english)[5].isChecked)
    }

    @Test func adjustedColoursGetAResetEntry() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        harness.store.send(.outputs(.videoAdjustmentsChanged(VideoAdjustments(brightness: 30, hue: 10))))
        let reset = try #require(PlayerMenus.pictureItems(state: harness.state, strings: .english).last)
        #expect(reset.title == "Reset adjustments")
        harness.markCommands()
        harness.container.perform(reset.action)
        #expect(harness.commands == [.setVideoAdjustments(.neutral)])
        #expect(PlayerMenus.pictureItems(state: harness.state, strings: .english).count == 7)
    }
}

/// `.` and `,` step a frame forward and back, as in mpv.
@MainActor
@Suite("Frame-step keys")
struct FrameStepKeyTests {
    @Test func dotAndCommaStepAFrame() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        #expect(harness.key(.character("."), at: 1))
        #expect(harness.key(.character(","), at: 2))
        #expect(harness.commands == [.stepFrame(forward: true), .stepFrame(forward: false)])
        #expect(!harness.state.playback.intent.playWhenReady)
    }
}

/// `+`/`-` move the audio delay and `z`/`Z` the subtitle delay by a tenth of a second, as in mpv.
@MainActor
@Suite("Delay keys")
struct DelayKeyTests {
    @Test func plusMinusAndZMoveTheDelays() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        for (index, key) in ["+", "+", "-", "z", "Z", "Z"].enumerated() {
            #expect(harness.key(.character(Character(key)), at: Double(index)))
        }
        #expect(harness.state.playback.audioDelay == 0.1)
        #expect(harness.state.playback.subtitleDelay == 0.1)
        #expect(harness.commands.first == .setAudioDelay(0.1))
        #expect(harness.commands.last == .setSubtitleDelay(0.1))
    }
}

/// `s` writes a screenshot into the configured folder, named after the item and the time.
@MainActor
@Suite("Screenshot key")
struct ScreenshotKeyTests {
    @Test func sTakesAScreenshotIntoTheFolder() async throws {
        var configuration = ContainerConfiguration.standard
        configuration.screenshotFolder = URL(fileURLWithPath: "/tmp/shots", isDirectory: true)
        let harness = ContainerHarness(configuration: configuration)
        try await harness.load()
        #expect(harness.key(.character("s"), at: 1))
        guard case .screenshot(let file, let subtitles) = harness.commands.first else {
            Issue.record("sent \(harness.commands)")
            return
        }
        #expect(subtitles)
        #expect(file.deletingLastPathComponent().path == "/tmp/shots")
        #expect(file.lastPathComponent.hasPrefix("clip-0m") && file.pathExtension == "png")
        #expect(harness.container.toasts.visible.count == 1)
    }
}
