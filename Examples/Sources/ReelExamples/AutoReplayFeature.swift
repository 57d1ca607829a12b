import ReelComposable
import ReelCore

/// Plays the item again from the start each time it reaches its end, and counts the replays.
///
/// ```swift
/// let store = Store(initialState: AutoReplayFeature.State(), reducer: AutoReplayFeature()) {
///     $0.playbackEngine = engine
/// }
/// store.bridge(engine.events) { .player(.engine($0)) }
/// store.send(.player(.queue(.loadRequested(item))))
/// store.send(.autoReplayToggled(false))  // the next end stays on the replay button
/// ```
///
/// The feature watches the child's engine events for the end of the media (`endReached(true)`, or
/// an item that ended with ``EndReason/endOfMedia``) and answers with the child's own
/// ``PlayerFeature/Action/play(reason:)``, which seeks an ended item to 0 and plays it. Unlike the
/// engine's ``LoopMode/item``, each replay passes through the app, which can count it or stop it.
public struct AutoReplayFeature: Reducer, Sendable {
    /// The feature's state.
    public struct State: Equatable, Sendable {
        /// The embedded player.
        public var player: PlayerFeature.State
        /// Whether an ended item plays again.
        public var isEnabled: Bool
        /// How many times an item was replayed.
        public var replayCount: Int

        /// Creates the state; auto-replay is on by default.
        public init(player: PlayerFeature.State = PlayerFeature.State(), isEnabled: Bool = true, replayCount: Int = 0) {
            self.player = player
            self.isEnabled = isEnabled
            self.replayCount = replayCount
        }
    }

    /// What can happen to the feature.
    public enum Action: Equatable, Sendable {
        /// An action of the embedded player.
        case player(PlayerFeature.Action)
        /// The auto-replay switch was turned on or off.
        case autoReplayToggled(Bool)

        /// Where the player's actions sit in this feature's.
        static let playerCase = ActionCase<Action, PlayerFeature.Action>(
            embed: { .player($0) },
            extract: {
                if case .player(let action) = $0 { action } else { nil }
            })
    }

    /// The embedded player feature.
    public let player: PlayerFeature

    /// Creates the feature around `player` (real dependencies by default).
    public init(
        player: PlayerFeature = PlayerFeature()
    ) {
        self.player = player
    }

    /// Runs the player, then reacts to the player's new state.
    public var body: CombineReducers<State, Action> {
        Scope(state: \.player, action: Action.playerCase) { player }
        Reduce(react)
    }

    /// Runs after the player has reduced the action, so it sees the player's new state.
    private func react(_ state: inout State, _ action: Action) -> Effect<Action> {
        switch action {
        case .autoReplayToggled(let isEnabled):
            state.isEnabled = isEnabled
            return .none
        case .player(let child):
            guard state.isEnabled, Self.endsMedia(child), state.player.playback.status == .ended else { return .none }
            state.replayCount += 1
            // The player's own `play` seeks an ended item to 0 first.
            return .send(.player(.transport(.playRequested())))
        }
    }

    /// Whether `action` is the engine saying that the media reached its end.
    private static func endsMedia(_ action: PlayerFeature.Action) -> Bool {
        switch action {
        case .engine(.property(.endReached(true))), .engine(.itemEnded(_, .endOfMedia)): true
        default: false
        }
    }
}
