import Observation
import Synchronization

/// Waiting on `@Observable` models without polling.
@MainActor
public enum ObservationWait {
    /// Returns true as soon as `condition` holds, re-checking after every change of what
    /// `observe` reads, or false when `timeout` passes first.
    ///
    /// ```swift
    /// let observe: @MainActor () -> Void = { _ = model.state }
    /// let ready = await ObservationWait.until(timeout: .seconds(5), observing: observe) { model.state == .ready }
    /// ```
    public static func until(
        timeout: Duration, observing observe: @escaping @MainActor () -> Void, _ condition: () -> Bool
    ) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while !condition() {
            guard await nextChange(before: deadline, observing: observe) else { return condition() }
        }
        return true
    }

    /// Resumes after the next change of what `observe` reads (true), or at `deadline` (false).
    public static func nextChange(
        before deadline: ContinuousClock.Instant, observing observe: @escaping @MainActor () -> Void
    ) async -> Bool {
        let once = Mutex<CheckedContinuation<Bool, Never>?>(nil)
        let resume: @Sendable (Bool) -> Void = { value in
            let continuation = once.withLock { stored in
                defer { stored = nil }
                return stored
            }
            continuation?.resume(returning: value)
        }
        let timer = Mutex<Task<Void, Never>?>(nil)
        let changed = await withCheckedContinuation { continuation in
            once.withLock { $0 = continuation }
            withObservationTracking {
                observe()
            } onChange: {
                // willSet semantics: let the change land before the caller looks again.
                Task { @MainActor in resume(true) }
            }
            let task = Task {
                try? await Task.sleep(until: deadline, clock: .continuous)
                resume(false)
            }
            timer.withLock { $0 = task }
        }
        timer.withLock { $0?.cancel() }
        return changed
    }
}
