import Clocks
import Foundation
import ReelComposable
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

/// Frames, buffering and clips in the feature: typed actions that become engine commands, or
/// refusals before anything is recorded.
@MainActor
@Suite("PlayerFeature: frames, buffering, clips")
struct LoadingFeatureTests {
    let harness = FeatureHarness()
    var store: TestStore<PlayerFeature.State, PlayerFeature.Action> { harness.store }

    private func giveVideo(frameRate: Double?) async {
        let t = harness.now.now
        let tracks = [Track(id: 1, kind: .video, isSelected: true, frameRate: frameRate)]
        await store.send(.engine(.property(.tracks(tracks)))) {
            $0.playback.apply(.received(.property(.tracks(tracks))), at: t)
        }
    }

    @Test func aFrameIsSoughtExactlyAtItsTimeAtTheContainersRate() async {
        await harness.loadAndPlay(duration: 100)
        await harness.pauseToFinish()
        await giveVideo(frameRate: 25)
        #expect(store.state.playback.frameRate == 25)
        let t = harness.now.now
        let seek = EngineCommand.seek(.absolute(37.0 / 25), precision: .exact)
        await store.send(.transport(.frameSeekRequested(37))) {
            $0.playback.apply(.sent(seek, reason: .user), at: t)
            $0.elapsedTime = 1.48
        }
        store.expectCommands(seek)
        await store.finish()
    }

    @Test func aFrameIsRefusedWithoutAFrameRateBeforeZeroAndPastTheEnd() async {
        await harness.loadAndPlay(duration: 2)
        await harness.pauseToFinish()
        await giveVideo(frameRate: nil)
        #expect(store.state.playback.frameRate == nil)
        await store.send(.transport(.frameSeekRequested(3))) {
            $0.commandError = PlayerError(
                .invalidArgument, message: "The video's frame rate is not known, so frames cannot be sought.")
            $0.refusalCount = 1
        }
        await giveVideo(frameRate: 30)
        await store.send(.transport(.frameSeekRequested(-1))) {
            $0.commandError = PlayerError(.invalidArgument, message: "Frames are counted from 0.")
            $0.refusalCount = 2
        }
        await store.send(.transport(.frameSeekRequested(61))) {
            $0.commandError = PlayerError(.invalidArgument, message: "Frame 61 is past the end of the video.")
            $0.refusalCount = 3
        }
        store.expectCommands()
        await store.finish()
    }

    @Test func aBufferingPolicyIsACommandKeptAcrossStops() async {
        let t = harness.now.now
        let policy = BufferingPolicy.minimizingStalls
        await store.send(.transport(.bufferingPolicyChanged(policy))) {
            $0.playback.apply(.sent(.setBufferingPolicy(policy), reason: .user), at: t)
        }
        store.expectCommands(.setBufferingPolicy(policy))
        #expect(store.state.playback.bufferingPolicy == policy)
        await store.send(.transport(.stopRequested())) { $0.playback.apply(.sent(.stop, reason: .user), at: t) }
        store.expectCommands(.stop)
        #expect(store.state.playback.bufferingPolicy == policy)

        var bad = BufferingPolicy.standard
        bad.networkTimeout = 0
        await store.send(.transport(.bufferingPolicyChanged(bad))) {
            $0.commandError = PlayerError(.invalidArgument, message: "The network timeout must be 1 to 3600 seconds.")
            $0.refusalCount = 1
        }
        store.expectCommands()
        await store.finish()
    }

    @Test func aPresentationWithAutoplayPlaysOnlyWhenItIsAccepted() async {
        await harness.loadAndPlay(duration: 100)
        await harness.pauseToFinish()
        let t = harness.now.now
        // Nothing shows the video: refused, and nothing plays.
        await store.send(.presentation(.requested(.fullscreen, autoplay: true))) {
            $0.commandError = PlayerError(.invalidArgument, message: "Nothing shows this player's video.")
            $0.refusalCount = 1
        }
        store.expectCommands()
        await store.send(.presentation(.changed(.inline, pictureInPicturePossible: false))) {
            $0.presentation = .inline
        }
        await store.send(.presentation(.requested(.fullscreen, autoplay: true))) {
            $0.commandError = nil
            $0.presentation = .fullscreen
            $0.playback.apply(.sent(.play, reason: .user), at: t)
        }
        store.expectCommands(.play)
        await harness.pauseToFinish()
    }

    @Test func aClipThatEndsBeforeItStartsIsRefusedBeforeItLoads() async {
        let item = MediaItem(url: URL(fileURLWithPath: "/media/clip.mp4"), clip: ClipRange(start: 5, end: 5))
        let request = LoadRequest(item: item, id: ItemID(rawValue: 1))
        let error = PlayerError(.invalidArgument, message: "A clip must end after it starts.")
        let t = harness.now.now
        await store.send(.queue(.loadRequested(item))) {
            $0.queue = PlayQueue([item])
            $0.playback.apply(.refused(.load(request), error), at: t)
            $0.commandError = error
            $0.refusalCount = 1
        }
        store.expectCommands()
        await store.finish()
    }
}

/// The values behind clips, buffering and language preferences.
@Suite("Clip ranges, buffering policies and language lists")
struct LoadingValueTests {
    @Test func clipRangesAreChecked() throws {
        try ClipRange(start: 0, end: 1).check()
        try ClipRange(start: 3).check()
        #expect(ClipRange(start: 2, end: 5).duration == 3)
        #expect(ClipRange(start: 2).duration == nil)
        for bad in [
            ClipRange(start: -1), ClipRange(start: .nan), ClipRange(start: 4, end: 3),
            ClipRange(start: 1, end: .infinity),
        ] {
            #expect(throws: PlayerError.self) { try bad.check() }
        }
        let item = MediaItem(url: URL(fileURLWithPath: "/a.mp4"), clip: ClipRange(start: 2, end: 1))
        #expect(throws: PlayerError.self) { try EngineCommand.load(LoadRequest(item: item)).checkArguments() }
        #expect(throws: PlayerError.self) { try EngineCommand.prepareNext(LoadRequest(item: item)).checkArguments() }
    }

    @Test func bufferingPoliciesAreChecked() throws {
        try BufferingPolicy.standard.check()
        try BufferingPolicy.minimizingStalls.check()
        try BufferingPolicy.playImmediately.check()
        #expect(BufferingPolicy.standard.waiting == .whenStalled)
        #expect(BufferingPolicy.minimizingStalls.waiting == .toMinimizeStalls)
        #expect(BufferingPolicy.playImmediately.waiting == .never)
        var policies: [BufferingPolicy] = []
        for change in [
            { (p: inout BufferingPolicy) in p.resumeAfter = -1 }, { $0.resumeAfter = .nan },
            { $0.forwardBufferDuration = 0 }, { $0.forwardBufferDuration = .infinity },
            { $0.maximumForwardBytes = 1000 }, { $0.maximumBackwardBytes = -1 }, { $0.networkTimeout = 0.5 },
        ] {
            var policy = BufferingPolicy.standard
            change(&policy)
            policies.append(policy)
        }
        for policy in policies {
            #expect(throws: PlayerError.self) { try policy.check() }
            #expect(throws: PlayerError.self) { try EngineCommand.setBufferingPolicy(policy).checkArguments() }
        }
    }

    @Test func languageListsAreParsedAndChecked() throws {
        #expect(LanguageList.parse("ja, en,,pt-BR ") == ["ja", "en", "pt-BR"])
        try LanguageList.check(["ja", "eng", "pt-BR", "und"])
        for bad in [[""], ["en;rm"], ["e n"], [String(repeating: "a", count: 17)], ["日本"]] {
            #expect(throws: PlayerError.self) { try LanguageList.check(bad) }
        }
        var item = MediaItem(url: URL(fileURLWithPath: "/a.mp4"))
        item.preferredSubtitleLanguages = ["en,de"]
        #expect(throws: PlayerError.self) { try EngineCommand.load(LoadRequest(item: item)).checkArguments() }
    }
}
