import Foundation
import ReelCore

extension Player {
    /// The playback position (``currentTime``) every `interval` while the player plays, and
    /// whenever it moves while it does not (a seek, another item): AVPlayer's
    /// `addPeriodicTimeObserver(forInterval:queue:using:)` as a stream.
    ///
    /// The first element is the position now; a position equal to the last one handed out is
    /// not repeated. A consumer slower than `interval` gets the latest position, not a backlog.
    /// Stop by cancelling the task that iterates it (or dropping the stream); it finishes at
    /// ``shutdown()``.
    ///
    /// ```swift
    /// for await seconds in player.periodicTime(every: .milliseconds(500)) {
    ///     print(seconds)
    /// }
    /// ```
    ///
    /// - Parameter interval: How often to report while playing; at least 10 ms.
    public func periodicTime(every interval: Duration) -> AsyncStream<TimeInterval> {
        let interval = max(interval, .milliseconds(10))
        let (stream, continuation) = AsyncStream<TimeInterval>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let task = Task { [weak self] in
            var last: TimeInterval?
            while !Task.isCancelled {
                // No strong reference outlives this line: a stream nobody shut down does not
                // keep the player (and its engine) alive.
                guard
                    let (time, playing) = self.flatMap({ $0.isShutDown ? nil : ($0.currentTime, $0.state == .playing) })
                else { break }
                if time != last {
                    continuation.yield(time)
                    last = time
                }
                if playing {
                    // The period itself, not a wait for something to happen.
                    try? await Task.sleep(for: interval)
                } else {
                    // Not playing: nothing moves until the playback state changes.
                    let observe: @MainActor () -> Void = { [weak self] in _ = self?.playback }
                    _ = await ObservationWait.nextChange(
                        before: ContinuousClock.now.advanced(by: .seconds(3600)), observing: observe)
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
