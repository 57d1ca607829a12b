import Synchronization
import Testing

@testable import ReelMPV

/// Counts calls from any thread.
private final class CallCount: Sendable {
    private let calls = Atomic<Int>(0)
    var value: Int { calls.load(ordering: .relaxed) }
    func add() { calls.add(1, ordering: .relaxed) }
}

@Suite("VideoRendererCallbacks")
struct VideoRendererCallbacksTests {
    /// libmpv signals about once per frame: half an hour of 30 fps is ~54 000 signals. Each must
    /// cost what the first did; a handler that grew a chain of thunks at every signal made this
    /// loop take ~10 s in a release build.
    @Test func aSignalCostsTheSameAfterThousandsOfFrames() {
        let callbacks = VideoRendererCallbacks(backend: .software)
        let count = CallCount()
        callbacks.setUpdateHandler { count.add() }
        let signals = 60_000
        let elapsed = ContinuousClock().measure {
            for _ in 0..<signals { reelVideoRendererUpdate(callbacks.updateContext) }
        }
        #expect(count.value == signals)
        #expect(elapsed < .seconds(2))  // a few milliseconds when each signal costs the same
    }

    @Test func aNewHandlerReplacesTheOld() {
        let callbacks = VideoRendererCallbacks(backend: .software)
        let first = CallCount()
        let second = CallCount()
        callbacks.setUpdateHandler { first.add() }
        callbacks.signalUpdate()
        callbacks.setUpdateHandler { second.add() }
        callbacks.signalUpdate()
        callbacks.signalUpdate()
        #expect(first.value == 1)
        #expect(second.value == 2)
    }
}
