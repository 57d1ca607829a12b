// Static release builds (`make bench` links ReelBench, which uses ReelTestSupport, with
// --static-swift-stdlib) have no Testing module: what needs it is left out there.
#if canImport(Testing)
    import Testing

    /// One test at a time on the shared X display.
    ///
    /// Without a window manager every window opens at the same place, stacked, so a test that
    /// clicks with xdotool must be alone on the display: wrap every test that opens a window.
    ///
    /// ```swift
    /// try await DisplayLock.shared.run { try await clickThroughTheControls() }
    /// ```
    package actor DisplayLock {
        /// The lock every window test in the process shares.
        package static let shared = DisplayLock()

        private var isHeld = false
        private var waiters: [CheckedContinuation<Void, Never>] = []

        /// Runs `body` once no other holder runs, then lets the next one in.
        package func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
            await acquire()
            defer { release() }
            return try await body()
        }

        private func acquire() async {
            guard isHeld else {
                isHeld = true
                return
            }
            await withCheckedContinuation { waiters.append($0) }
        }

        private func release() {
            if waiters.isEmpty {
                isHeld = false
            } else {
                waiters.removeFirst().resume()
            }
        }
    }

    /// The trait that runs a test (or every test of a suite) under ``DisplayLock/shared``.
    ///
    /// ```swift
    /// @Suite(.exclusiveDisplay) struct WindowTests { … }
    /// ```
    package struct ExclusiveDisplay: TestTrait, SuiteTrait, TestScoping {
        /// Applies to every test of a suite.
        package var isRecursive: Bool { true }

        /// Runs the test while holding the display.
        package func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            // A suite's own scope (no test case, a suite) needs no lock; its tests take it one by one.
            guard testCase != nil || !test.isSuite else { return try await function() }
            try await DisplayLock.shared.run(function)
        }
    }

    extension Trait where Self == ExclusiveDisplay {
        /// Runs under ``DisplayLock/shared``: one window test at a time on the X display.
        package static var exclusiveDisplay: ExclusiveDisplay { ExclusiveDisplay() }
    }
#endif
