import ReelArchitecture
import Testing

@MainActor
@Suite("Effects")
struct EffectTests {
    @Test func synchronousEffectsRunInsideSendInTheOrderReturned() {
        let entries = Entries()
        let store = Store(initialState: Counter.State(), reducer: Counter()) { $0.journal = entries.journal }
        store.send(.writeThree)
        // The action the second effect sent back was reduced, and its own effect ran, before the third.
        #expect(entries.values == ["first", "noted", "third"])
        #expect(store.effectsInFlight == 0)
    }

    @Test func synchronousEffectsOfSuccessiveActionsKeepTheirOrder() {
        let entries = Entries()
        let store = Store(initialState: Counter.State(), reducer: Counter()) { $0.journal = entries.journal }
        store.send(.incrementTapped)
        store.send(.writeThree)
        store.send(.incrementTapped)
        #expect(entries.values == ["count", "first", "noted", "third", "count"])
        #expect(store.state.count == 2)
    }

    @Test func asyncWorkSendsItsActionsBackAfterSendReturns() async {
        let entries = Entries()
        let store = Store(initialState: Counter.State(), reducer: Counter()) { $0.journal = entries.journal }
        let task = store.send(.delayedIncrement)
        #expect(store.state.count == 0)
        await task.finish()
        #expect(store.state.count == 1)
        #expect(entries.values == ["count"])
        #expect(store.effectsInFlight == 0)
    }

    @Test func cancellingByIDStopsTheWorkAndDropsWhatItSends() async {
        let store = Store(initialState: Counter.State(), reducer: Counter())
        let timer = store.send(.timerStarted)
        #expect(store.effectsInFlight == 1)
        #expect(!timer.isCancelled)
        store.send(.cancelTapped)
        #expect(timer.isCancelled)
        await timer.finish()
        #expect(store.state.ticks == 0)
        #expect(store.effectsInFlight == 0)
    }

    @Test func cancelInFlightReplacesTheWorkUnderTheSameID() async {
        let store = Store(initialState: Counter.State(), reducer: Counter())
        let first = store.send(.timerStarted)
        let second = store.send(.timerStarted)
        #expect(first.isCancelled)
        #expect(!second.isCancelled)
        await first.finish()
        #expect(store.effectsInFlight == 1)
        second.cancel()
        await second.finish()
        #expect(store.state.ticks == 0)
        #expect(store.effectsInFlight == 0)
    }

    @Test func mergeKeepsTheWorkOfItsEffectsAndDropsNone() {
        let entries = Entries()
        let reducer = Reduce<Counter.State, Counter.Action> { _, _ in
            .merge(
                .none,
                .sync { dependencies in
                    dependencies.journal.write("only")
                    return nil
                },
                .none)
        }
        let store = Store(initialState: Counter.State(), reducer: reducer) { $0.journal = entries.journal }
        store.send(.incrementTapped)
        #expect(entries.values == ["only"])
        #expect(store.effectsInFlight == 0)
    }
}
