import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A progress bar on standard error (`[██████░░░░]  60/100`), drawn only when standard error is a
/// terminal.
struct ThumbnailsProgress {
    /// The number of steps.
    let total: Int
    /// Whether anything is drawn.
    let isVisible: Bool
    private let width = 30

    /// Creates a bar for `total` steps; invisible unless standard error is a terminal.
    init(total: Int, isVisible: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = max(1, total)
        self.isVisible = isVisible
    }

    /// The bar after `done` steps.
    func line(_ done: Int) -> String {
        let filled = min(width, max(0, done) * width / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let number = String(done)
        return "[\(bar)] " + String(repeating: " ", count: max(0, String(total).count - number.count))
            + "\(number)/\(total)"
    }

    /// Draws the bar after `done` steps.
    func update(_ done: Int) {
        guard isVisible else { return }
        Console.error("\r" + line(done))
    }

    /// Ends the bar's line.
    func finish() {
        guard isVisible else { return }
        Console.error("\r\u{1B}[2K")
    }
}
