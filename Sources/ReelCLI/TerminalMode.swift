import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A terminal switched to raw input (no line buffering, no echo), restored exactly once.
///
/// Signals stay on (`ISIG`), so Ctrl-C still sends `SIGINT`; output processing stays on, so `\n`
/// still starts a new line. ``restore()`` is safe from any thread, such as a signal handler's
/// queue, and later calls do nothing.
final class TerminalMode: Sendable {
    private let descriptor: Int32
    private let original: termios
    private let isRestored = NIOLockedValueBox(false)

    private init(descriptor: Int32, original: termios) {
        self.descriptor = descriptor
        self.original = original
    }

    /// Switches `descriptor` to raw input; nil when it is not a terminal or refuses.
    static func enterRaw(descriptor: Int32 = STDIN_FILENO) -> TerminalMode? {
        guard isatty(descriptor) == 1 else { return nil }
        var original = termios()
        guard tcgetattr(descriptor, &original) == 0 else { return nil }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { controls in
            controls[Int(VMIN)] = 1
            controls[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return nil }
        return TerminalMode(descriptor: descriptor, original: original)
    }

    /// Puts the terminal back as it was. Idempotent.
    func restore() {
        let first = isRestored.withLockedValue { restored in
            defer { restored = true }
            return !restored
        }
        guard first else { return }
        var settings = original
        _ = tcsetattr(descriptor, TCSANOW, &settings)
    }
}
