/// Runs ``Effect``s for a store: synchronous work at once and in order, with the store's
/// dependencies; async work in tasks that can be cancelled by id. Shared by ``Store`` and
/// `ReelTesting`'s `TestStore`.
@MainActor
package final class EffectRunner<Action: Sendable> {
    /// What synchronous effects read.
    package let dependencies: DependencyValues
    private let deliver: @MainActor (Action) -> Void
    private var tasks: [UInt64: Task<Void, Never>] = [:]
    private var cancellables: [EffectID: Set<UInt64>] = [:]
    private var nextTask: UInt64 = 0

    /// Creates a runner whose synchronous effects read `dependencies`, and which hands the
    /// actions effects send back to `deliver`.
    package init(dependencies: DependencyValues, deliver: @escaping @MainActor (Action) -> Void) {
        self.dependencies = dependencies
        self.deliver = deliver
    }

    /// The number of async effects still running.
    package var inFlight: Int { tasks.count }

    /// Runs `effect`; returns the tasks it started.
    package func run(_ effect: Effect<Action>) -> [Task<Void, Never>] {
        run(effect, ids: [])
    }

    /// Cancels every running effect.
    package func cancelAll() {
        for task in tasks.values { task.cancel() }
    }

    private func run(_ effect: Effect<Action>, ids: [EffectID]) -> [Task<Void, Never>] {
        switch effect.operation {
        case .none:
            return []
        case .sync(let work):
            if let action = work(dependencies) { deliver(action) }
            return []
        case .run(let work):
            nextTask += 1
            let id = nextTask
            let send = Send<Action> { [weak self] action in await self?.deliver(action) }
            let task = Task { [weak self] in
                await work(send)
                self?.finished(id, ids: ids)
            }
            tasks[id] = task
            for cancellation in ids { cancellables[cancellation, default: []].insert(id) }
            return [task]
        case .merge(let effects):
            return effects.flatMap { run($0, ids: ids) }
        case .cancellable(let id, let cancelInFlight, let inner):
            if cancelInFlight { cancel(id) }
            return run(inner, ids: ids + [id])
        case .cancel(let id):
            cancel(id)
            return []
        }
    }

    private func cancel(_ id: EffectID) {
        for task in cancellables.removeValue(forKey: id) ?? [] { tasks[task]?.cancel() }
    }

    private func finished(_ task: UInt64, ids: [EffectID]) {
        tasks[task] = nil
        for id in ids { cancellables[id]?.remove(task) }
    }
}

/// The async work an action started; await it, or cancel it.
public struct StoreTask: Sendable {
    let tasks: [Task<Void, Never>]

    /// Wraps the tasks an action started (test stores build their own).
    package init(_ tasks: [Task<Void, Never>]) { self.tasks = tasks }

    /// Waits until every effect the action started has finished.
    public func finish() async {
        for task in tasks { await task.value }
    }

    /// Cancels every effect the action started.
    public func cancel() {
        for task in tasks { task.cancel() }
    }

    /// Whether the action started no async work, or all of it is cancelled.
    public var isCancelled: Bool { tasks.allSatisfy(\.isCancelled) }
}
