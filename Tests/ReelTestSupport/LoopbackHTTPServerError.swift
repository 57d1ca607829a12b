import Foundation
import Glibc

/// The loopback server could not start: a socket call failed.
public struct LoopbackHTTPServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call that failed, such as `"bind"`.
    public var operation: String
    /// The `errno` it set.
    public var code: Int32

    /// Creates an error.
    public init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    public var description: String {
        "The loopback HTTP server could not start: \(operation) failed: \(String(cString: strerror(code)))."
    }
}
