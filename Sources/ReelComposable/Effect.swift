import ReelCore

/// Work a reducer asks for: engine commands, async work that sends actions back, or nothing.
///
/// ```swift
/// let play: Effect<PlayerFeature.Action> = .engine(.play)   // a command, never state
/// let hide: Effect<PlayerFeature.Action> = .run { send in
///     try await clock.sleep(for: .seconds(3))
///     await send(.controls(.hideRequested))
/// }
/// .cancellable(id: "hide-controls", cancelInFlight: true)
/// ```
///
/// Effects are values; the ``Store`` runs them. Engine commands run synchronously, in the order
/// returned; async work runs in tasks on the main actor's behalf and can be cancelled by id.
public struct Effect<Action>: Sendable {
    /// What the effect does.
    indirect enum Operation: Sendable {
        case none
        case engine(EngineCommand, target: (any PlaybackEngine)?, onRefusal: (@Sendable (PlayerError) -> Action)?)
        case run(@Sendable (Send<Action>) async -> Void)
        case merge([Effect])
        case cancellable(id: EffectID, cancelInFlight: Bool, Effect)
        case cancel(id: EffectID)
    }

    let operation: Operation

    init(_ operation: Operation) { self.operation = operation }

    /// No work.
    public static var none: Effect { Effect(.none) }

    /// Sends `command` to an engine: `target` when given, else the store's. A refusal (for
    /// example a call after teardown) is turned into an action by `onRefusal`, or dropped when it
    /// is nil.
    ///
    /// A feature that drives two engines (a main player and a trailer) gives each of its
    /// ``PlayerFeature``s its own engine, and their effects name it as `target`.
    public static func engine(
        _ command: EngineCommand, on target: (any PlaybackEngine)? = nil,
        onRefusal: (@Sendable (PlayerError) -> Action)? = nil
    ) -> Effect {
        Effect(.engine(command, target: target, onRefusal: onRefusal))
    }

    /// Runs async work that may send actions back.
    public static func run(_ operation: @escaping @Sendable (Send<Action>) async -> Void) -> Effect {
        Effect(.run(operation))
    }

    /// Runs async, throwing work; an error is turned into an action by `catch`, or dropped.
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
    public static func send(_ action: Action) -> Effect where Action: Sendable {
        Effect(.run { send in await send(action) })
    }

    /// Runs several effects side by side.
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
    public static func merge(_ effects: Effect...) -> Effect { merge(effects) }

    /// Cancels the work of the effects marked with `id`.
    public static func cancel(id: some Hashable & Sendable) -> Effect { Effect(.cancel(id: EffectID(id))) }

    /// Marks this effect's async work with `id`, so ``cancel(id:)`` can stop it; with
    /// `cancelInFlight`, work already marked with `id` is cancelled first.
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
        Effect(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self))
    }

    /// Turns the actions this effect sends into another domain's.
    public func map<Other>(_ transform: @escaping @Sendable (Action) -> Other) -> Effect<Other> {
        switch operation {
        case .none: return .none
        case .engine(let command, let target, let onRefusal):
            guard let onRefusal else { return Effect<Other>(.engine(command, target: target, onRefusal: nil)) }
            let mapped: @Sendable (PlayerError) -> Other = { error in transform(onRefusal(error)) }
            return Effect<Other>(.engine(command, target: target, onRefusal: mapped))
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
struct EffectID: Hashable, @unchecked Sendable {
    let base: AnyHashable

    init(_ id: some Hashable & Sendable) { base = AnyHashable(id) }
}
