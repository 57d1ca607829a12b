import CSystemdBus
import Foundation

/// A Swift closure behind an sd-bus message handler (a signal match, an object's methods).
///
/// Pass ``userdata`` with ``busHandlerTrampoline``; the connection keeps the handler alive
/// (``BusConnection/keep(_:)``) for as long as the match or object may call it. The closure
/// runs on the connection's thread and returns what an sd-bus handler returns: 0 when it did
/// not handle the message, 1 when it did, a negative errno on failure.
final class BusHandler: Sendable {
    let body: @Sendable (BusMessage) -> Int32

    init(_ body: @escaping @Sendable (BusMessage) -> Int32) { self.body = body }

    /// The context to pass with ``busHandlerTrampoline``.
    var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}

/// The C function of every ``BusHandler``; sd-bus calls it on the connection's thread.
let busHandlerTrampoline:
    @convention(c) (
        OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<sd_bus_error>?
    ) -> Int32 = { message, userdata, _ in
        guard let message, let userdata else { return 0 }
        return Unmanaged<BusHandler>.fromOpaque(userdata).takeUnretainedValue().body(BusMessage(pointer: message))
    }
