import Foundation
import NIOConcurrencyHelpers
import ReelExamples

/// Records the writes made to a ``PositionStore``, in the order they completed.
final class PositionLog: Sendable {
    /// One write.
    enum Write: Equatable, Sendable {
        case save(URL, Double)
        case clear(URL)
    }

    private let log = NIOLockedValueBox<[Write]>([])

    /// The writes so far.
    var writes: [Write] { log.withLockedValue { $0 } }

    /// `base`, with every completed write recorded here.
    func recording(_ base: PositionStore) -> PositionStore {
        PositionStore(
            load: base.load,
            save: { url, position in
                await base.save(url, position)
                self.log.withLockedValue { $0.append(.save(url, position)) }
            },
            clear: { url in
                await base.clear(url)
                self.log.withLockedValue { $0.append(.clear(url)) }
            })
    }
}
