import NIOConcurrencyHelpers
import ReelCore

/// A host clock the test moves by hand: pass `{ now.now }` where a feature asks for the time.
public final class TestNow: Sendable {
    private let time: NIOLockedValueBox<HostTime>

    /// Creates a clock pinned at `start`.
    public init(start: HostTime = HostTime(seconds: 1000)) { time = NIOLockedValueBox(start) }

    /// The pinned host time.
    public var now: HostTime { time.withLockedValue { $0 } }

    /// Moves the host time forward by `seconds`.
    public func advance(by seconds: Double) { time.withLockedValue { $0 = $0.advanced(by: seconds) } }
}

/// Hands out item identifiers 1, 2, 3, … so tests can name the loads they expect.
public final class SequentialIDs: Sendable {
    private let next = NIOLockedValueBox<UInt64>(0)

    /// Creates a sequence that starts at 1.
    public init() {}

    /// The next identifier.
    public func make() -> ItemID {
        next.withLockedValue {
            $0 += 1
            return ItemID(rawValue: $0)
        }
    }
}
