import Foundation
import ReelCore
import ReelMPV
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// The behaviour every ``PlaybackEngine`` must show, run against the fake and against libmpv.
@MainActor
@Suite("Engine contract", .serialized)
struct EngineContractTests {
    @Test(arguments: EngineKind.allCases)
    func loadBecomesReadyPlaysAndPausesAtTheEnd(_ kind: EngineKind) async throws {
        let engine = try EngineUnderTest(kind)
        let player = engine.player
        let transitions = player.recordStates()
        try player.load(MediaItem(url: try await engine.media(.shortClip)))
        try await player.until(state: .playing, timeout: engine.timeout)
        #expect(player.playback.status == .ready)
        // Properties are level state and may trail the first frame by an event or two.
        try await player.until("a known duration", timeout: engine.timeout) { $0.duration != nil }
        #expect(try #require(player.duration) > 1.9)
        engine.letTimePass(3)
        try await player.until(state: .paused(reason: .endOfMedia), timeout: engine.timeout)
        #expect(abs(player.currentTime - (player.duration ?? 0)) < 0.001)
        #expect(
            transitions.states == [.buffering(reason: .evaluatingBufferRate), .playing, .paused(reason: .endOfMedia)])
        await player.shutdown()
    }

    @Test(arguments: EngineKind.allCases)
    func pauseAndResumeCarryTheRightReasons(_ kind: EngineKind) async throws {
        let engine = try EngineUnderTest(kind)
        let player = engine.player
        try player.load(MediaItem(url: try await engine.media(.tenSecondClip)))
        try await player.until(state: .playing, timeout: engine.timeout)
        try player.pause()
        #expect(player.state == .paused(reason: .userInitiated))
        try player.play(reason: .remote)
        try await player.until(state: .playing, timeout: engine.timeout)
        try player.pause(reason: .interruption)
        #expect(player.state == .paused(reason: .interrupted))
        // The engine's echo of our own pause must not rewrite the reason.
        try await player.until("the engine's echo", timeout: engine.timeout) { _ in
            player.playback.intent.reason == .interruption
        }
        try player.play()
        try await player.until(state: .playing, timeout: engine.timeout)
        #expect(player.playback.intent == PlayIntent(playWhenReady: true, reason: .user))
        await player.shutdown()
    }

    @Test(arguments: EngineKind.allCases)
    func exactAndKeyframeSeeksLandWithinTolerance(_ kind: EngineKind) async throws {
        let engine = try EngineUnderTest(kind)
        let player = engine.player
        try player.load(MediaItem(url: try await engine.media(.tenSecondClip)), autoplay: false)
        try await player.until(status: .ready, timeout: engine.timeout)
        try player.seek(to: 4.4, precision: .exact)
        #expect(player.state == .paused(reason: .userInitiated))
        try await player.until("the exact seek", timeout: engine.timeout) { $0.playback.waiting == .none }
        try await settle(player, near: 4.4, within: 0.05, timeout: engine.timeout)
        try player.seek(to: 6.6, precision: .keyframe)
        try await player.until("the keyframe seek", timeout: engine.timeout) { $0.playback.waiting == .none }
        // Keyframes are 1 s apart in this clip.
        try await settle(player, near: 6.6, within: 1.0, timeout: engine.timeout)
        await player.shutdown()
    }

    @Test(arguments: EngineKind.allCases)
    func audioAndSubtitleSwitchesShowInState(_ kind: EngineKind) async throws {
        let engine = try EngineUnderTest(kind)
        let player = engine.player
        try player.load(MediaItem(url: try await engine.media(.multiTrack)), autoplay: false)
        try await player.until(status: .ready, timeout: engine.timeout)
        #expect(player.audioTracks.map(\.language) == ["eng", "ger"])
        #expect(player.subtitleTracks.count == 2)
        #expect(player.playback.chapters.map(\.title) == ["Intro", "Main"])
        let initialSubtitle = player.subtitleTrack?.id
        let german = try #require(player.audioTracks.first { $0.language == "ger" })
        try player.select(audio: german)
        try await player.until("German audio", timeout: engine.timeout) { $0.audioTrack?.language == "ger" }
        let subtitle = try #require(player.subtitleTracks.last)
        try player.select(subtitle: subtitle)
        try await player.until("the second subtitle", timeout: engine.timeout) { $0.subtitleTrack?.id == subtitle.id }
        try player.select(subtitle: nil)
        try await player.until("subtitles off", timeout: engine.timeout) { $0.subtitleTrack == nil }

        // The choices were the item's: the next item's tracks are chosen afresh.
        try player.load(MediaItem(url: try await engine.media(.multiTrack)), autoplay: false)
        try await player.until("the item again, with its own tracks", timeout: engine.timeout) {
            $0.playback.status == .ready && $0.audioTrack?.language == "eng"
        }
        #expect(player.subtitleTrack?.id == initialSubtitle)
        await player.shutdown()
    }

    @Test(arguments: EngineKind.allCases)
    func anExternalSubtitleAppearsAsATrack(_ kind: EngineKind) async throws {
        let engine = try EngineUnderTest(kind)
        let player = engine.player
        try player.load(MediaItem(url: try await engine.media(.tenSecondClip)), autoplay: false)
        try await player.until(status: .ready, timeout: engine.timeout)
        let subtitles = try await MediaFixtures.url(for: .subtitleFile)
        try player.addSubtitle(url: subtitles, title: "Added", language: "fra")
        try await player.until("the external track", timeout: engine.timeout) { player in
            player.subtitleTracks.contains { $0.isExternal && $0.isSelected && $0.language == "fra" }
        }
        #expect(player.subtitleTrack?.title == "Added")
        await player.shutdown()
    }

    @Test(arguments: EngineKind.allCases)
    func replacingAnItemWhilePlayingReportsNoSpuriousEnd(_ kind: EngineKind) async throws {
        let engine = try EngineUnderTest(kind)
        let player = engine.player
        let events = player.events
        try player.load(MediaItem(url: try await engine.media(.tenSecondClip)))
        try await player.until(state: .playing, timeout: engine.timeout)
        let first = try #require(player.playback.itemID)
        try player.load(MediaItem(url: try await engine.media(.shortClip)))
        try await player.until(state: .playing, timeout: engine.timeout)
        let second = try #require(player.playback.itemID)
        #expect(first != second)
        #expect(player.duration.map { $0 < 3 } == true)
        await player.shutdown()
        var ends: [ItemID: [EndReason]] = [:]
        var states: [PlayerState] = []
        for await event in events {
            switch event {
            case .itemEnded(let id, let reason): ends[id, default: []].append(reason)
            case .stateChanged(let state): states.append(state)
            default: break
            }
        }
        #expect(ends[first] == [.stopped])
        #expect(ends[second]?.contains(.endOfMedia) != true)
        #expect(!states.contains(.paused(reason: .endOfMedia)))
        #expect(!states.contains { if case .paused(reason: .error) = $0 { true } else { false } })
    }

    @Test(arguments: EngineKind.allCases)
    func callsAfterTeardownThrow(_ kind: EngineKind) async throws {
        let engine = try EngineUnderTest(kind)
        let player = engine.player
        try player.load(MediaItem(url: try await engine.media(.shortClip)))
        await player.shutdown()
        #expect(throws: PlayerError(.engineGone)) { try player.play() }
        #expect(throws: PlayerError(.engineGone)) { try player.load(MediaItem(url: URL(fileURLWithPath: "/x.mp4"))) }
    }

    /// Waits until the position (re-read from the engine's samples) is within `tolerance` of `target`.
    private func settle(_ player: Player, near target: Double, within tolerance: Double, timeout: Duration) async throws
    {
        try await player.until("position near \(target) ± \(tolerance)", timeout: timeout) { player in
            abs(player.currentTime - target) <= tolerance
        }
    }
}
