/// How a child's actions sit inside a parent's: TCA's case path, without macros.
///
/// ```swift
/// enum Action { case counter(Counter.Action), closeTapped }
/// let counter = ActionCase<Action, Counter.Action>(
///     embed: Action.counter,
///     extract: { if case .counter(let action) = $0 { action } else { nil } }
/// )
/// ```
public struct ActionCase<Parent, Child>: Sendable {
    /// Wraps a child action in the parent's.
    public let embed: @Sendable (Child) -> Parent
    /// Finds the child action in a parent's, if it is one.
    public let extract: @Sendable (Parent) -> Child?

    /// Creates a case from its two directions.
    @inlinable
    public init(embed: @escaping @Sendable (Child) -> Parent, extract: @escaping @Sendable (Parent) -> Child?) {
        self.embed = embed
        self.extract = extract
    }
}

/// Embeds a child reducer in a parent domain: the child sees its part of the state and its own
/// actions; its effects' actions are wrapped back into the parent's.
///
/// ```swift
/// Scope(state: \TwoCounters.State.first, action: TwoCounters.first) { Counter() }
/// ```
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
    @usableFromInline let state: WritableKeyPath<ParentState, Child.State>
    @usableFromInline let action: ActionCase<ParentAction, Child.Action>
    @usableFromInline let child: Child

    /// Scopes `child` to `state` and `action`.
    @inlinable
    public init(
        state: WritableKeyPath<ParentState, Child.State>, action: ActionCase<ParentAction, Child.Action>,
        child: () -> Child
    ) {
        self.state = state
        self.action = action
        self.child = child()
    }

    @inlinable
    public func reduce(into parent: inout ParentState, action parentAction: ParentAction) -> Effect<ParentAction> {
        guard let childAction = action.extract(parentAction) else { return .none }
        return child.reduce(into: &parent[keyPath: state], action: childAction).map(action.embed)
    }
}
