import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unbuffered writes to standard output and standard error, safe to call from any thread.
///
/// `print` goes through stdio's buffer, which holds back JSON lines and the status line while
/// standard output is a pipe; these writes reach the file descriptor at once, in one piece.
enum Console {
    /// Whether standard output is a terminal (the live status line is drawn only then).
    static var isOutputTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether standard input is a terminal (keys are read only then).
    static var isInputTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Writes `text` to standard output as it is.
    static func out(_ text: String) { write(text, to: STDOUT_FILENO) }

    /// Writes `text` to standard error as it is.
    static func error(_ text: String) { write(text, to: STDERR_FILENO) }

    /// Makes writes to a closed pipe (`reel play --json … | head -1`) fail with `EPIPE` instead
    /// of killing the process, so that it still shuts down cleanly.
    static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    private static func write(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
