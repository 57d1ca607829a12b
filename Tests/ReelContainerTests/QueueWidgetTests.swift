import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

/// The queue in the container: next/previous buttons and the playlist menu show only with a
/// queue, and keys move through it as in mpv.
@MainActor
@Suite("Queue widgets and keys")
struct QueueWidgetTests {
    let items = ["One", "Two", "Three"].map { (name: String) in
        MediaItem(url: URL(fileURLWithPath: "/media/\(name).mp4"), title: name)
    }

    private func queued(_ harness: ContainerHarness) async throws {
        for item in items { harness.engine.setMedia(FakeEngine.Media(duration: 100), for: item.url) }
        harness.store.send(.queue(.replaceRequested(items)))
        try await harness.store.until("playing") { $0.playerState == .playing && $0.playback.item?.title == "One" }
        harness.markCommands()
    }

    @Test func theButtonsShowOnlyWithAQueueAndMoveThroughIt() async throws {
        let single = ContainerHarness()
        try await single.load()
        single.draw()
        #expect(single.frame(of: QueueButton.self, in: .bottom2) == nil)
        #expect(single.frame(of: MenuButton.self, in: .bottom2, where: { $0.menu == .queue }) == nil)

        let harness = ContainerHarness()
        try await queued(harness)
        harness.draw()
        let next = try #require(harness.frame(of: QueueButton.self, in: .bottom2, where: { $0.direction == .next }))
        #expect(harness.frame(of: MenuButton.self, in: .bottom2, where: { $0.menu == .queue }) != nil)
        harness.click(next.center, at: 1)
        try await harness.store.until("two") { $0.playback.item?.title == "Two" && $0.playerState == .playing }
        harness.draw()
        let previous = try #require(
            harness.frame(of: QueueButton.self, in: .bottom2, where: { $0.direction == .previous }))
        harness.click(previous.center, at: 2)
        try await harness.store.until("one") { $0.playback.item?.title == "One" }
    }

    @Test func keysMoveAsInMpv() async throws {
        let harness = ContainerHarness()
        try await queued(harness)
        #expect(harness.key(.character(">"), at: 1))
        try await harness.store.until("two") { $0.playback.item?.title == "Two" && $0.playerState == .playing }
        #expect(harness.key(.enter, at: 2))
        try await harness.store.until("three") { $0.playback.item?.title == "Three" && $0.playerState == .playing }
        #expect(harness.key(.character("<"), at: 3))
        try await harness.store.until("two again") { $0.playback.item?.title == "Two" }
    }

    @Test func thePlaylistMenuChecksTheCurrentItemAndChoosingOnePlaysIt() async throws {
        let harness = ContainerHarness()
        try await queued(harness)
        let entries = PlayerMenus.queueItems(state: harness.state)
        #expect(entries.map(\.title) == ["One", "Two", "Three"])
        #expect(entries.map(\.isChecked) == [true, false, false])
        #expect(entries[2].action == .player(.queue(.jumpRequested(to: 2))))
        harness.container.perform(entries[2].action)
        try await harness.store.until("three") { $0.playback.item?.title == "Three" }
    }
}
