import ReelCore
import Testing

@testable import ReelMPV

@Suite("PositionThrottle")
struct PositionThrottleTests {
    private let start = HostTime(nanoseconds: 1_000_000_000)

    private func at(_ seconds: Double) -> HostTime { start.advanced(by: seconds) }

    private func admit(_ throttle: inout PositionThrottle, _ position: Double?, at time: HostTime) -> Bool {
        throttle.admit(position, at: time)
    }

    @Test func steadyPlaybackPassesFourSamplesASecondInsteadOfThirty() {
        var throttle = PositionThrottle()
        throttle.isPaused = false
        var passed = 0
        for frame in 0..<30 {
            let time = Double(frame) / 30
            if admit(&throttle, time, at: at(time)) { passed += 1 }
        }
        #expect(passed == 4)  // at 0, 0.267, 0.533, 0.8
    }

    @Test func aJumpAStallOrASpeedChangeGoesOutAtOnce() {
        var throttle = PositionThrottle()
        throttle.isPaused = false
        #expect(admit(&throttle, 10, at: at(0)))
        #expect(!admit(&throttle, 10.033, at: at(0.033)))
        #expect(admit(&throttle, 42, at: at(0.066)))  // a seek
        #expect(admit(&throttle, 42, at: at(0.2)))  // stalled: 0.13 s behind the prediction
        throttle.speed = 2
        #expect(!admit(&throttle, 42.066, at: at(0.233)))
    }

    @Test func whilePausedAnUnchangedPositionIsHeldAndAMovedOneGoesOut() {
        var throttle = PositionThrottle()
        #expect(admit(&throttle, 5, at: at(0)))
        #expect(!admit(&throttle, 5, at: at(0.1)))
        #expect(admit(&throttle, 7, at: at(0.2)))
    }

    @Test func theHeldSampleIsFlushedOnceBeforeOtherEvents() {
        var throttle = PositionThrottle()
        throttle.isPaused = false
        #expect(admit(&throttle, 1, at: at(0)))
        #expect(!admit(&throttle, 1.1, at: at(0.1)))
        let first = throttle.flush()
        let second = throttle.flush()
        #expect(first == .position(1.1, at: at(0.1)))
        #expect(second == nil)
        // The flushed sample is the new reference.
        #expect(!admit(&throttle, 1.2, at: at(0.2)))
    }

    @Test func anUnknownPositionAlwaysGoesOutAndResets() {
        var throttle = PositionThrottle()
        #expect(admit(&throttle, 3, at: at(0)))
        #expect(admit(&throttle, nil, at: at(0.01)))
        let held = throttle.flush()
        #expect(held == nil)
        #expect(admit(&throttle, 3, at: at(0.02)))
    }
}
