import Foundation

/// Named counters that tasks can await: "until at least N things happened, or the timeout".
///
/// Server threads and engine log handlers call ``increment(_:)``; tests await
/// ``wait(for:atLeast:timeout:)``. A class with
/// a lock rather than an actor, because the threads that count are not in Swift concurrency and
/// must not block or hop to count; it is `@unchecked Sendable` because every stored property is
/// guarded by `lock`.
package final class CountSignal: @unchecked Sendable {
    private struct Waiter {
        var key: String
        var target: Int
        var continuation: CheckedContinuation<Bool, Never>
        var timer: Task<Void, Never>?
    }

    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var waiters: [UUID: Waiter] = [:]

    /// Creates counters that all start at zero.
    package init() {}

    /// The current value of `key`'s counter.
    package func count(_ key: String) -> Int { lock.withLock { counts[key, default: 0] } }

    /// The sum of every counter.
    package var total: Int { lock.withLock { counts.values.reduce(0, +) } }

    /// Adds `amount` (one by default) to `key`'s counter and resumes the waiters it satisfies.
    package func increment(_ key: String, by amount: Int = 1) {
        let ready: [Waiter] = lock.withLock {
            counts[key, default: 0] += amount
            let value = counts[key, default: 0]
            let ids = waiters.filter { $0.value.key == key && $0.value.target <= value }.map(\.key)
            return ids.compactMap { waiters.removeValue(forKey: $0) }
        }
        for waiter in ready {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: true)
        }
    }

    /// Whether `key`'s counter reached `target` before `timeout` passed (false also when the
    /// calling task is cancelled).
    package func wait(for key: String, atLeast target: Int, timeout: Duration) async -> Bool {
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let settled: Bool? = lock.withLock {
                    if counts[key, default: 0] >= target { return true }
                    if Task.isCancelled { return false }
                    waiters[id] = Waiter(key: key, target: target, continuation: continuation)
                    return nil
                }
                if let settled {
                    continuation.resume(returning: settled)
                    return
                }
                let timer = Task {
                    try? await Task.sleep(for: timeout)
                    self.finish(id, reached: false)
                }
                let keep = lock.withLock { () -> Bool in
                    guard waiters[id] != nil else { return false }
                    waiters[id]?.timer = timer
                    return true
                }
                if !keep { timer.cancel() }
            }
        } onCancel: {
            finish(id, reached: false)
        }
    }

    private func finish(_ id: UUID, reached: Bool) {
        guard let waiter = lock.withLock({ waiters.removeValue(forKey: id) }) else { return }
        waiter.timer?.cancel()
        waiter.continuation.resume(returning: reached)
    }
}
