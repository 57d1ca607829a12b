import Foundation

/// A network for a ``LoopbackHTTPServer``'s responses to cross: a bandwidth shared by every
/// connection, a cap per connection, and a latency added to every request — a mobile network,
/// reproducible on loopback, with no change to the machine's interfaces.
///
/// ```swift
/// // 8 Mbit/s for the whole feed, 40 ms before each response starts.
/// let server = LoopbackHTTPServer(routes: routes, link: .megabits(8, latency: .milliseconds(40)))
/// ```
///
/// The link is a FIFO of body chunks (16 KiB or less): a chunk leaves once the link (and its
/// connection's cap) has had the time to carry the chunks before it, so two connections share the
/// bandwidth as they ask for it, and the total rate never exceeds it. Headers and status bodies
/// are not paced. The latency is waited once per request, before its response's head (a request
/// and its answer crossing the link once).
///
/// Each connection's send buffer is kept small (``sendBufferBytes``, 16 KiB: about what an 8 Mbit/s
/// link with 40 ms of latency holds in flight), so the bytes the server
/// counts as sent (``LoopbackHTTPServer/bytesSent(_:)``) are close to those the client has read:
/// a paused client stops the count within about that many bytes (plus the kernel's receive buffer
/// on the client's side, which a real network has too).
package struct NetworkLink: Hashable, Sendable {
    /// The whole link's bandwidth in bytes per second; nil for no limit.
    package var bytesPerSecond: Int?
    /// Each connection's cap in bytes per second; nil for no limit but the link's.
    package var connectionBytesPerSecond: Int?
    /// Waited before every response's head.
    package var latency: Duration
    /// Each connection's `SO_SNDBUF`, in bytes.
    package var sendBufferBytes: Int

    /// Creates a link.
    package init(
        bytesPerSecond: Int?, connectionBytesPerSecond: Int? = nil, latency: Duration = .zero,
        sendBufferBytes: Int = 16 * 1024
    ) {
        self.bytesPerSecond = bytesPerSecond.map { max(1, $0) }
        self.connectionBytesPerSecond = connectionBytesPerSecond.map { max(1, $0) }
        self.latency = latency
        self.sendBufferBytes = max(4096, sendBufferBytes)
    }

    /// A link of `megabits` Mbit/s (10⁶ bits) in total, with `latency` per request.
    package static func megabits(_ megabits: Double, latency: Duration = .zero) -> NetworkLink {
        NetworkLink(bytesPerSecond: Int(megabits * 1_000_000 / 8), latency: latency)
    }

    /// The largest chunk the link paces at once.
    static let chunkBytes = 16 * 1024
}

/// The link's schedule: when the link, and each connection, are free again. Guarded by its
/// owner's lock.
struct LinkSchedule {
    private var linkFreeAt = Date.distantPast

    /// Reserves the link for `bytes` that a connection free at `connectionFreeAt` wants to send
    /// now; returns when they will have crossed it, and moves `connectionFreeAt` there.
    mutating func reserve(_ bytes: Int, on link: NetworkLink, connectionFreeAt: inout Date, now: Date) -> Date {
        var due = now
        if let rate = link.connectionBytesPerSecond {
            connectionFreeAt = max(now, connectionFreeAt).addingTimeInterval(Double(bytes) / Double(rate))
            due = max(due, connectionFreeAt)
        }
        if let rate = link.bytesPerSecond {
            linkFreeAt = max(now, linkFreeAt).addingTimeInterval(Double(bytes) / Double(rate))
            due = max(due, linkFreeAt)
        }
        return due
    }
}
