import ReelArchitecture
import Testing

@MainActor
@Suite("Dependencies")
struct DependencyTests {
    @Test func anUnsetDependencyHasItsLiveValue() {
        let store = Store(initialState: Counter.State(), reducer: Counter())
        store.send(.readLimit)
        #expect(store.state.limit == 10)
    }

    @Test func aStoreGivesItsEffectsTheValuesItWasMadeWith() {
        let store = Store(initialState: Counter.State(), reducer: Counter()) { $0.limit = 3 }
        store.send(.readLimit)
        #expect(store.state.limit == 3)
    }

    @Test func anOptionalDependencySetToNilIsNil() {
        let store = Store(initialState: Counter.State(), reducer: Counter()) { $0.limit = nil }
        store.send(.readLimit)
        #expect(store.state.limit == nil)
    }

    @Test func eachStoreHasItsOwnValues() {
        let (left, right) = (Entries(), Entries())
        let one = Store(initialState: Counter.State(), reducer: Counter()) { $0.journal = left.journal }
        let other = Store(initialState: Counter.State(), reducer: Counter()) {
            $0.journal = right.journal
            $0.limit = 7
        }
        one.send(.incrementTapped)
        other.send(.incrementTapped)
        other.send(.incrementTapped)
        one.send(.readLimit)
        other.send(.readLimit)
        #expect(left.values == ["count"])
        #expect(right.values == ["count", "count"])
        #expect(one.state.limit == 10 && other.state.limit == 7)
    }

    @Test func theLastValueSetWins() {
        let store = Store(initialState: Counter.State(), reducer: Counter()) {
            $0.limit = 1
            $0.limit = 2
        }
        store.send(.readLimit)
        #expect(store.state.limit == 2)
    }
}
