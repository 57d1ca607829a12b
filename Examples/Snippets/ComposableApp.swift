import Foundation
import Reel

/// An app's feature holding the player's, as a TCA app does.
struct AppFeature: Reducer {
    struct State: Equatable {
        var player = PlayerFeature.State()
        var itemsStarted = 0
    }

    enum Action: Equatable {
        case player(PlayerFeature.Action)
    }

    var body: CombineReducers<State, Action> {
        Scope(state: \.player, action: ActionCase(embed: Action.player, extract: \.player)) { PlayerFeature() }
        Reduce { state, action in
            if case .player(.engine(.itemStarted)) = action { state.itemsStarted += 1 }
            return .none
        }
    }
}

extension AppFeature.Action {
    var player: PlayerFeature.Action? { if case .player(let action) = self { action } else { nil } }
}

@MainActor
func runApp(clipURL: URL) async throws -> Player {
    let engine = try MPVEngine(configuration: .headless)
    let store = Store(initialState: AppFeature.State(), reducer: AppFeature()) {
        $0.playbackEngine = engine
    }
    // The player feeds the engine's events into the app's store: do not bridge them again.
    let player = Player(store: store.scope(state: \.player, action: { .player($0) }), engine: engine)
    try player.load(MediaItem(url: clipURL))  // the same as store.send(.player(.load(…)))
    _ = await player.wait(timeout: .seconds(10)) { $0.status == .ready }
    store.send(.player(.scrub(.began)))
    store.send(.player(.scrub(.changed(to: 42))))
    print(store.state.player.currentLabel, store.state.itemsStarted)  // "0:42" 1
    store.send(.player(.scrub(.ended)))  // seeks once, then resumes
    return player
}
