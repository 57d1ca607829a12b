import Foundation

/// A D-Bus connection or registration failed. Desktop integration is optional: the player plays
/// on without it, and the message says once why it is off.
public struct BusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What failed, in a few words ("connect to the session bus").
    public var operation: String
    /// The negative errno sd-bus returned.
    public var code: Int32
    /// A sentence for a log line, such as `Cannot connect to the session bus: No such file or directory.`
    public var message: String

    /// Creates an error from sd-bus's negative errno `code`.
    public init(_ operation: String, code: Int32) {
        self.operation = operation
        self.code = code
        // sd-bus says ENOMEDIUM ("No medium found") when the environment names no bus at all.
        let reason =
            -code == ENOMEDIUM
            ? "no bus address is set (DBUS_SESSION_BUS_ADDRESS, XDG_RUNTIME_DIR)" : String(cString: strerror(-code))
        message = "Cannot \(operation): \(reason)."
    }

    public var description: String { message }
}
