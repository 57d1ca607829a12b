import Clocks
import ReelComposable
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

/// A tiny domain to check that the test store fails when it should.
private struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable, Sendable { case increment, delayedIncrement, incremented, play, playThenPause, refused }

    let clock: TestClock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .increment, .incremented:
            state.count += 1
            return .none
        case .delayedIncrement:
            return .run { [clock] send in
                try? await clock.sleep(for: .seconds(1))
                await send(.incremented)
            }
        case .play:
            return .engine(.play)
        case .playThenPause:
            return .merge(.engine(.play) { _ in .refused }, .engine(.pause) { _ in .refused })
        case .refused:
            return .none
        }
    }
}

@MainActor
@Suite("TestStore")
struct TestStoreTests {
    let clock = TestClock()

    @Test func aWrongStateAssertionFails() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter(clock: clock))
        await withKnownIssue {
            await store.send(.increment) { $0.count = 2 }
        }
        #expect(store.state.count == 1)
    }

    @Test func anUnassertedCommandFailsTheNextSend() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter(clock: clock))
        await store.send(.play)
        await withKnownIssue {
            await store.send(.increment) { $0.count = 1 }
        }
    }

    @Test func aWrongCommandFails() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter(clock: clock))
        await store.send(.play)
        withKnownIssue { store.expectCommands(.pause) }
    }

    @Test func receivedActionsAreAssertedWithTheClock() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter(clock: clock))
        await store.send(.delayedIncrement)
        await clock.advanceOnceAsleep(by: .seconds(1))
        await store.receive(.incremented) { $0.count = 1 }
        await store.finish()
    }

    @Test func aRunningEffectFailsTheFinish() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter(clock: clock))
        await store.send(.delayedIncrement)
        await withKnownIssue {
            await store.finish(timeout: .milliseconds(50))
        }
    }

    @Test func anActionThatNeverComesFails() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter(clock: clock))
        await withKnownIssue {
            await store.receive(.incremented, timeout: .milliseconds(50))
        }
    }

    @Test func engineCommandsAreRecordedInOrderAndARefusalIsReceivedAtOnce() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter(clock: clock))
        store.refuse = { $0 == .play ? PlayerError(.engineGone) : nil }
        await store.send(.playThenPause)
        store.expectCommands(.pause)
        await store.receive(.refused, timeout: .zero)
        store.refuse = { _ in nil }
        await store.send(.playThenPause)
        store.expectCommands(.play, .pause)
        await store.finish()
    }

    @Test func aTestGivesTheFeatureAnotherEngine() async {
        let engine = FakeEngine()
        let store = TestStore(initialState: Counter.State(), reducer: Counter(clock: clock)) {
            $0.playbackEngine = engine
        }
        await store.send(.play)
        #expect(engine.sentCommands == [.play])
        await store.finish()
    }
}
