import Foundation
import NIOConcurrencyHelpers

/// Values recorded on another thread (a bus thread), and a way to wait until they satisfy a
/// condition, without polling: every record wakes the waiters, which check again.
final class Recorder<Value: Sendable>: Sendable {
    private struct State {
        var values: [Value] = []
        var waiters:
            [UInt64: (predicate: @Sendable ([Value]) -> Bool, continuation: CheckedContinuation<Bool, Never>)] =
                [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = NIOLockedValueBox(State())

    /// Everything recorded so far.
    var values: [Value] { state.withLockedValue { $0.values } }

    /// Records `value` and wakes the waiters whose condition now holds.
    func record(_ value: Value) {
        let woken = state.withLockedValue { state in
            state.values.append(value)
            let values = state.values
            let ready = state.waiters.filter { $0.value.predicate(values) }
            for key in ready.keys { state.waiters[key] = nil }
            return ready.values.map(\.continuation)
        }
        for continuation in woken { continuation.resume(returning: true) }
    }

    /// Returns true as soon as `predicate` holds for the values recorded, false after `timeout`.
    func wait(timeout: Duration = .seconds(30), until predicate: @escaping @Sendable ([Value]) -> Bool) async -> Bool {
        let id = state.withLockedValue { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            let continuation = state.withLockedValue { $0.waiters.removeValue(forKey: id)?.continuation }
            continuation?.resume(returning: false)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            let satisfied = state.withLockedValue { state in
                if predicate(state.values) { return true }
                state.waiters[id] = (predicate, continuation)
                return false
            }
            if satisfied { continuation.resume(returning: true) }
        }
    }
}
