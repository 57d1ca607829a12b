import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

/// The audio output and subtitle menus: opened from the settings and subtitles menus, the current
/// choices checked.
@MainActor
@Suite("Audio output and subtitle menus")
struct OutputMenuTests {
    private let devices = [
        AudioDevice.automatic, AudioDevice(name: "pulse/speakers", description: "Speakers"),
        AudioDevice(name: "pulse/headset", description: "USB Headset"),
    ]

    /// Clicks row `index` of the open menu; returns the menu's title before the click.
    private func choose(_ index: Int, in harness: ContainerHarness, at time: Double) throws -> String {
        harness.tick(time)
        let panel = try #require(harness.container.features.panel)
        let menu = try #require(panel.content as? MenuWidget)
        harness.click(
            menu.rowFrame(index, in: panel.frame(in: harness.container.videoFrame, progress: 1)).center, at: time)
        return menu.title
    }

    @Test func theSettingsMenuOpensTheAudioOutputsAndChoosesOne() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        let speeds = harness.container.context.configuration.speeds
        func settings() -> [String] {
            PlayerMenus.items(for: .speed, state: harness.state, speeds: speeds, strings: .english).map(\.title)
        }
        #expect(!settings().contains { $0.hasPrefix("Audio output") }, "no outputs listed: no entry")
        harness.store.send(.engine(.property(.audioDevices(devices))))
        #expect(settings().suffix(2) == ["Audio output: Automatic…", "Add subtitle file…"])
        harness.container.perform(.openMenu(.speed))
        #expect(try choose(speeds.count, in: harness, at: 1) == "Speed")
        #expect(try choose(2, in: harness, at: 2) == "Audio output")
        #expect(harness.commands == [.setAudioDevice("pulse/headset")])
        let items = PlayerMenus.audioOutputItems(state: harness.state, strings: .english)
        #expect(items.map(\.title) == ["Automatic", "Speakers", "USB Headset"])
        #expect(items.map(\.isChecked) == [false, false, true])
        #expect(settings().suffix(2).first == "Audio output: USB Headset…")
    }

    @Test func theSubtitlesMenuOpensTheSecondaryTrackAndStylePresets() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        harness.store.send(.outputs(.subtitleTrackSelected(id: 1)))
        let extras = PlayerMenus.items(for: .subtitles, state: harness.state, speeds: [], strings: .english).suffix(2)
            .map(\.title)
        #expect(extras == ["Secondary: Off…", "Subtitle style…"])
        // The main track is not offered as the secondary one.
        let secondary = PlayerMenus.secondarySubtitleItems(state: harness.state, strings: .english)
        #expect(secondary.map(\.title) == ["Off", "French"])
        #expect(secondary.map(\.isChecked) == [true, false])
        harness.markCommands()
        harness.container.perform(secondary[1].action)
        #expect(harness.commands == [.selectSecondarySubtitle(id: 2)])
        try await harness.store.until("the secondary track") { $0.playback.secondarySubtitleTrack?.id == 2 }
        #expect(
            PlayerMenus.secondarySubtitleItems(state: harness.state, strings: .english).map(\.isChecked) == [
                false, true,
            ])

        let style = PlayerMenus.subtitleStyleItems(state: harness.state, strings: .english)
        #expect(style.map(\.title) == ["Size: Small", "Size: Normal", "Size: Large", "Background"])
        #expect(style.map(\.isChecked) == [false, true, false, false])
        harness.container.perform(style[2].action)
        harness.container.perform(PlayerMenus.subtitleStyleItems(state: harness.state, strings: .english)[3].action)
        #expect(harness.state.playback.subtitleStyle.fontSize == 75)
        #expect(harness.state.playback.subtitleStyle.hasBackground)
        #expect(
            PlayerMenus.subtitleStyleItems(state: harness.state, strings: .english).map(\.isChecked) == [
                false, false, true, true,
            ])
    }

    @Test func aSubtitleFileNextToTheMediaIsAdded() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        let file = URL(fileURLWithPath: "/media/clip.en.srt")
        let items = PlayerMenus.subtitleFileItems([file], state: harness.state)
        #expect(items.map(\.title) == ["clip.en.srt"])
        harness.container.perform(items[0].action)
        #expect(harness.commands == [.addSubtitle(ExternalSubtitle(url: file, title: "clip.en.srt"))])
        try await harness.store.until("the added track") { $0.playback.tracks(.subtitle).count == 3 }
        #expect(PlayerMenus.subtitleFileItems([file], state: harness.state).map(\.isChecked) == [true])
    }
}
