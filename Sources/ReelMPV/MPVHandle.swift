import CMPV

/// Owns one `mpv_handle` for its whole life.
///
/// `@unchecked Sendable` is sound because libmpv documents its client API as thread-safe
/// ("all functions are thread-safe, except where noted"); the two exceptions are honoured by
/// ``MPVEngine``: only the event thread calls `mpv_wait_event`, and `mpv_terminate_destroy` runs
/// once, after the event thread has seen `MPV_EVENT_SHUTDOWN` and left.
final class MPVHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }
}

extension MPVHandle {
    /// The property `name`'s value now, copied out of libmpv; ``MPVNode/none`` when it is
    /// unavailable (no item, an unknown name).
    func property(_ name: String) -> MPVNode {
        var node = mpv_node()
        guard mpv_get_property(pointer, name, MPV_FORMAT_NODE, &node) >= 0 else { return .none }
        defer { mpv_free_node_contents(&node) }
        return MPVNode(&node)
    }
}
