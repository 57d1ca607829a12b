import Foundation

/// Ports on 127.0.0.1 for the servers tests start.
package enum LoopbackPort {
    /// A TCP or UDP port on 127.0.0.1 that is free now: the kernel's choice for a socket bound to
    /// port 0, released at once (so another process could still take it before the server does).
    package static func free(udp: Bool) -> Int {
        let socket = socket(AF_INET, udp ? Int32(SOCK_DGRAM.rawValue) : Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
