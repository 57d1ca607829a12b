import CSystemdBus
import Foundation

@testable import ReelMPRIS

/// A signal the MPRIS object sent.
enum MPRISSignal: Hashable, Sendable {
    /// `org.freedesktop.DBus.Properties.PropertiesChanged` of `interface`, with the names changed.
    case propertiesChanged(interface: String, names: [String])
    /// `org.mpris.MediaPlayer2.Player.Seeked`, in microseconds.
    case seeked(Int64)
}

/// A second connection to the test's bus that records every signal from the MPRIS path.
final class SignalRecorder: Sendable {
    let signals = Recorder<MPRISSignal>()
    private let connection: BusConnection

    init(bus: PrivateBus) throws {
        connection = try BusConnection(.address(bus.address))
        let signals = signals
        let handler = BusHandler { message in
            if let signal = Self.parse(message) { signals.record(signal) }
            return 0
        }
        connection.keep(handler)
        let result = sd_bus_add_match(
            connection.bus, nil, "type='signal',path='/org/mpris/MediaPlayer2'", busHandlerTrampoline,
            handler.userdata)
        try BusStatus.check(result)
        connection.start(name: "test.signals")
    }

    func stop() { connection.close() }

    /// How many `PropertiesChanged` signals named `property`.
    func changes(of property: String) -> Int { Self.changes(of: property, in: signals.values) }

    /// How many of `signals` are `PropertiesChanged` naming `property`.
    static func changes(of property: String, in signals: [MPRISSignal]) -> Int {
        signals.filter { signal in
            guard case .propertiesChanged(_, let names) = signal else { return false }
            return names.contains(property)
        }.count
    }

    private static func parse(_ message: BusMessage) -> MPRISSignal? {
        guard let member = sd_bus_message_get_member(message.pointer).map({ String(cString: $0) }) else { return nil }
        switch member {
        case "Seeked":
            return (try? message.readInt64()).map { .seeked($0) }
        case "PropertiesChanged":
            guard let interface = try? message.readString(),
                sd_bus_message_enter_container(message.pointer, BusMessage.type("a"), "{sv}") > 0
            else { return nil }
            var names: [String] = []
            while sd_bus_message_enter_container(message.pointer, BusMessage.type("e"), "sv") > 0 {
                if let name = try? message.readString() { names.append(name) }
                _ = sd_bus_message_skip(message.pointer, "v")
                _ = sd_bus_message_exit_container(message.pointer)
            }
            return .propertiesChanged(interface: interface, names: names)
        default:
            return nil
        }
    }
}
