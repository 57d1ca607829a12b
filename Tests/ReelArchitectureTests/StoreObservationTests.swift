import Observation
import ReelArchitecture
import Testing

/// A counter whose state the store's observers watch.
private struct Tally: Reducer {
    struct State: Equatable {
        var count = 0
        var label = "none"
    }
    enum Action: Sendable {
        case increment
        case rename(String)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .increment: state.count += 1
        case .rename(let label): state.label = label
        }
        return .none
    }
}

/// Counts the changes an observation saw; the flag lives on the main actor.
@MainActor
private final class ChangeCount {
    var value = 0
}

@MainActor
@Suite("Store observation")
struct StoreObservationTests {
    @Test func readingTheStateObservesEveryChange() {
        let store = Store(initialState: Tally.State(), reducer: Tally())
        let changes = ChangeCount()
        observe(changes) { _ = store.state.count }
        store.send(.increment)
        #expect(changes.value == 1)
        // An observation fires once; observe again, then change another field of the state.
        observe(changes) { _ = store.state.count }
        store.send(.rename("two"))
        #expect(changes.value == 2)
        #expect(store.state == Tally.State(count: 1, label: "two"))
    }

    @Test func aScopedStoreObservesItsParent() {
        let store = Store(initialState: Tally.State(), reducer: Tally())
        let child = store.scope(state: \.count, action: { (action: Tally.Action) in action })
        let changes = ChangeCount()
        observe(changes) { _ = child.state }
        store.send(.increment)
        #expect(changes.value == 1)
        #expect(child.state == 1)
    }

    @Test func notReadingTheStateObservesNothing() {
        let store = Store(initialState: Tally.State(), reducer: Tally())
        let changes = ChangeCount()
        observe(changes) { _ = store.effectsInFlight }
        store.send(.increment)
        #expect(changes.value == 0)
    }

    /// Runs `read` under observation tracking and counts the change it sees in `changes`.
    private func observe(_ changes: ChangeCount, _ read: @escaping @MainActor () -> Void) {
        withObservationTracking {
            read()
        } onChange: {
            MainActor.assumeIsolated { changes.value += 1 }
        }
    }
}
