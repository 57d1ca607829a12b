import Foundation
import ReelComposable
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// A composable app that drives two players (a main one and a trailer) from one store: each
/// `PlayerFeature` names its own engine, and each `Player` is handed its scope.
@MainActor
@Suite("Two players in one store")
struct TwoPlayersTests {
    struct App: Reducer {
        struct State: Equatable {
            var main = PlayerFeature.State()
            var trailer = PlayerFeature.State()
        }

        enum Action: Equatable, Sendable {
            case main(PlayerFeature.Action)
            case trailer(PlayerFeature.Action)
        }

        let mainEngine: FakeEngine
        let trailerEngine: FakeEngine

        var body: CombineReducers<State, Action> {
            Scope(
                state: \.main,
                action: ActionCase(embed: Action.main, extract: { if case .main(let a) = $0 { a } else { nil } })
            ) { PlayerFeature(engine: mainEngine) }
            Scope(
                state: \.trailer,
                action: ActionCase(embed: Action.trailer, extract: { if case .trailer(let a) = $0 { a } else { nil } })
            ) { PlayerFeature(engine: trailerEngine) }
        }
    }

    @Test func eachPlayerDrivesItsOwnEngineAndFollowsItsOwnEvents() async throws {
        let (mainEngine, trailerEngine) = (FakeEngine(), FakeEngine())
        let store = Store(
            initialState: App.State(), reducer: App(mainEngine: mainEngine, trailerEngine: trailerEngine))
        let main = Player(store: store.scope(state: \.main, action: { .main($0) }), engine: mainEngine)
        let trailer = Player(store: store.scope(state: \.trailer, action: { .trailer($0) }), engine: trailerEngine)
        let film = MediaItem(url: URL(string: "https://media.test/film.mp4")!, title: "Film")
        let teaser = MediaItem(url: URL(string: "https://media.test/teaser.mp4")!, title: "Teaser")

        try main.load(film)
        try trailer.load(teaser, autoplay: false)
        try await main.until(state: .playing)
        try await trailer.until(status: .ready)
        #expect(trailer.state == .paused(reason: .userInitiated))
        #expect(main.title == "Film" && trailer.title == "Teaser")
        #expect(mainEngine.sentCommands.count == 1 && trailerEngine.sentCommands.count == 1)

        try trailer.play()
        try main.pause()
        #expect(mainEngine.sentCommands.last == .pause)
        #expect(trailerEngine.sentCommands.last == .play)
        try await trailer.until(state: .playing)
        #expect(main.state == .paused(reason: .userInitiated))
        #expect(store.state.trailer.playerState == .playing)

        await main.shutdown()
        await trailer.shutdown()
    }
}
