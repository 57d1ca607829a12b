import Dispatch
import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Catches `SIGINT` and `SIGTERM` on a dispatch queue instead of letting them kill the process.
///
/// The first signal calls `onSignal` (which should restore the terminal and ask the session to
/// end); if the process is still alive `grace` later, or a second signal arrives, it exits with
/// `128 + signal` (130 for Ctrl-C) at once.
final class SignalWatcher {
    private let sources: [any DispatchSourceSignal]

    /// Starts watching `signals`.
    init(
        signals: [Int32] = [SIGINT, SIGTERM], grace: DispatchTimeInterval = .seconds(3),
        onSignal: @escaping @Sendable (Int32) -> Void
    ) {
        let queue = DispatchQueue(label: "reel.signals")
        let caught = Counter()
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                onSignal(number)
                if caught.increment() > 1 { exit(128 + number) }
                queue.asyncAfter(deadline: .now() + grace) { exit(128 + number) }
            }
            source.resume()
            return source
        }
    }

    /// Stops watching; the signals kill the process again.
    func stop() {
        for source in sources {
            source.cancel()
            signal(Int32(source.handle), SIG_DFL)
        }
    }

    /// How many signals arrived.
    private final class Counter: Sendable {
        private let value = NIOLockedValueBox(0)

        func increment() -> Int {
            value.withLockedValue { value in
                value += 1
                return value
            }
        }
    }
}
