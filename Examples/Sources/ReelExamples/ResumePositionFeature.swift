import Foundation
import ReelComposable
import ReelCore

/// Remembers where each item was left and starts it there next time.
///
/// ```swift
/// let feature = ResumePositionFeature(positions: .inMemory())
/// let store = Store(initialState: ResumePositionFeature.State(), reducer: feature) {
///     $0.playbackEngine = engine
/// }
/// store.bridge(engine.events) { .player(.engine($0)) }
/// store.send(.load(item))  // not .player(.queue(.loadRequested)): the saved position is looked up first
/// ```
///
/// - Loading: ``Action/load(_:autoplay:)`` looks the item's URL up in the ``PositionStore`` and
///   loads the item with that ``MediaItem/startPosition``. The duration is only known once the
///   item is open: if the start (of any load with a start position) then turns out to lie within
///   the last ``endMargin`` seconds, the feature seeks to 0 instead.
/// - Saving: while playing, on the player's ticks once the position moved ``saveInterval`` seconds
///   since the last save; on a pause; and before a stop or another load replaces the item.
/// - Clearing: when the item reaches its end.
public struct ResumePositionFeature: Reducer, Sendable {
    /// The feature's state.
    public struct State: Equatable, Sendable {
        /// The embedded player.
        public var player: PlayerFeature.State
        /// The current item's start position, until its duration shows whether it is too close to the end.
        public var pendingResume: TimeInterval?
        /// The position last saved for the current item (or where it started), if any.
        public var lastSavedPosition: TimeInterval?

        /// Creates the state.
        public init(
            player: PlayerFeature.State = PlayerFeature.State(), pendingResume: TimeInterval? = nil,
            lastSavedPosition: TimeInterval? = nil
        ) {
            self.player = player
            self.pendingResume = pendingResume
            self.lastSavedPosition = lastSavedPosition
        }
    }

    /// What can happen to the feature.
    public enum Action: Equatable, Sendable {
        /// An action of the embedded player.
        case player(PlayerFeature.Action)
        /// Open an item where it was left.
        case load(MediaItem, autoplay: Bool = true)
        /// The store answered the lookup of ``load(_:autoplay:)``.
        case savedPositionLoaded(MediaItem, autoplay: Bool, position: TimeInterval?)

        /// Where the player's actions sit in this feature's.
        static let playerCase = ActionCase<Action, PlayerFeature.Action>(
            embed: { .player($0) },
            extract: {
                if case .player(let action) = $0 { action } else { nil }
            })
    }

    /// Cancellation ids of the feature's effects.
    private enum CancelID: Hashable, Sendable {
        case lookup
    }

    /// The embedded player feature.
    public let player: PlayerFeature
    /// Where positions are kept.
    public let positions: PositionStore
    /// How far, in seconds, playback must move before a tick saves the position again.
    public let saveInterval: TimeInterval
    /// A saved position this close to the end, in seconds, starts the item at 0.
    public let endMargin: TimeInterval
    private let now: @Sendable () -> HostTime

    /// Creates the feature around `player` (real dependencies by default).
    public init(
        player: PlayerFeature = PlayerFeature(), positions: PositionStore, saveInterval: TimeInterval = 10,
        endMargin: TimeInterval = 5
    ) {
        self.player = player
        self.positions = positions
        self.saveInterval = saveInterval
        self.endMargin = endMargin
        self.now = player.now
    }

    /// Saves the outgoing item's position, runs the player, then reacts to the player's new state.
    public var body: CombineReducers<State, Action> {
        Reduce(beforePlayer)
        Scope(state: \.player, action: Action.playerCase) { player }
        Reduce(afterPlayer)
    }

    /// Runs before the player reduces the action: a stop or a load is about to replace the item,
    /// so this is the last moment its position is known.
    private func beforePlayer(_ state: inout State, _ action: Action) -> Effect<Action> {
        switch action {
        case .player(.transport(.stopRequested)), .player(.queue(.loadRequested)): save(&state)
        default: .none
        }
    }

    /// Runs after the player has reduced the action, so it sees the player's new state.
    private func afterPlayer(_ state: inout State, _ action: Action) -> Effect<Action> {
        switch action {
        case .load(let item, let autoplay):
            let positions = positions
            return .run { send in
                let position = await positions.load(item.url)
                await send(.savedPositionLoaded(item, autoplay: autoplay, position: position))
            }
            .cancellable(id: CancelID.lookup, cancelInFlight: true)
        case .savedPositionLoaded(var item, let autoplay, let position):
            if let position, position > 0 { item.startPosition = position }
            return .send(.player(.queue(.loadRequested(item, autoplay: autoplay))))
        case .player(let child):
            return react(to: child, in: &state)
        }
    }

    /// The feature's answer to one of the player's actions, after the player reduced it.
    private func react(to action: PlayerFeature.Action, in state: inout State) -> Effect<Action> {
        switch action {
        case .queue(.loadRequested(let item, _, _)):
            state.pendingResume = item.startPosition.flatMap { $0 > 0 ? $0 : nil }
            state.lastSavedPosition = item.startPosition ?? 0
            return .none
        case .transport(.stopRequested):
            state.pendingResume = nil
            state.lastSavedPosition = nil
            return .none
        case .timerTicked:
            let moved = abs(state.player.elapsedTime - (state.lastSavedPosition ?? 0))
            return moved >= saveInterval ? save(&state) : .none
        case .transport(.pauseRequested), .transport(.playPauseToggled), .engine(.property(.paused(true))):
            return state.player.playback.intent.playWhenReady ? .none : save(&state)
        case .engine(.property(.endReached(true))), .engine(.itemEnded(_, .endOfMedia)):
            guard state.player.playback.status == .ended, let url = state.player.playback.item?.url else {
                return .none
            }
            state.pendingResume = nil
            state.lastSavedPosition = nil
            let positions = positions
            return .run { _ in await positions.clear(url) }
        default:
            return checkResume(in: &state)
        }
    }

    /// Once the duration is known, starts over an item that resumed too close to its end.
    private func checkResume(in state: inout State) -> Effect<Action> {
        guard let resumed = state.pendingResume, let duration = state.player.playback.duration else { return .none }
        state.pendingResume = nil
        guard resumed >= duration - endMargin else { return .none }
        state.lastSavedPosition = 0
        return .send(.player(.transport(.seekRequested(to: 0))))
    }

    /// Saves the current item's position, unless nothing plays or it was saved there already.
    private func save(_ state: inout State) -> Effect<Action> {
        let position = state.player.playback.position(at: now())
        guard state.player.playback.status == .ready, let url = state.player.playback.item?.url,
            position != state.lastSavedPosition
        else { return .none }
        state.lastSavedPosition = position
        let positions = positions
        return .run { _ in await positions.save(url, position) }
    }
}
