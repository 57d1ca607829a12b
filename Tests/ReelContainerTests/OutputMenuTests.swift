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

    /// With two chapters or more, the settings menu opens the chapters; choosing one seeks to its
    /// start exactly, and the one playing is checked.
    @Test func theSettingsMenuOpensTheChaptersAndGoesToOne() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        let speeds = harness.container.context.configuration.speeds
        func settings() -> [String] {
            PlayerMenus.items(for: .speed, state: harness.state, speeds: speeds, strings: .english).map(\.title)
        }
        harness.store.send(.engine(.property(.chapters([Chapter(title: "Intro", start: 0)]))))
        #expect(!settings().contains("Chapters…"), "one chapter: no entry")
        harness.store.send(
            .engine(.property(.chapters([Chapter(title: "Intro", start: 0), Chapter(title: nil, start: 1.5)]))))
        #expect(settings().suffix(2) == ["Chapters…", "Add subtitle file…"])
        let items = PlayerMenus.chapterItems(state: harness.state, strings: .english)
        #expect(items.map(\.title) == ["Intro · 0:00", "Chapter 2 · 0:01"])
        #expect(items.map(\.isChecked) == [true, false])
        #expect(
            PlayerMenus.chapterItems(state: harness.state, strings: ContainerStrings(language: .german)).last?.title
                == "Kapitel 2 · 0:01")
        harness.markCommands()
        harness.container.perform(.openMenu(.speed))
        #expect(try choose(speeds.count, in: harness, at: 1) == "Speed")
        #expect(try choose(1, in: harness, at: 2) == "Chapters")
        #expect(harness.commands == [.seek(.absolute(1.5), precision: .exact)])
        #expect(PlayerMenus.chapterItems(state: harness.state, strings: .english).map(\.isChecked) == [false, true])
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
