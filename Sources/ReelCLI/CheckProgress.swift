import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `reel check`'s progress bar on standard error — `[██████░░░░]  12/34  2.1 files/s  ~11 s left`
/// — drawn only when standard error is a terminal.
final class CheckProgress: Sendable {
    private struct State {
        var done = 0
        var isDrawn = false
    }

    /// The number of files.
    let total: Int
    /// Whether anything is drawn.
    let isVisible: Bool
    private let started = ContinuousClock.now
    private let state = NIOLockedValueBox(State())
    private let width = 24

    /// A bar for `total` files; invisible unless standard error is a terminal.
    init(total: Int, isVisible: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = max(1, total)
        self.isVisible = isVisible
    }

    /// One more file is done.
    func advance() { state.withLockedValue { $0.done += 1 } }

    /// The bar after `done` files, `elapsed` seconds after the start.
    func line(done: Int, elapsed: Double) -> String {
        let filled = min(width, max(0, done) * width / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let count = String(repeating: " ", count: max(0, String(total).count - String(done).count)) + "\(done)/\(total)"
        guard done > 0, elapsed > 0 else { return "[\(bar)] \(count)" }
        let rate = Double(done) / elapsed
        let left = Double(total - done) / rate
        return "[\(bar)] \(count)  \(String(format: "%.1f", rate)) files/s  ~\(Int(left.rounded(.up))) s left"
    }

    /// Draws the bar.
    func draw() {
        guard isVisible else { return }
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let text = state.withLockedValue { state in
            state.isDrawn = true
            return line(done: state.done, elapsed: seconds)
        }
        Console.error("\r\u{1B}[2K" + text)
    }

    /// Removes the bar, so that a result line can be written.
    func clear() {
        guard isVisible, state.withLockedValue({ $0.isDrawn }) else { return }
        Console.error("\r\u{1B}[2K")
    }

    /// Removes the bar for good.
    func finish() { clear() }
}
