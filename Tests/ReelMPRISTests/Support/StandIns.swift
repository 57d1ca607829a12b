import CSystemdBus
import Foundation

@testable import ReelMPRIS

/// A stand-in logind on a test bus: owns `org.freedesktop.login1` and emits `PrepareForSleep`;
/// with `ownsName` false, a forger that sends the same signal without owning the name.
final class StandInLogind: Sendable {
    private let connection: BusConnection

    init(bus: PrivateBus, ownsName: Bool = true) throws {
        connection = try BusConnection(.address(bus.address))
        if ownsName { try BusStatus.check(sd_bus_request_name(connection.bus, "org.freedesktop.login1", 0)) }
        connection.start(name: "test.logind")
    }

    /// Emits `PrepareForSleep(sleeping)` as logind does before sleep (true) and after waking
    /// (false); returns once the signal has been written to the bus.
    func prepareForSleep(_ sleeping: Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            connection.perform { connection in
                _ = reel_bus_emit_bool(
                    connection.bus, "/org/freedesktop/login1", "org.freedesktop.login1.Manager", "PrepareForSleep",
                    sleeping ? 1 : 0)
                _ = sd_bus_flush(connection.bus)
                continuation.resume()
            }
        }
    }

    func stop() { connection.close() }
}

/// A call the stand-in screensaver received.
enum ScreenSaverCall: Hashable, Sendable {
    /// `Inhibit(application, reason)`, answered with `cookie`.
    case inhibit(application: String, reason: String, cookie: UInt32)
    /// `UnInhibit(cookie)`.
    case uninhibit(cookie: UInt32)
}

/// A stand-in `org.freedesktop.ScreenSaver` on a test bus that records the calls it answers.
final class StandInScreenSaver: Sendable {
    let calls = Recorder<ScreenSaverCall>()
    private let connection: BusConnection

    init(bus: PrivateBus) throws {
        connection = try BusConnection(.address(bus.address))
        let calls = calls
        let handler = BusHandler { message in
            let member = sd_bus_message_get_member(message.pointer).map { String(cString: $0) }
            switch member {
            case "Inhibit":
                guard let application = try? message.readString(), let reason = try? message.readString() else {
                    return -EINVAL
                }
                let cookie = UInt32(calls.values.count + 1)
                calls.record(.inhibit(application: application, reason: reason, cookie: cookie))
                return reel_bus_reply_uint32(message.pointer, cookie)
            case "UnInhibit":
                guard let cookie = try? message.readUInt32() else { return -EINVAL }
                calls.record(.uninhibit(cookie: cookie))
                return reel_bus_reply_empty(message.pointer)
            default:
                return 0
            }
        }
        connection.keep(handler)
        try BusStatus.check(sd_bus_request_name(connection.bus, "org.freedesktop.ScreenSaver", 0))
        try BusStatus.check(
            sd_bus_add_object(
                connection.bus, nil, "/org/freedesktop/ScreenSaver", busHandlerTrampoline, handler.userdata))
        connection.start(name: "test.screensaver")
    }

    func stop() { connection.close() }
}
