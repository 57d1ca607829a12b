// Static release builds (`make bench` links ReelBench, which uses ReelTestSupport, with
// --static-swift-stdlib) have no Testing module: what needs it is left out there.
#if canImport(Testing)
    import Clocks
    import Foundation
    import Testing

    extension TestClock where Duration == Swift.Duration {
        /// Advances the clock by `duration` once something sleeps on it.
        ///
        /// `advance(by:)` wakes only the sleeps that are already waiting. An effect that sleeps again
        /// right after sending an action (a ticker, a retry's next delay) does so on its own task,
        /// which may run after the test has advanced: the clock then moves past a sleep that was
        /// never armed, and the next action never comes. This waits (yielding, bounded by
        /// `timeout`) until at least one sleep is pending, then advances; when none comes in time it
        /// records an issue and advances anyway.
        public func advanceOnceAsleep(
            by duration: Duration, timeout: Swift.Duration = .seconds(30),
            sourceLocation: SourceLocation = #_sourceLocation
        ) async {
            let deadline = ContinuousClock.now.advanced(by: timeout)
            // `checkSuspension()` throws when a sleep is pending.
            while (try? await checkSuspension()) != nil {
                guard ContinuousClock.now < deadline else {
                    Issue.record("Nothing slept on the clock within \(timeout).", sourceLocation: sourceLocation)
                    break
                }
                await Task.yield()
            }
            await advance(by: duration)
        }
    }
#endif
