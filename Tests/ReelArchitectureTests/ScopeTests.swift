import ReelArchitecture
import Testing

@MainActor
@Suite("Scope")
struct ScopeTests {
    @Test func aChildSeesItsStateAndItsActionsOnly() {
        let store = Store(initialState: TwoCounters.State(), reducer: TwoCounters())
        store.send(.first(.incrementTapped))
        store.send(.second(.incrementTapped))
        store.send(.second(.incrementTapped))
        #expect(store.state.first.count == 1)
        #expect(store.state.second.count == 2)
        #expect(store.state.total == 3)
    }

    @Test func aChildsEffectsSendTheirActionsWrappedInTheParents() async {
        let entries = Entries()
        let store = Store(initialState: TwoCounters.State(), reducer: TwoCounters()) { $0.journal = entries.journal }
        // A synchronous effect's action comes back through the parent (its total follows).
        store.send(.second(.writeThree))
        #expect(entries.values == ["first", "noted", "third"])
        // So does async work's.
        await store.send(.first(.delayedIncrement)).finish()
        #expect(store.state.first.count == 1)
        #expect(store.state.total == 1)
    }

    @Test func aChildsCancellationReachesItsWork() async {
        let store = Store(initialState: TwoCounters.State(), reducer: TwoCounters())
        let timer = store.send(.first(.timerStarted))
        store.send(.first(.cancelTapped))
        await timer.finish()
        #expect(store.state.first.ticks == 0)
        #expect(store.effectsInFlight == 0)
    }

    @Test func aScopedStoreReadsAndSendsThroughItsParent() async {
        let entries = Entries()
        let store = Store(initialState: TwoCounters.State(), reducer: TwoCounters()) { $0.journal = entries.journal }
        let first = store.scope(state: \.first, action: { .first($0) })
        first.send(.incrementTapped)
        #expect(first.state.count == 1)
        #expect(store.state.total == 1)
        // The scoped store's effects run with the root store's dependencies.
        #expect(entries.values == ["count"])
        await first.send(.delayedIncrement).finish()
        #expect(first.state.count == 2)
    }
}
