import Foundation
import ReelComposable
import ReelCore
import ReelMPRIS
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// The real `playerctl` against a `Player` on `FakeEngine`, published on a private bus.
@MainActor
@Suite("playerctl drives a published Player")
struct PlayerctlTests {
    @Test func playerctlListsReelByItsInstanceName() async throws {
        let harness = try await MPRISHarness()
        let list = await Tool.run(["playerctl", "-l"], on: harness.bus)
        #expect(list.output == "reel.instance\(ProcessInfo.processInfo.processIdentifier)")
        #expect(harness.service.busName == "org.mpris.MediaPlayer2.\(list.output)")
        await harness.tearDown()
    }

    @Test func statusFollowsThePlayer() async throws {
        let harness = try await MPRISHarness()
        #expect(await harness.playerctl("status").output == "Stopped")
        // Waits for the player's state, then for the bus to show it: counting PropertiesChanged
        // signals instead could count a late one from loading as the pause's.
        try harness.player.load(MPRISHarness.item)
        try await harness.player.until(state: .playing)
        try await harness.settle()
        #expect(await harness.playerctl("status").output == "Playing")
        try harness.player.pause()
        try await harness.player.until(state: .paused(reason: .userInitiated))
        try await harness.settle()
        #expect(await harness.playerctl("status").output == "Paused")
        await harness.tearDown()
    }

    @Test func metadataComesFromTheMediaItem() async throws {
        let harness = try await MPRISHarness()
        try await harness.load()
        let itemID = try #require(harness.player.playback.itemID)
        #expect(await harness.playerctl("metadata", "xesam:title").output == "Big Buck Bunny")
        #expect(await harness.playerctl("metadata", "xesam:artist").output == "Blender Foundation")
        #expect(await harness.playerctl("metadata", "xesam:album").output == "Open Movies")
        #expect(await harness.playerctl("metadata", "mpris:artUrl").output == "https://media.test/poster.jpg")
        #expect(await harness.playerctl("metadata", "xesam:comment").output == "A giant rabbit and three rodents.")
        #expect(await harness.playerctl("metadata", "xesam:url").output == "https://media.test/big-buck-bunny.mp4")
        #expect(await harness.playerctl("metadata", "mpris:length").output == "60000000")
        let trackID = await harness.playerctl("metadata", "mpris:trackid").output
        // playerctl prints object paths in quotes.
        #expect(trackID == "'/org/mpris/MediaPlayer2/reel/track/\(itemID.rawValue)'")
        await harness.tearDown()
    }

    @Test func playPauseReachesThePlayerAsARemoteIntent() async throws {
        let harness = try await MPRISHarness()
        try await harness.load()
        #expect(await harness.playerctl("play-pause").status == 0)
        // The call returns once the player has acted on it.
        #expect(harness.player.state == .paused(reason: .userInitiated))
        #expect(harness.player.playback.intent == PlayIntent(playWhenReady: false, reason: .remote))
        #expect(await harness.playerctl("play-pause").status == 0)
        #expect(harness.player.playback.intent == PlayIntent(playWhenReady: true, reason: .remote))
        try await harness.player.until(state: .playing)
        #expect(await harness.playerctl("pause").status == 0)
        #expect(harness.player.state == .paused(reason: .userInitiated))
        #expect(await harness.playerctl("play").status == 0)
        #expect(harness.player.playback.intent.playWhenReady)
        #expect(await harness.playerctl("stop").status == 0)
        #expect(harness.player.playback.status == .idle)
        #expect(harness.player.playback.intent.reason == .remote)
        await harness.tearDown()
    }

    @Test func positionCommandsSeekThePlayer() async throws {
        let harness = try await MPRISHarness()
        try await harness.load(autoplay: false)
        #expect(await harness.playerctl("position", "3").status == 0)
        try await harness.player.until("at 3 s") { $0.currentTime == 3 && $0.playback.waiting == .none }
        #expect(await harness.playerctl("position").output == "3.000000")
        #expect(await harness.playerctl("position", "2+").status == 0)
        try await harness.player.until("at 5 s") { $0.currentTime == 5 && $0.playback.waiting == .none }
        #expect(await harness.playerctl("position", "1-").status == 0)
        try await harness.player.until("at 4 s") { $0.currentTime == 4 && $0.playback.waiting == .none }
        #expect(harness.engine.sentCommands.contains(.seek(.absolute(3), precision: .exact)))
        await harness.tearDown()
    }

    /// Linear playback: clients see `CanSeek` false, and a seek they send anyway does nothing.
    @Test func linearPlaybackTurnsSeekingOff() async throws {
        let harness = try await MPRISHarness()
        try await harness.load(autoplay: false)
        try await harness.settle()
        #expect(await harness.playerProperty("CanSeek") == "b true")
        try harness.player.setRequiresLinearPlayback(true)
        try await harness.settle()
        #expect(await harness.playerProperty("CanSeek") == "b false")
        // playerctl itself refuses to seek a player that cannot (the feature would ignore it).
        #expect(await harness.playerctl("position", "3").status != 0)
        #expect(await harness.playerctl("play").status == 0)
        #expect(!harness.engine.sentCommands.contains { if case .seek = $0 { true } else { false } })
        try harness.player.setRequiresLinearPlayback(false)
        try await harness.settle()
        #expect(await harness.playerProperty("CanSeek") == "b true")
        await harness.tearDown()
    }

    @Test func volumeAndLoopAreWritable() async throws {
        let harness = try await MPRISHarness()
        try await harness.load()
        #expect(await harness.playerctl("volume", "0.5").status == 0)
        try await harness.player.until("volume 0.5") { $0.volume == 0.5 }
        #expect(await harness.playerctl("loop", "Track").status == 0)
        try await harness.player.until("looping") { $0.playback.loop == .item }
        #expect(await harness.playerctl("loop").output == "Track")
        await harness.tearDown()
    }

    @Test func fullscreenIsThePlayersPresentation() async throws {
        let harness = try await MPRISHarness()
        try await harness.load()
        // Nothing shows the video: Fullscreen cannot be set, and the player refuses a write.
        #expect(await harness.rootProperty("CanSetFullscreen") == "b false")
        #expect(await harness.setRootProperty("Fullscreen", true) == 0)
        try await harness.player.until("refused") { $0.store.state.commandError != nil }
        #expect(harness.player.presentation == .none)
        #expect(await harness.rootProperty("Fullscreen") == "b false")

        // A window shows it (this stand-in reports what PlayerWindow reports when it attaches).
        harness.player.presentationDidChange(to: .inline, pictureInPicturePossible: true)
        try await harness.settle()
        #expect(await harness.rootProperty("CanSetFullscreen") == "b true")
        #expect(await harness.setRootProperty("Fullscreen", true) == 0)
        try await harness.player.until("fullscreen") { $0.presentation == .fullscreen }
        try await harness.settle()
        #expect(await harness.rootProperty("Fullscreen") == "b true")
        #expect(await harness.setRootProperty("Fullscreen", false) == 0)
        try await harness.player.until("inline") { $0.presentation == .inline }
        try await harness.settle()
        #expect(await harness.rootProperty("Fullscreen") == "b false")

        // Picture in picture is not full screen: writing false leaves it. (A method call is
        // carried out after the write before it, so once `play` returns the write was seen.)
        try harness.player.startPictureInPicture()
        #expect(await harness.setRootProperty("Fullscreen", false) == 0)
        #expect(await harness.playerctl("play").status == 0)
        #expect(harness.player.presentation == .pictureInPicture)
        await harness.tearDown()
    }

    @Test func openUriLoadsAllowedAddressesOnly() async throws {
        let harness = try await MPRISHarness()
        let refused = await harness.playerctl("open", "ytdl://example.test/watch")
        #expect(refused.status != 0)
        #expect(refused.error.contains("Playing \"ytdl\" addresses is not allowed."))
        #expect(harness.player.currentItem == nil)
        #expect(harness.engine.sentCommands.isEmpty)
        #expect(await harness.playerctl("open", "https://media.test/other.mp4").status == 0)
        #expect(harness.player.currentItem?.url == URL(string: "https://media.test/other.mp4"))
        #expect(harness.player.playback.intent.reason == .remote)
        await harness.tearDown()
    }

    @Test func nextPreviousShuffleAndLoopFollowTheQueue() async throws {
        let harness = try await MPRISHarness()
        try await harness.load()
        #expect(await harness.playerProperty("CanGoNext") == "b false")
        #expect(await harness.playerProperty("LoopStatus") == "s \"None\"")
        let items = (1...3).map { MediaItem(url: URL(string: "https://media.test/\($0).mp4")!, title: "Item \($0)") }
        try harness.player.setQueue(items)
        try await harness.player.until(status: .ready)
        try await harness.settle()
        #expect(await harness.playerProperty("CanGoNext") == "b true")
        #expect(await harness.playerProperty("CanGoPrevious") == "b false")

        #expect(await harness.playerctl("next").status == 0)
        try await harness.player.until("item 2", timeout: .seconds(5)) { $0.currentItem?.title == "Item 2" }
        try await harness.settle()
        #expect(await harness.playerctl("metadata", "title").output.contains("Item 2"))
        #expect(await harness.playerProperty("CanGoPrevious") == "b true")
        #expect(await harness.playerctl("previous").status == 0)
        try await harness.player.until("item 1", timeout: .seconds(5)) { $0.currentItem?.title == "Item 1" }

        #expect(await harness.playerctl("loop", "Playlist").status == 0)
        #expect(harness.player.repeatMode == .all)
        #expect(await harness.playerctl("loop", "Track").status == 0)
        #expect(harness.player.repeatMode == .one)
        try await harness.player.until("the engine loops", timeout: .seconds(5)) { $0.playback.loop == .item }
        try await harness.settle()
        #expect(await harness.playerctl("loop").output.contains("Track"))
        #expect(await harness.playerctl("loop", "None").status == 0)
        #expect(harness.player.repeatMode == .off)

        #expect(await harness.playerctl("shuffle", "On").status == 0)
        #expect(harness.player.isShuffled)
        try await harness.settle()
        #expect(await harness.playerProperty("Shuffle") == "b true")
        #expect(await harness.playerctl("shuffle", "Off").status == 0)
        #expect(!harness.player.isShuffled)
        await harness.tearDown()
    }
}
