/// A feature's logic: how an action changes state, and what work follows.
///
/// ```swift
/// struct Counter: Reducer {
///     struct State: Equatable { var count = 0 }
///     enum Action: Equatable { case incrementTapped, resetTapped }
///     func reduce(into state: inout State, action: Action) -> Effect<Action> {
///         switch action {
///         case .incrementTapped: state.count += 1
///         case .resetTapped: state.count = 0
///         }
///         return .none
///     }
/// }
/// ```
///
/// A reducer is a pure function of state and action. Anything that touches the world (a
/// timer, a network call, a player engine's command) is returned as an ``Effect``, which the
/// ``Store`` runs, so the same action always does the same thing.
///
/// A feature made of other reducers declares a ``body`` instead of ``reduce(into:action:)``:
///
/// ```swift
/// struct TwoCounters: Reducer {
///     struct State: Equatable { var first = Counter.State(), second = Counter.State(), total = 0 }
///     enum Action: Equatable { case first(Counter.Action), second(Counter.Action) }
///     static let first = ActionCase<Action, Counter.Action>(
///         embed: Action.first, extract: { if case .first(let action) = $0 { action } else { nil } })
///     static let second = ActionCase<Action, Counter.Action>(
///         embed: Action.second, extract: { if case .second(let action) = $0 { action } else { nil } })
///
///     var body: CombineReducers<State, Action> {
///         Scope(state: \.first, action: Self.first) { Counter() }
///         Scope(state: \.second, action: Self.second) { Counter() }
///         Reduce { state, _ in
///             state.total = state.first.count + state.second.count
///             return .none
///         }
///     }
/// }
/// ```
public protocol Reducer<State, Action> {
    /// The feature's state.
    associatedtype State
    /// What can happen to the feature.
    associatedtype Action
    /// The reducer this one is made of, or `Never` for one that implements ``reduce(into:action:)``.
    associatedtype Body

    /// Changes `state` for `action` and returns the work to do next.
    func reduce(into state: inout State, action: Action) -> Effect<Action>

    /// The reducers this one runs, in order.
    @ReducerBuilder<State, Action>
    var body: Body { get }
}

extension Reducer where Body == Never {
    /// A reducer that implements ``reduce(into:action:)`` has no body.
    public var body: Never {
        fatalError("\(Self.self) implements reduce(into:action:) and has no body.")
    }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
    /// Runs ``body``.
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        body.reduce(into: &state, action: action)
    }
}

/// A reducer made from a closure.
///
/// ```swift
/// Reduce<State, Action> { state, action in
///     state.log.append(action)
///     return .none
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
    @usableFromInline let run: (inout State, Action) -> Effect<Action>

    /// Wraps a closure.
    @inlinable
    public init(_ run: @escaping (inout State, Action) -> Effect<Action>) { self.run = run }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> { run(&state, action) }
}

/// Runs reducers one after another on the same state and action, merging their effects.
///
/// ```swift
/// CombineReducers {
///     Scope(state: \TwoCounters.State.first, action: TwoCounters.first) { Counter() }
///     Reduce { state, action in … }
/// }
/// ```
public struct CombineReducers<State, Action>: Reducer {
    @usableFromInline let reducers: [any Reducer<State, Action>]

    /// Combines the reducers the builder lists, in order.
    public init(@ReducerBuilder<State, Action> _ build: () -> CombineReducers<State, Action>) {
        self = build()
    }

    @usableFromInline
    init(reducers: [any Reducer<State, Action>]) { self.reducers = reducers }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        .merge(reducers.map { $0.reduce(into: &state, action: action) })
    }
}

/// Lists reducers for ``CombineReducers``.
@resultBuilder
public enum ReducerBuilder<State, Action> {
    /// One reducer.
    @inlinable
    public static func buildExpression(_ reducer: some Reducer<State, Action>) -> [any Reducer<State, Action>] {
        [reducer]
    }

    /// Several reducers, in order.
    @inlinable
    public static func buildBlock(_ parts: [any Reducer<State, Action>]...) -> [any Reducer<State, Action>] {
        parts.flatMap { $0 }
    }

    /// An optional reducer.
    @inlinable
    public static func buildOptional(_ part: [any Reducer<State, Action>]?) -> [any Reducer<State, Action>] {
        part ?? []
    }

    /// One branch of a condition.
    @inlinable
    public static func buildEither(first part: [any Reducer<State, Action>]) -> [any Reducer<State, Action>] { part }

    /// The other branch of a condition.
    @inlinable
    public static func buildEither(second part: [any Reducer<State, Action>]) -> [any Reducer<State, Action>] { part }

    /// The reducers, combined.
    @inlinable
    public static func buildFinalResult(_ parts: [any Reducer<State, Action>]) -> CombineReducers<State, Action> {
        CombineReducers(reducers: parts)
    }
}
