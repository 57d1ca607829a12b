import ReelComposable
import ReelContainer
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

/// What a policy was asked, in order.
@MainActor
final class PolicyLog {
    var events: [DisplayPolicy.Event] = []
    var idleTimes: [Double] = []
}

@MainActor
@Suite("Custom display styles")
struct DisplayPolicyTests {
    @Test func customShowsAndHidesOnlyFromCode() async throws {
        let harness = ContainerHarness(configuration: ControlVisibilityTests.configuration(.custom))
        let controls = harness.container.controls
        try await harness.load()
        harness.tick(60)
        #expect(harness.state.controlsVisible)  // no countdown
        harness.click(Point(x: 100, y: 100), at: 61)
        harness.tick(62)
        #expect(harness.state.controlsVisible)  // a tap changes nothing
        harness.container.perform(.player(.controls(.hideRequested)))
        #expect(!harness.state.controlsVisible)
        harness.send(.pointerMoved(Point(x: 50, y: 50), time: 63))
        harness.click(Point(x: 100, y: 100), at: 64)
        harness.tick(65)
        harness.container.perform(.toggleControls)
        #expect(!harness.state.controlsVisible)  // neither hover, nor a tap, nor a toggle
        harness.store.send(.controls(.showRequested))
        harness.tick(66)
        #expect(harness.state.controlsVisible)  // the store's word stands
        harness.container.perform(.player(.controls(.hideRequested)))
        harness.tick(67)
        #expect(!controls.isPresented)
        harness.container.perform(.player(.controls(.showRequested)))
        #expect(controls.isPresented)
    }

    @Test func anAppsPolicyDecidesOnTapsHoverAndTime() async throws {
        let log = PolicyLog()
        // Shown while not playing, hidden after a second of playback left alone; a tap shows them.
        let policy = DisplayPolicy { event, situation in
            log.events.append(event)
            log.idleTimes.append(situation.idleTime)
            switch event {
            case .tap: return .show
            case .hover: return nil
            case .update:
                if situation.state.playerState != .playing { return .show }
                return situation.idleTime >= 1 ? .hide : nil
            }
        }
        let harness = ContainerHarness(configuration: ControlVisibilityTests.configuration(.policy(policy)))
        let controls = harness.container.controls
        try await harness.load()
        harness.tick(0)
        harness.tick(0.9)
        #expect(harness.state.controlsVisible)
        harness.tick(1)
        #expect(!harness.state.controlsVisible)
        harness.send(.pointerMoved(Point(x: 50, y: 50), time: 2))
        #expect(!harness.state.controlsVisible)  // hover: no opinion
        #expect(log.events.contains(.hover))
        harness.click(Point(x: 100, y: 100), at: 3)
        harness.tick(3.4)  // the tap is known once the double-tap window has closed
        #expect(harness.state.controlsVisible)
        #expect(log.events.contains(.tap))
        harness.tick(4.5)  // over a second after the tap
        #expect(!harness.state.controlsVisible)

        harness.store.send(.transport(.pauseRequested()))
        try await harness.store.until("paused") { $0.playerState != .playing }
        harness.container.perform(.toggleControls)  // before any tick: nothing counts while paused
        #expect(log.idleTimes.last == 0)
        harness.tick(5)
        #expect(harness.state.controlsVisible)
        harness.tick(30)
        #expect(harness.state.controlsVisible)
        #expect(log.idleTimes.last == 0)  // nothing counts while paused
        harness.store.send(.transport(.playRequested()))
        try await harness.store.until("playing") { $0.playerState == .playing }
        harness.tick(30.9)
        #expect(harness.state.controlsVisible)  // counted from the resume
        harness.tick(31)
        #expect(!harness.state.controlsVisible)
        harness.container.perform(.player(.controls(.showRequested)))  // code shows them under a policy too
        #expect(controls.isPresented)
    }

    @Test func policiesAreEqualToTheirCopiesOnly() {
        let policy = DisplayPolicy { _, _ in nil }
        let copy = policy
        let other = DisplayPolicy { _, _ in nil }
        #expect(policy == copy)
        #expect(policy != other)
        #expect(DisplayStyle.policy(policy) == .policy(copy))
        #expect(DisplayStyle.policy(policy) != .custom)
        #expect(Set([policy, copy, other]).count == 2)
    }
}
