/// How long a test lets something take before calling it a hang: twice what it should take plus
/// ten seconds. Tests that prove "costs its timeout, not forever" compare wall time with this, so
/// that a loaded two-core machine (other suites, fixtures being made) never fails them, while a
/// hang still does. Never a performance check: those are benchmarks (`make bench`).
///
/// ```swift
/// #expect(ContinuousClock.now - started < hangBound(after: .seconds(3)))
/// ```
package func hangBound(after expected: Duration) -> Duration { expected * 2 + .seconds(10) }
