import Foundation
import Glibc

/// The loopback server could not start: a socket call failed.
package struct LoopbackHTTPServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call that failed, such as `"bind"`.
    package var operation: String
    /// The `errno` it set.
    package var code: Int32

    /// Creates an error.
    package init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    package var description: String {
        "The loopback HTTP server could not start: \(operation) failed: \(String(cString: strerror(code)))."
    }
}
