import Observation
import ReelCore
import Testing

/// ``ObservationWait``: a change resumes the wait, a deadline ends it, and its deadline timer
/// fires off the main actor without tripping the actor's isolation check.
@MainActor
@Suite("ObservationWait", .timeLimit(.minutes(1)))
struct ObservationWaitTests {
    @Observable @MainActor
    final class Counter {
        var value = 0
    }

    @Test func aChangeEndsTheWait() async {
        let counter = Counter()
        Task { counter.value = 1 }
        let observe: @MainActor () -> Void = { _ = counter.value }
        let held = await ObservationWait.until(timeout: .seconds(30), observing: observe) {
            counter.value == 1
        }
        #expect(held)
    }

    @Test func aPassedDeadlineEndsTheWaitWithFalse() async {
        let counter = Counter()
        let changed = await ObservationWait.nextChange(before: .now) { _ = counter.value }
        #expect(!changed)
    }

    @Test func untilGivesUpAtItsTimeout() async {
        let counter = Counter()
        let observe: @MainActor () -> Void = { _ = counter.value }
        let held = await ObservationWait.until(timeout: .milliseconds(20), observing: observe) {
            counter.value == 1
        }
        #expect(!held)
    }
}
