import ReelComposable
import ReelCore
import ReelPlayer

/// Every ``/ReelPlayer/Player/state`` a player goes through, recorded at the moment it changes
/// (not when an observer gets round to it), for tests that assert exact sequences of transitions.
///
/// ```swift
/// let transitions = player.recordStates()
/// try player.load(item)
/// try await player.until(state: .paused(reason: .endOfMedia))
/// #expect(transitions.states == [.buffering(reason: .evaluatingBufferRate), .playing, .paused(reason: .endOfMedia)])
/// ```
@MainActor
public final class StateRecorder {
    /// The states after each transition, oldest first (the state at the start is not included).
    public private(set) var states: [PlayerState] = []
    private var observation: StoreObservation?

    init(_ player: Player) {
        observation = player.store.observeChanges { [weak self] old, new in
            guard old.playerState != new.playerState else { return }
            self?.states.append(new.playerState)
        }
    }

    isolated deinit { observation?.cancel() }

    /// Stops recording.
    public func stop() { observation?.cancel() }
}

extension Player {
    /// Records every transition of ``/ReelPlayer/Player/state`` from now on.
    public func recordStates() -> StateRecorder { StateRecorder(self) }
}
