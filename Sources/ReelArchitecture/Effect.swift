/// Work a reducer asks for: synchronous work with the store's dependencies, async work that
/// sends actions back, or nothing.
///
/// ```swift
/// let reset: Effect<Counter.Action> = .run { send in
///     try await clock.sleep(for: .seconds(3))
///     await send(.resetTapped)
/// }
/// .cancellable(id: "reset", cancelInFlight: true)
/// let track: Effect<Counter.Action> = .sync { dependencies in
///     dependencies.analytics.track("increment")
///     return nil
/// }
/// ```
///
/// Effects are values; the ``Store`` runs them. Synchronous work (``sync(_:)``) runs inside the
/// store's `send`, in the order returned; async work runs in tasks on the main actor's behalf
/// and can be cancelled by id.
public struct Effect<Action>: Sendable {
    /// What the effect does. `@usableFromInline`, like the constructors' `@inlinable`, lets a
    /// feature in another module build its effects without calls into unspecialised generic code
    /// (PlayerFeature's reducer ran at less than half its rate without).
    @usableFromInline
    indirect enum Operation: Sendable {
        case none
        case sync(@MainActor @Sendable (DependencyValues) -> Action?)
        case run(@Sendable (Send<Action>) async -> Void)
        case merge([Effect])
        case cancellable(id: EffectID, cancelInFlight: Bool, Effect)
        case cancel(id: EffectID)
    }

    @usableFromInline let operation: Operation

    @usableFromInline
    init(_ operation: Operation) { self.operation = operation }

    /// No work.
    @inlinable
    public static var none: Effect { Effect(.none) }

    /// Does `work` at once, inside the ``Store/send(_:)`` that reduced the action and before it
    /// returns, in the order the reducer returned it among the action's other synchronous work.
    /// `work` reads the store's ``DependencyValues``; the action it returns, if any, is sent back
    /// at once.
    ///
    /// ```swift
    /// let track: Effect<Counter.Action> = .sync { dependencies in
    ///     dependencies.analytics.track("increment")
    ///     return nil
    /// }
    /// ```
    ///
    /// For work whose order with the next action matters and that does not wait: a player
    /// feature's engine commands (a play after its load) are such effects. Work that waits is
    /// ``run(_:)``.
    @inlinable
    public static func sync(_ work: @escaping @MainActor @Sendable (DependencyValues) -> Action?) -> Effect {
        Effect(.sync(work))
    }

    /// Runs async work that may send actions back.
    @inlinable
    public static func run(_ operation: @escaping @Sendable (Send<Action>) async -> Void) -> Effect {
        Effect(.run(operation))
    }

    /// Runs async, throwing work; an error is turned into an action by `catch`, or dropped.
    @inlinable
    public static func run(
        _ operation: @escaping @Sendable (Send<Action>) async throws -> Void,
        catch handler: (@Sendable (any Error, Send<Action>) async -> Void)? = nil
    ) -> Effect {
        Effect(
            .run { send in
                do {
                    try await operation(send)
                } catch is CancellationError {
                } catch {
                    await handler?(error, send)
                }
            })
    }

    /// Sends an action back at once (after the current one is reduced).
    @inlinable
    public static func send(_ action: Action) -> Effect where Action: Sendable {
        Effect(.run { send in await send(action) })
    }

    /// Runs several effects side by side.
    @inlinable
    public static func merge(_ effects: [Effect]) -> Effect {
        let work = effects.filter {
            if case .none = $0.operation { false } else { true }
        }
        switch work.count {
        case 0: return .none
        case 1: return work[0]
        default: return Effect(.merge(work))
        }
    }

    /// Runs several effects side by side.
    @inlinable
    public static func merge(_ effects: Effect...) -> Effect { merge(effects) }

    /// Cancels the work of the effects marked with `id`.
    @inlinable
    public static func cancel(id: some Hashable & Sendable) -> Effect { Effect(.cancel(id: EffectID(id))) }

    /// Marks this effect's async work with `id`, so ``cancel(id:)`` can stop it; with
    /// `cancelInFlight`, work already marked with `id` is cancelled first.
    @inlinable
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
        Effect(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self))
    }

    /// Turns the actions this effect sends into another domain's.
    @inlinable
    public func map<Other>(_ transform: @escaping @Sendable (Action) -> Other) -> Effect<Other> {
        switch operation {
        case .none: return .none
        case .sync(let work):
            return Effect<Other>(.sync { dependencies in work(dependencies).map(transform) })
        case .run(let work):
            return Effect<Other>(.run { send in await work(Send { action in await send(transform(action)) }) })
        case .merge(let effects): return Effect<Other>(.merge(effects.map { $0.map(transform) }))
        case .cancellable(let id, let cancelInFlight, let effect):
            return Effect<Other>(.cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform)))
        case .cancel(let id): return Effect<Other>(.cancel(id: id))
        }
    }
}

/// Sends actions from an effect back into its store. Safe to call from any task.
public struct Send<Action>: Sendable {
    private let deliver: @Sendable (Action) async -> Void

    /// Creates a sender.
    public init(_ deliver: @escaping @Sendable (Action) async -> Void) { self.deliver = deliver }

    /// Sends `action`, unless the effect was cancelled.
    public func callAsFunction(_ action: Action) async {
        guard !Task.isCancelled else { return }
        await deliver(action)
    }
}

/// A cancellation identifier. `@unchecked Sendable` is sound: it is only made from values that
/// are `Hashable & Sendable`.
@usableFromInline
struct EffectID: Hashable, @unchecked Sendable {
    @usableFromInline let base: AnyHashable

    @usableFromInline
    init(_ id: some Hashable & Sendable) { base = AnyHashable(id) }
}
