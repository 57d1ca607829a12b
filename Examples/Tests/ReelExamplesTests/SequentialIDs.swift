import ReelCore
import Synchronization

/// Hands out item identifiers 1, 2, 3, …
final class SequentialIDs: Sendable {
    private let next = Mutex<UInt64>(0)

    /// The next identifier.
    func make() -> ItemID {
        next.withLock {
            $0 += 1
            return ItemID(rawValue: $0)
        }
    }
}
