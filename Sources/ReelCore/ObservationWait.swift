import Dispatch
import NIOConcurrencyHelpers
import Observation

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

    /// Resumes after the next change of what `observe` reads (true), or at `deadline` or when
    /// the task is cancelled (false).
    public static func nextChange(
        before deadline: ContinuousClock.Instant, observing observe: @escaping @MainActor () -> Void
    ) async -> Bool {
        let once = NIOLockedValueBox<CheckedContinuation<Bool, Never>?>(nil)
        let resume: @Sendable (Bool) -> Void = { value in
            let continuation = once.withLockedValue { stored in
                defer { stored = nil }
                return stored
            }
            continuation?.resume(returning: value)
        }
        // A dispatch timer, not a sleeping task: a cancelled `Task.sleep` stays registered with
        // the executor (its task and timer allocated) until its deadline, so with a 15 s timeout
        // every change observed kept about 1 KiB for 15 s (#14). A cancelled source is released.
        let timer = DispatchSource.makeTimerSource(queue: .global())
        let changed = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                once.withLockedValue { $0 = continuation }
                // A cancellation before the continuation was stored found nothing to resume.
                if Task.isCancelled { resume(false) }
                withObservationTracking {
                    observe()
                } onChange: {
                    // willSet semantics: let the change land before the caller looks again.
                    Task { @MainActor in resume(true) }
                }
                timer.schedule(deadline: dispatchTime(at: deadline))
                // Sendable, so not isolated to the main actor: the handler runs on a dispatch queue.
                timer.setEventHandler { @Sendable in resume(false) }
                timer.resume()
            }
        } onCancel: {
            resume(false)
        }
        timer.cancel()
        return changed
    }

    /// `deadline` on the dispatch clock: the time left from now, at least zero.
    static func dispatchTime(at deadline: ContinuousClock.Instant) -> DispatchTime {
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return .now() }
        let (seconds, attoseconds) = remaining.components
        guard seconds < Int64.max / 1_000_000_000 - 1 else { return .distantFuture }
        return .now() + .nanoseconds(Int(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }
}
