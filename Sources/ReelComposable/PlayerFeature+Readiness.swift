import Foundation
import ReelCore

extension PlayerFeature {
    /// How long an item may wait before it fails with ``/ReelCore/PlayerError/Code/timedOut``:
    /// to open, or to play again once it stalls (buffering, or a seek that does not finish) while
    /// it should be playing. The player stays responsive whatever the engine is stuck in (a
    /// demuxer that spins after the first segment stalls forever). Nil waits forever.
    public struct ReadinessDeadline: Hashable, Sendable {
        /// For local files (`file` addresses).
        public var local: Duration?
        /// For everything else (network streams and manifests).
        public var network: Duration?

        /// Creates a deadline.
        public init(local: Duration?, network: Duration?) {
            self.local = local
            self.network = network
        }

        /// 15 s for local files, 45 s for network items (libmpv's own network timeout is 20 s
        /// without data; a manifest may take several requests).
        public static let standard = ReadinessDeadline(local: .seconds(15), network: .seconds(45))

        /// No deadline.
        public static let none = ReadinessDeadline(local: nil, network: nil)

        /// The deadline for `item`.
        public func duration(for item: MediaItem) -> Duration? { item.url.isFileURL ? local : network }
    }

    /// The deadline of the wait that `waiting` began; a later wait replaces it.
    func readinessTimer(for waiting: (id: ItemID, item: MediaItem)) -> Effect<Action> {
        guard let deadline = readinessDeadline.duration(for: waiting.item) else {
            return .cancel(id: Timer.readiness)
        }
        let clock = clock
        return Effect<Action>.run { send in
            do { try await clock.sleep(for: deadline) } catch { return }
            await send(.readinessDeadlinePassed(waiting.id))
        }
        .cancellable(id: Timer.readiness, cancelInFlight: true)
    }

    /// The item `id` is still waiting at its deadline: it fails with
    /// ``/ReelCore/PlayerError/Code/timedOut``.
    func readinessDeadlinePassed(_ id: ItemID, in state: inout State) -> Effect<Action> {
        guard state.waitingItem?.id == id else { return .none }
        PlaybackReducer.reduce(&state.playback, .abandoned(id, PlayerError(.timedOut)), at: now())
        // The engine may be stuck in a C library: the stop is queued behind it, never awaited,
        // and not recorded (the item stays failed, not unloaded).
        return engineEffect(.stop, reportsRefusal: false)
    }
}
