/// A feature's logic: how an action changes state, and what work follows.
///
/// ```swift
/// struct Counter: Reducer {
///     struct State: Equatable { var count = 0 }
///     enum Action: Equatable { case incrementTapped }
///     func reduce(into state: inout State, action: Action) -> Effect<Action> {
///         state.count += 1
///         return .none
///     }
/// }
/// ```
///
/// A reducer is a pure function of state and action. Anything that touches the world (an
/// engine command, a timer, a network call) is returned as an ``Effect``, which the ``Store``
/// runs, so the same action always does the same thing: sending `.play` twice plays twice.
///
/// A feature made of other reducers declares a ``body`` instead of ``reduce(into:action:)``:
///
/// ```swift
/// struct WatchFeature: Reducer {
///     struct State: Equatable { var player = PlayerFeature.State(), ends = 0 }
///     enum Action: Equatable { case player(PlayerFeature.Action) }
///     static let player = ActionCase<Action, PlayerFeature.Action>(
///         embed: Action.player, extract: { if case .player(let action) = $0 { action } else { nil } })
///
///     var body: CombineReducers<State, Action> {
///         Scope(state: \.player, action: Self.player) { PlayerFeature() }
///         Reduce { state, action in
///             if case .player(.engine(.itemEnded)) = action { state.ends += 1 }
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
    private let run: (inout State, Action) -> Effect<Action>

    /// Wraps a closure.
    public init(_ run: @escaping (inout State, Action) -> Effect<Action>) { self.run = run }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> { run(&state, action) }
}

/// Runs reducers one after another on the same state and action, merging their effects.
///
/// ```swift
/// CombineReducers {
///     Scope(state: \State.player, action: Action.playerCase) { PlayerFeature() }
///     Reduce { state, action in … }
/// }
/// ```
public struct CombineReducers<State, Action>: Reducer {
    private let reducers: [any Reducer<State, Action>]

    /// Combines the reducers the builder lists, in order.
    public init(@ReducerBuilder<State, Action> _ build: () -> CombineReducers<State, Action>) {
        self = build()
    }

    init(reducers: [any Reducer<State, Action>]) { self.reducers = reducers }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        .merge(reducers.map { $0.reduce(into: &state, action: action) })
    }
}

/// Lists reducers for ``CombineReducers``.
@resultBuilder
public enum ReducerBuilder<State, Action> {
    /// One reducer.
    public static func buildExpression(_ reducer: some Reducer<State, Action>) -> [any Reducer<State, Action>] {
        [reducer]
    }

    /// Several reducers, in order.
    public static func buildBlock(_ parts: [any Reducer<State, Action>]...) -> [any Reducer<State, Action>] {
        parts.flatMap { $0 }
    }

    /// An optional reducer.
    public static func buildOptional(_ part: [any Reducer<State, Action>]?) -> [any Reducer<State, Action>] {
        part ?? []
    }

    /// One branch of a condition.
    public static func buildEither(first part: [any Reducer<State, Action>]) -> [any Reducer<State, Action>] { part }

    /// The other branch of a condition.
    public static func buildEither(second part: [any Reducer<State, Action>]) -> [any Reducer<State, Action>] { part }

    /// The reducers, combined.
    public static func buildFinalResult(_ parts: [any Reducer<State, Action>]) -> CombineReducers<State, Action> {
        CombineReducers(reducers: parts)
    }
}
