import Foundation
import ReelComposable
import ReelCore

/// Retries an item that failed for the network, after 1 s, 2 s, 4 s … (SuperPlayer left it
/// commented out).
///
/// ```swift
/// let feature = RetryFeature(baseDelay: .seconds(1), maxAttempts: 5)
/// let store = Store(initialState: RetryFeature.State(), reducer: feature) {
///     $0.playbackEngine = engine
/// }
/// store.bridge(engine.events) { .player(.engine($0)) }
/// store.send(.player(.queue(.loadRequested(item))))
/// // in the view: "Retrying in 2 s (attempt 2 of 5)", or a Retry button once store.state.gaveUp
/// ```
///
/// When the item fails with ``PlayerError/Code/networkUnreachable`` or an HTTP 5xx status, the
/// feature sends the player's ``PlayerFeature/Action/retryTapped`` (which reloads the item where
/// it stopped) after `baseDelay × 2^(attempt − 1)` on its clock, up to ``maxAttempts`` times, then
/// gives up. Other failures (a missing file, an unsupported format, HTTP 404) are not retried. A
/// load or a stop cancels a pending retry; a successful start (the item is ready) resets the count,
/// and a retry tapped after giving up starts the count over.
public struct RetryFeature: Reducer, Sendable {
    /// The feature's state.
    public struct State: Equatable, Sendable {
        /// The embedded player.
        public var player: PlayerFeature.State
        /// How many retries were scheduled since the item last started well.
        public var attempt: Int
        /// The delay of the pending retry, if one is scheduled.
        public var nextRetryIn: Duration?
        /// Whether the feature stopped retrying after ``RetryFeature/maxAttempts``.
        public var gaveUp: Bool

        /// Creates the state.
        public init(
            player: PlayerFeature.State = PlayerFeature.State(), attempt: Int = 0, nextRetryIn: Duration? = nil,
            gaveUp: Bool = false
        ) {
            self.player = player
            self.attempt = attempt
            self.nextRetryIn = nextRetryIn
            self.gaveUp = gaveUp
        }
    }

    /// What can happen to the feature.
    public enum Action: Equatable, Sendable {
        /// An action of the embedded player; the feature sends ``PlayerFeature/Action/retryTapped``.
        case player(PlayerFeature.Action)

        /// Where the player's actions sit in this feature's.
        static let playerCase = ActionCase<Action, PlayerFeature.Action>(
            embed: { .player($0) },
            extract: {
                if case .player(let action) = $0 { action } else { nil }
            })
    }

    /// Cancellation ids of the feature's effects.
    private enum CancelID: Hashable, Sendable {
        case retry
    }

    /// The embedded player feature.
    public let player: PlayerFeature
    /// The delay before the first retry; each further retry waits twice as long.
    public let baseDelay: Duration
    /// How many retries are made before giving up.
    public let maxAttempts: Int
    private let clock: any Clock<Duration>

    /// Creates the feature around `player`, whose clock also paces the retries.
    public init(
        player: PlayerFeature = PlayerFeature(), baseDelay: Duration = .seconds(1), maxAttempts: Int = 5
    ) {
        self.player = player
        self.baseDelay = baseDelay
        self.maxAttempts = maxAttempts
        self.clock = player.clock
    }

    /// Whether a failure is worth retrying: the network, or the server's own trouble.
    public static func isRetryable(_ error: PlayerError) -> Bool {
        switch error.code {
        case .networkUnreachable: true
        case .httpStatus(let status): (500...599).contains(status)
        default: false
        }
    }

    /// Runs the player, then reacts to the player's new state.
    public var body: CombineReducers<State, Action> {
        Scope(state: \.player, action: Action.playerCase) { player }
        Reduce(react)
    }

    /// Runs after the player has reduced the action, so it sees the player's new state.
    private func react(_ state: inout State, _ action: Action) -> Effect<Action> {
        guard case .player(let child) = action else { return .none }
        switch child {
        case .queue(.loadRequested), .transport(.stopRequested):
            // Something else plays now: forget the failed item.
            state.attempt = 0
            state.gaveUp = false
            state.nextRetryIn = nil
            return .cancel(id: CancelID.retry)
        case .transport(.retryTapped):
            if state.gaveUp {
                // Tapped by the user after giving up: a fresh round of retries.
                state.attempt = 0
                state.gaveUp = false
            }
            state.nextRetryIn = nil
            return .cancel(id: CancelID.retry)
        case .engine(.itemEnded(_, .failed)), .engine(.commandFailed(.load, _)):
            guard case .failed(let error) = state.player.playback.status, Self.isRetryable(error),
                state.nextRetryIn == nil, !state.gaveUp
            else { return .none }
            return scheduleRetry(in: &state)
        default:
            if state.player.playback.status == .ready, state.attempt > 0 || state.gaveUp {
                state.attempt = 0
                state.gaveUp = false
            }
            return .none
        }
    }

    private func scheduleRetry(in state: inout State) -> Effect<Action> {
        guard state.attempt < maxAttempts else {
            state.gaveUp = true
            return .none
        }
        state.attempt += 1
        let delay = baseDelay * (1 << (state.attempt - 1))
        state.nextRetryIn = delay
        let clock = clock
        return .run { send in
            do { try await clock.sleep(for: delay) } catch { return }
            await send(.player(.transport(.retryTapped)))
        }
        .cancellable(id: CancelID.retry, cancelInFlight: true)
    }
}
