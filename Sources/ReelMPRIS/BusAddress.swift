/// Which D-Bus bus a connection goes to.
public enum BusAddress: Hashable, Sendable {
    /// The user's session bus: `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`.
    case session
    /// The system bus, where logind lives.
    case system
    /// A bus at a D-Bus address such as `unix:path=/tmp/bus` (tests start private ones).
    case address(String)

    /// What to call this bus in messages.
    var name: String {
        switch self {
        case .session: "the session bus"
        case .system: "the system bus"
        case .address(let address): "the bus at \(address)"
        }
    }
}
