import ReelComposable

/// An app's own rule for when the controls show, beyond the built-in ``DisplayStyle``s
/// (`controls.displayStyle = .policy(…)`): a function the control overlay asks on a tap on the
/// video, on pointer movement over it, and at every update (each input event and tick: at least
/// every quarter second while the player plays, and when its state changes), and
/// whose answer it sends to the store.
///
/// ```swift
/// // Shown while paused, hidden one second into playback; a tap shows them again.
/// let policy = DisplayPolicy { event, situation in
///     switch event {
///     case .tap: return .show
///     case .hover: return nil
///     case .update:
///         if situation.state.playerState != .playing { return .show }
///         return situation.idleTime >= 1 ? .hide : nil
///     }
/// }
/// context[ControlOverlay.self].displayStyle = .policy(policy)
/// ```
///
/// Whether the controls are shown stays the store's `PlayerFeature.State.controlsVisible`: the
/// policy only says what to send. Code shows and hides them as with any other style but
/// ``DisplayStyle/always`` and ``DisplayStyle/never``. Two policies are equal when one is a
/// copy of the other.
public struct DisplayPolicy: Hashable, Sendable {
    /// What the overlay asks about.
    public enum Event: Hashable, Sendable {
        /// The user tapped the video (where the built-in styles toggle).
        case tap
        /// The pointer moved over the video.
        case hover
        /// Time passed or the state changed: every input event and tick (a host ticks at least
        /// every quarter second while the player plays, and whenever the state changes).
        case update
    }

    /// What the policy wants done.
    public enum Decision: Hashable, Sendable {
        /// Show the controls (sends `.controls(.showRequested)` when they are hidden).
        case show
        /// Hide them (sends `.controls(.hideRequested)` when they are shown).
        case hide
    }

    /// What the policy decides from.
    public struct Situation: Sendable {
        /// Whether the controls are shown now (the store's `controlsVisible`).
        public var isPresented: Bool
        /// The player's state.
        public var state: PlayerFeature.State
        /// Seconds the controls have sat untouched over playing video: since the last input,
        /// since they were shown, or since playback last resumed, whichever came last; 0 while
        /// the player does not play, a scrub runs or a control holds the pointer (the built-in
        /// auto style hides once it reaches its delay).
        public var idleTime: Double
        /// The input time now, in seconds.
        public var time: Double

        /// Creates a situation (tests of a policy make their own).
        public init(isPresented: Bool, state: PlayerFeature.State, idleTime: Double, time: Double) {
            self.isPresented = isPresented
            self.state = state
            self.idleTime = idleTime
            self.time = time
        }
    }

    private final class Identity: Sendable {}

    private let identity = Identity()
    private let rule: @MainActor @Sendable (Event, Situation) -> Decision?

    /// Creates a policy: `rule` answers show, hide, or nil to leave the controls as they are.
    public init(_ rule: @escaping @MainActor @Sendable (Event, Situation) -> Decision?) { self.rule = rule }

    /// What the policy decides on `event` in `situation`.
    @MainActor
    public func decide(_ event: Event, _ situation: Situation) -> Decision? { rule(event, situation) }

    /// Whether one is a copy of the other.
    public static func == (lhs: DisplayPolicy, rhs: DisplayPolicy) -> Bool { lhs.identity === rhs.identity }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(identity)) }
}
