import Foundation
import ReelComposable
import ReelCore

/// Loads paused and starts playing once enough is buffered: SuperPlayer's "play immediately once
/// 3 s are buffered".
///
/// ```swift
/// let feature = PlayWhenBufferedFeature(minimumBuffer: 3)
/// let store = Store(initialState: PlayWhenBufferedFeature.State(), reducer: feature) {
///     $0.playbackEngine = engine
/// }
/// store.bridge(engine.events) { .player(.engine($0)) }
/// store.send(.load(item))  // shows a spinner while store.state.isWaitingForBuffer
/// ```
///
/// After ``Action/load(_:)`` the feature watches the player's buffered ranges: once the range
/// that holds the position reaches ``minimumBuffer`` seconds ahead of it, or the end of the item
/// (within 0.1 s), it sends the player's `play`, once. A play, a load or a stop from elsewhere, or
/// a failure, ends the wait.
public struct PlayWhenBufferedFeature: Reducer, Sendable {
    /// The feature's state.
    public struct State: Equatable, Sendable {
        /// The embedded player.
        public var player: PlayerFeature.State
        /// Whether the feature waits for the buffer to fill before it plays.
        public var isWaitingForBuffer: Bool

        /// Creates the state.
        public init(player: PlayerFeature.State = PlayerFeature.State(), isWaitingForBuffer: Bool = false) {
            self.player = player
            self.isWaitingForBuffer = isWaitingForBuffer
        }

        /// How many seconds are buffered ahead of the displayed position; nil when the position lies
        /// outside every buffered range.
        public var bufferedAhead: TimeInterval? {
            let position = player.elapsedTime
            return player.playback.bufferedRanges.first { $0.contains(position) }.map { $0.end - position }
        }
    }

    /// What can happen to the feature.
    public enum Action: Equatable, Sendable {
        /// An action of the embedded player.
        case player(PlayerFeature.Action)
        /// Open an item paused, and play it once it is buffered.
        case load(MediaItem)

        /// Where the player's actions sit in this feature's.
        static let playerCase = ActionCase<Action, PlayerFeature.Action>(
            embed: { .player($0) },
            extract: {
                if case .player(let action) = $0 { action } else { nil }
            })
    }

    /// How close to the item's end, in seconds, the buffer must reach to count as complete.
    public static let endTolerance: TimeInterval = 0.1

    /// The embedded player feature.
    public let player: PlayerFeature
    /// How many seconds must be buffered ahead of the position before playback starts.
    public let minimumBuffer: TimeInterval

    /// Creates the feature around `player` (real dependencies by default).
    public init(
        player: PlayerFeature = PlayerFeature(), minimumBuffer: TimeInterval = 3
    ) {
        self.player = player
        self.minimumBuffer = minimumBuffer
    }

    /// Runs the player, then reacts to the player's new state.
    public var body: CombineReducers<State, Action> {
        Scope(state: \.player, action: Action.playerCase) { player }
        Reduce(react)
    }

    /// Runs after the player has reduced the action, so it sees the player's new state.
    private func react(_ state: inout State, _ action: Action) -> Effect<Action> {
        switch action {
        case .load(let item):
            state.isWaitingForBuffer = true
            return .send(.player(.queue(.loadRequested(item, autoplay: false))))
        case .player(.transport(.playRequested)), .player(.transport(.playPauseToggled)),
            .player(.transport(.stopRequested)), .player(.queue(.loadRequested(_, autoplay: true, _))):
            // Someone else decided: the wait is over.
            state.isWaitingForBuffer = false
            return .none
        case .player:
            guard state.isWaitingForBuffer else { return .none }
            if case .failed = state.player.playback.status {
                // Nothing will buffer: the player shows the error instead.
                state.isWaitingForBuffer = false
                return .none
            }
            guard isBuffered(state) else { return .none }
            state.isWaitingForBuffer = false
            return .send(.player(.transport(.playRequested())))
        }
    }

    /// Whether enough is buffered ahead of the position, or everything up to the end.
    private func isBuffered(_ state: State) -> Bool {
        let playback = state.player.playback
        guard playback.status == .loading || playback.status == .ready,
            let range = playback.bufferedRanges.first(where: { $0.contains(state.player.elapsedTime) })
        else { return false }
        if range.end - state.player.elapsedTime >= minimumBuffer { return true }
        guard let duration = playback.duration else { return false }
        return range.end >= duration - Self.endTolerance
    }
}
