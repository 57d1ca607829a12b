import Clocks
import Foundation
import ReelComposable
import ReelCore
import ReelExamples
import ReelTesting
import Testing

@MainActor
@Suite("SkipIntroFeature")
struct SkipIntroFeatureTests {
    typealias Intro = SkipIntroFeature.Intro

    let clock = TestClock()
    let now = TestNow()
    let ids = SequentialIDs()
    let item = MediaItem(url: URL(fileURLWithPath: "/media/episode.mkv"), title: "Episode 1")
    let chapters = [
        Chapter(title: "Cold open", start: 0), Chapter(title: "Intro", start: 20), Chapter(title: "Part 1", start: 50),
    ]

    func makeStore(fallbackIntro: Intro? = nil) -> TestStore<SkipIntroFeature.State, SkipIntroFeature.Action> {
        let (now, ids) = (now, ids)
        return TestStore(
            initialState: SkipIntroFeature.State(),
            reducer: SkipIntroFeature(
                player: PlayerFeature(
                    clock: clock, now: { now.now }, makeItemID: { ids.make() }, tickInterval: .seconds(1000),
                    readinessDeadline: .none),
                fallbackIntro: fallbackIntro))
    }

    /// Loads the item (300 s long, with `chapters`) and answers like an engine until it plays.
    func loadAndPlay(
        _ store: TestStore<SkipIntroFeature.State, SkipIntroFeature.Action>, chapters: [Chapter], intro: Intro?
    ) async {
        let t = now.now
        let request = LoadRequest(item: item, id: ItemID(rawValue: 1))
        await store.send(.player(.queue(.loadRequested(item)))) {
            $0.player.playback.apply(.sent(.load(request), reason: .user), at: t)
            $0.player.queue = PlayQueue([item])
            $0.player.queue = PlayQueue([item])
        }
        store.expectCommands(.load(request))
        await store.open(request.id, duration: 300, properties: [.chapters(chapters)], at: t) { event, state in
            // The intro is known once the item is open.
            if event == .playbackRestarted { state.intro = intro }
        }
    }

    /// Lets playback run to `position` and refreshes the displayed position as the player's ticker does.
    func play(
        _ store: TestStore<SkipIntroFeature.State, SkipIntroFeature.Action>, to position: TimeInterval
    ) async {
        now.advance(by: position - store.state.player.elapsedTime)
        await store.send(.player(.timerTicked)) { $0.player.elapsedTime = position }
    }

    @Test func theButtonShowsDuringTheIntroChapterAndSkipsToTheNextChapter() async {
        let store = makeStore()
        await loadAndPlay(store, chapters: chapters, intro: Intro(start: 20, end: 50))
        #expect(!store.state.isSkipIntroVisible)
        await play(store, to: 19)
        #expect(!store.state.isSkipIntroVisible)
        await play(store, to: 20)
        #expect(store.state.isSkipIntroVisible)

        await store.send(.skipIntroTapped) { $0.isIntroSkipped = true }
        #expect(!store.state.isSkipIntroVisible)
        let t = now.now
        await store.receive(.player(.transport(.seekRequested(to: 50)))) {
            $0.player.playback.apply(.sent(.seek(.absolute(50), precision: .exact), reason: .user), at: t)
            $0.player.elapsedTime = 50
        }
        store.expectCommands(.seek(.absolute(50), precision: .exact))
        await store.engine(.playbackRestarted, at: t)
        await store.pauseAndFinish(at: t)
    }

    @Test func aSkippedIntroStaysHiddenUntilAnotherItemLoads() async {
        let store = makeStore()
        await loadAndPlay(store, chapters: chapters, intro: Intro(start: 20, end: 50))
        await play(store, to: 30)
        await store.send(.skipIntroTapped) { $0.isIntroSkipped = true }
        var t = now.now
        await store.receive(.player(.transport(.seekRequested(to: 50)))) {
            $0.player.playback.apply(.sent(.seek(.absolute(50), precision: .exact), reason: .user), at: t)
            $0.player.elapsedTime = 50
        }
        store.expectCommands(.seek(.absolute(50), precision: .exact))

        // Seeking back into the intro does not bring the button back, and a second tap does nothing.
        await store.send(.player(.transport(.seekRequested(to: 25)))) {
            $0.player.playback.apply(.sent(.seek(.absolute(25), precision: .exact), reason: .user), at: t)
            $0.player.elapsedTime = 25
        }
        store.expectCommands(.seek(.absolute(25), precision: .exact))
        #expect(!store.state.isSkipIntroVisible)
        await store.send(.skipIntroTapped)

        // Another item gets its own button.
        now.advance(by: 1)
        t = now.now
        let next = MediaItem(url: URL(fileURLWithPath: "/media/episode2.mkv"), title: "Episode 2")
        let request = LoadRequest(item: next, id: ItemID(rawValue: 2))
        await store.send(.player(.queue(.loadRequested(next)))) {
            $0.player.playback.apply(.sent(.load(request), reason: .user), at: t)
            $0.player.queue = PlayQueue([next])
            $0.player.elapsedTime = 0
            $0.intro = nil
            $0.isIntroSkipped = false
        }
        store.expectCommands(.load(request))
        await store.finish()
    }

    @Test func theButtonHidesAfterTheIntroWithoutATap() async {
        let store = makeStore()
        await loadAndPlay(store, chapters: chapters, intro: Intro(start: 20, end: 50))
        await play(store, to: 49)
        #expect(store.state.isSkipIntroVisible)
        await play(store, to: 50)
        #expect(!store.state.isSkipIntroVisible)
        #expect(!store.state.isIntroSkipped)
        await store.pauseAndFinish(at: now.now)
    }

    @Test func anItemWithoutChaptersUsesTheExplicitTimes() async {
        let store = makeStore(fallbackIntro: Intro(start: 5, end: 35))
        await loadAndPlay(store, chapters: [], intro: Intro(start: 5, end: 35))
        await play(store, to: 10)
        #expect(store.state.isSkipIntroVisible)
        await store.send(.skipIntroTapped) { $0.isIntroSkipped = true }
        let t = now.now
        await store.receive(.player(.transport(.seekRequested(to: 35)))) {
            $0.player.playback.apply(.sent(.seek(.absolute(35), precision: .exact), reason: .user), at: t)
            $0.player.elapsedTime = 35
        }
        store.expectCommands(.seek(.absolute(35), precision: .exact))
        await store.finish()
    }

    @Test func withoutChaptersOrExplicitTimesThereIsNoButton() async {
        let store = makeStore()
        await loadAndPlay(store, chapters: [], intro: nil)
        await play(store, to: 10)
        #expect(!store.state.isSkipIntroVisible)
        await store.send(.skipIntroTapped)
        await store.pauseAndFinish(at: now.now)
    }

    @Test func chaptersWithoutAnIntroShowNoButtonEvenWithExplicitTimes() async {
        let store = makeStore(fallbackIntro: Intro(start: 5, end: 35))
        let chapters = [Chapter(title: "Part 1", start: 0), Chapter(title: "Part 2", start: 60)]
        await loadAndPlay(store, chapters: chapters, intro: nil)
        await play(store, to: 10)
        #expect(!store.state.isSkipIntroVisible)
        await store.pauseAndFinish(at: now.now)
    }
}
