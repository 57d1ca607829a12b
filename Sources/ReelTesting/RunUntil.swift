import Foundation
import ReelComposable
import ReelCore
import ReelPlayer

/// A condition a test waited for did not hold before its deadline.
public struct RunUntilTimeout: Error, CustomStringConvertible {
    /// What was awaited.
    public var condition: String
    /// The player's state when the time ran out, when a player was awaited.
    public var lastState: PlayerState?
    /// The player's position, in seconds, when the time ran out, when a player was awaited.
    public var lastPosition: TimeInterval?
    /// How long the test waited.
    public var timeout: Duration

    public var description: String {
        "Timed out after \(timeout) waiting for \(condition)"
            + (lastState.map { "; the player was \($0)" } ?? "")
            + (lastPosition.map { " at \($0) s." } ?? ".")
    }
}

/// Run-until helpers in the spirit of Media3's `TestPlayerRunHelper`: wait for a condition on a
/// ``Player`` by observing it, never by sleeping.
extension Player {
    /// Waits until `predicate` holds, re-checking after every observable change.
    /// - Throws: ``RunUntilTimeout`` when `timeout` passes first.
    public func until(
        _ condition: String, timeout: Duration = .seconds(10), _ predicate: @MainActor (Player) -> Bool
    ) async throws(RunUntilTimeout) {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while !predicate(self) {
            guard await nextChange(before: deadline) else {
                throw RunUntilTimeout(
                    condition: condition, lastState: state, lastPosition: currentTime, timeout: timeout)
            }
        }
    }

    /// Waits until ``/ReelPlayer/Player/state`` equals `state`.
    public func until(state expected: PlayerState, timeout: Duration = .seconds(10)) async throws(RunUntilTimeout) {
        try await until("state \(expected)", timeout: timeout) { $0.state == expected }
    }

    /// Waits until the item's status equals `status`.
    public func until(status expected: ItemStatus, timeout: Duration = .seconds(10)) async throws(RunUntilTimeout) {
        try await until("status \(expected)", timeout: timeout) { $0.playback.status == expected }
    }

    /// Waits until playback has passed `position` seconds (the position is extrapolated, so this
    /// checks again at the moment the position should be reached, and at every change).
    public func until(position: TimeInterval, timeout: Duration = .seconds(10)) async throws(RunUntilTimeout) {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while currentTime < position {
            let rate = playback.anchor.rate
            let wait: Duration =
                rate > 0 ? .milliseconds(Int(max(1, (position - currentTime) / rate * 1000))) : .seconds(3600)
            guard await nextChange(before: min(deadline, ContinuousClock.now.advanced(by: wait))) else {
                if ContinuousClock.now >= deadline {
                    throw RunUntilTimeout(
                        condition: "position \(position)", lastState: state, lastPosition: currentTime, timeout: timeout
                    )
                }
                continue
            }
        }
    }

    private func nextChange(before deadline: ContinuousClock.Instant) async -> Bool {
        await ObservationWait.nextChange(before: deadline) { _ = self.playback }
    }
}

extension Store {
    /// Waits until `predicate` holds for the store's state, re-checking after every change.
    /// - Throws: ``RunUntilTimeout`` when `timeout` passes first.
    public func until(
        _ condition: String, timeout: Duration = .seconds(10), _ predicate: @MainActor (State) -> Bool
    ) async throws(RunUntilTimeout) {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while !predicate(state) {
            guard await ObservationWait.nextChange(before: deadline, observing: { _ = self.state }) else {
                throw RunUntilTimeout(condition: condition, lastState: nil, lastPosition: nil, timeout: timeout)
            }
        }
    }
}
