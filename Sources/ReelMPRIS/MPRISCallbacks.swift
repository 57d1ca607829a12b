import CSystemdBus
import Foundation

// The C callbacks of the MPRIS objects. sd-bus calls them on the connection's thread, inside
// sd_bus_process: they are nonisolated, touch only the endpoint's thread-safe state, and hand
// everything that changes the player to the main actor.

private func endpoint(_ context: UnsafeMutableRawPointer?) -> MPRISEndpoint {
    Unmanaged<MPRISEndpoint>.fromOpaque(context!).takeUnretainedValue()
}

/// `ReelMPRISCallbacks.get_property`.
let mprisGetProperty:
    @convention(c) (
        UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, OpaquePointer?,
        UnsafeMutablePointer<sd_bus_error>?
    ) -> Int32 = { context, _, property, reply, _ in
        guard let property, let reply else { return -EINVAL }
        do throws(BusStatus) {
            try endpoint(context).get(String(cString: property), into: BusMessage(pointer: reply))
            return 0
        } catch {
            return error.code
        }
    }

/// `ReelMPRISCallbacks.set_property`.
let mprisSetProperty:
    @convention(c) (
        UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, OpaquePointer?,
        UnsafeMutablePointer<sd_bus_error>?
    ) -> Int32 = { context, _, property, value, _ in
        guard let property, let value else { return -EINVAL }
        do throws(BusStatus) {
            let target = endpoint(context)
            target.carryOut(try target.request(setting: String(cString: property), from: BusMessage(pointer: value)))
            return 0
        } catch {
            return error.code
        }
    }

/// `ReelMPRISCallbacks.call_method`.
let mprisCallMethod:
    @convention(c) (
        UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, OpaquePointer?,
        UnsafeMutablePointer<sd_bus_error>?
    ) -> Int32 = { context, _, member, call, _ in
        guard let member, let call else { return -EINVAL }
        do throws(BusStatus) {
            let target = endpoint(context)
            target.carryOut(
                try target.request(calling: String(cString: member), from: BusMessage(pointer: call)), replyingTo: call)
            return 1
        } catch {
            return error.code
        }
    }
