import ReelCore
import Synchronization

/// A host clock the test moves by hand.
final class TestNow: Sendable {
    private let time = Mutex(HostTime(seconds: 1000))

    /// The pinned host time.
    var now: HostTime { time.withLock { $0 } }

    /// Moves the host time forward.
    func advance(by seconds: Double) { time.withLock { $0 = $0.advanced(by: seconds) } }
}
