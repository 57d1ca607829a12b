import ReelArchitecture
import ReelCore

/// The key of `DependencyValues.playbackEngine`.
private enum PlaybackEngineKey: DependencyKey {
    static let liveValue: (any PlaybackEngine)? = nil
}

extension DependencyValues {
    /// The engine a store's ``PlayerFeature`` drives: its commands go there, unless the feature
    /// was given its own (``PlayerFeature/init(engine:clock:now:makeItemID:tickInterval:readinessDeadline:makeShuffleSeed:liveReload:)``).
    /// Nil (the live value) refuses every command with ``/ReelCore/PlayerError/Code/engineGone``.
    ///
    /// ```swift
    /// let store = Store(initialState: PlayerFeature.State(), reducer: PlayerFeature()) {
    ///     $0.playbackEngine = engine
    /// }
    /// store.bridge(engine.events) { .engine($0) }   // what a Player does for its store
    /// ```
    ///
    /// `ReelTesting`'s `TestStore` sets a recorder here, so that a test asserts the commands.
    public var playbackEngine: (any PlaybackEngine)? {
        get { self[PlaybackEngineKey.self] }
        set { self[PlaybackEngineKey.self] = newValue }
    }
}

extension Effect {
    /// Sends `command` to an engine, synchronously and in order with the action's other
    /// commands (``/ReelArchitecture/Effect/sync(_:)``): `target` when given, else the store's
    /// `playbackEngine` dependency. A refusal (for example a call after
    /// teardown, or no engine at all) is turned into an action by `onRefusal`, or dropped when it
    /// is nil.
    ///
    /// ```swift
    /// let play: Effect<PlayerFeature.Action> = .engine(.play)   // a command, never state
    /// ```
    ///
    /// A feature that drives two engines (a main player and a trailer) gives each of its
    /// ``PlayerFeature``s its own engine, and their effects name it as `target`.
    public static func engine(
        _ command: EngineCommand, on target: (any PlaybackEngine)? = nil,
        onRefusal: (@Sendable (PlayerError) -> Action)? = nil
    ) -> Effect {
        .sync { dependencies in
            guard let engine = target ?? dependencies.playbackEngine else {
                return onRefusal?(PlayerError(.engineGone, message: "The store has no engine."))
            }
            do throws(PlayerError) {
                try engine.send(command)
            } catch {
                return onRefusal?(error)
            }
            return nil
        }
    }
}
