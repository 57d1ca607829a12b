import Observation
import ReelCore

/// The runtime of a feature: it holds the state, reduces actions and runs their effects.
///
/// ```swift
/// let engine = try MPVEngine(configuration: .headless)
/// let store = Store(initialState: PlayerFeature.State(), reducer: PlayerFeature(), engine: engine)
/// store.bridge(engine.events) { .engine($0) }
/// store.send(.queue(.loadRequested(item)))
/// store.send(.transport(.playPauseToggled(reason: .user)))
/// ```
///
/// ### Scoping
/// ``scope(state:action:)`` gives a child feature its own store that reads the parent's state
/// and sends through the parent, so widgets see only what they need.
///
/// ## Threading
/// Main actor only. Engine commands run synchronously inside ``send(_:)``, in the order the
/// reducer returned them; async effects run in tasks and send their actions back here.
///
/// ## Observation
/// The store is `Observable`: reading ``state`` inside `withObservationTracking` observes it.
/// The conformance is written out rather than made by `@Observable`, whose accessors spell the
/// key path `\.storage` at every access: in a generic class that key path is built anew each
/// time (a type looked up by its mangled name), and the state is read many times per redraw.
/// Here it is built once per store.
@MainActor
public final class Store<State, Action: Sendable>: Observable {
    private let registrar = ObservationRegistrar()
    private var observedStorage: State?
    private lazy var storageKeyPath: KeyPath<Store, State?> = \.observedStorage
    private let parentState: (@MainActor () -> State)?
    private var dispatch: (@MainActor (Action) -> StoreTask)!
    private var runner: EffectRunner<Action>?
    private var bridges: [Task<Void, Never>] = []
    /// The root's change observers (see ``observeChanges(_:)``).
    private var changeObservers: [UInt64: @MainActor (State, State) -> Void] = [:]
    private var nextObserver: UInt64 = 0
    /// How a scoped store observes its parent's changes.
    private let observeParent: ((@escaping @MainActor (State, State) -> Void) -> StoreObservation)?

    /// The root store's state, observed (nil in a scoped store, which reads its parent's).
    private var storage: State? {
        get {
            registrar.access(self, keyPath: storageKeyPath)
            return observedStorage
        }
        set {
            registrar.withMutation(of: self, keyPath: storageKeyPath) { observedStorage = newValue }
        }
        _modify {
            let keyPath = storageKeyPath
            registrar.access(self, keyPath: keyPath)
            registrar.willSet(self, keyPath: keyPath)
            defer { registrar.didSet(self, keyPath: keyPath) }
            yield &observedStorage
        }
    }

    /// The current state.
    public var state: State { parentState?() ?? storage! }

    /// Creates a store that runs `reducer`, sending engine effects to the engine they name, else
    /// to `engine` (dropped, with their refusal action, when both are nil).
    public init<R: Reducer>(initialState: State, reducer: R, engine: (any PlaybackEngine)? = nil)
    where R.State == State, R.Action == Action {
        observedStorage = initialState
        parentState = nil
        observeParent = nil
        let runner = EffectRunner<Action>(
            engine: { command, target throws(PlayerError) in
                guard let engine = target ?? engine else {
                    throw PlayerError(.engineGone, message: "The store has no engine.")
                }
                try engine.send(command)
            },
            deliver: { [weak self] action in self?.send(action) })
        self.runner = runner
        dispatch = { [weak self] action in
            guard let self else { return StoreTask([]) }
            let old = self.changeObservers.isEmpty ? nil : self.observedStorage
            let effect = reducer.reduce(into: &self.storage!, action: action)
            if let old, let new = self.observedStorage {
                for observer in self.changeObservers.values { observer(old, new) }
            }
            return StoreTask(runner.run(effect))
        }
    }

    private init(
        parentState: @escaping @MainActor () -> State, dispatch: @escaping @MainActor (Action) -> StoreTask,
        observeParent: @escaping (@escaping @MainActor (State, State) -> Void) -> StoreObservation
    ) {
        observedStorage = nil
        self.parentState = parentState
        self.dispatch = dispatch
        self.observeParent = observeParent
    }

    /// Reduces `action` and starts its effects.
    @discardableResult
    public func send(_ action: Action) -> StoreTask { dispatch(action) }

    /// A store for a child feature: it reads `state` from this store and sends `action` through it.
    public func scope<ChildState, ChildAction>(
        state: KeyPath<State, ChildState>, action: @escaping @MainActor (ChildAction) -> Action
    ) -> Store<ChildState, ChildAction> {
        Store<ChildState, ChildAction>(
            parentState: { [unowned self] in self.state[keyPath: state] },
            dispatch: { [unowned self] childAction in self.send(action(childAction)) },
            observeParent: { [unowned self] body in
                self.observeChanges { old, new in body(old[keyPath: state], new[keyPath: state]) }
            })
    }

    /// Calls `body` with the state before and after every action this store's root reduces,
    /// synchronously, before the action's effects run; until the returned observation is
    /// cancelled. This is how a model built on a store (``ReelPlayer``'s `Player`) turns every
    /// transition into an event, whoever sent the action; apps observe ``state`` instead.
    package func observeChanges(_ body: @escaping @MainActor (State, State) -> Void) -> StoreObservation {
        if let observeParent { return observeParent(body) }
        nextObserver += 1
        let id = nextObserver
        changeObservers[id] = body
        return StoreObservation { [weak self] in self?.changeObservers[id] = nil }
    }

    /// Feeds a stream (such as an engine's events) into this store until the stream ends or
    /// the store is released.
    @discardableResult
    public func bridge<Element: Sendable>(
        _ stream: AsyncStream<Element>, to action: @escaping @MainActor (Element) -> Action
    ) -> Task<Void, Never> {
        let task = Task { [weak self] in
            for await element in stream {
                guard let self else { return }
                self.send(action(element))
            }
        }
        bridges.append(task)
        return task
    }

    /// The number of async effects still running.
    public var effectsInFlight: Int { runner?.inFlight ?? 0 }
}

/// A registration of ``Store/observeChanges(_:)``; cancel it to stop the calls.
@MainActor
package final class StoreObservation {
    private var cancellation: (@MainActor () -> Void)?

    init(_ cancellation: @escaping @MainActor () -> Void) { self.cancellation = cancellation }

    /// Stops the calls. Idempotent.
    package func cancel() {
        cancellation?()
        cancellation = nil
    }
}
