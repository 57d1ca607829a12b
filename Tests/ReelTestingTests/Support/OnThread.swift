import Foundation

/// Runs blocking work (socket reads, child processes) on a thread of its own, so that it never
/// occupies one of Swift concurrency's few cooperative threads.
func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}
