import Foundation
import Glibc

/// How a response stream ended.
enum StreamEnd: Equatable, Sendable {
    /// The server closed the connection normally (EOF).
    case closed
    /// The connection was reset.
    case reset
    /// Nothing arrived before the deadline; the connection is still open.
    case timedOut
    /// Another socket error.
    case failed(Int32)
}

/// A response as read off the socket.
struct RawResponse: Sendable {
    var status: Int
    /// Lowercased names.
    var headers: [String: String]
    var body: Data
    var end: StreamEnd
}

/// A deliberately low-level HTTP client for the server tests: it sees resets, stalls and exact
/// bytes that URLSession would hide. Each call blocks on a thread of its own (see ``onThread(_:)``).
/// `@unchecked Sendable`: a test uses one connection from one task at a time.
final class RawConnection: @unchecked Sendable {
    private let descriptor: Int32
    private var buffered: [UInt8] = []
    private var isClosed = false

    struct ConnectError: Error { var code: Int32 }

    /// Connects to `address`:`port` (127.0.0.1 by default).
    init(port: Int, address: String = "127.0.0.1") throws {
        // Connect before `self` exists: a throwing class initializer still runs `deinit` once every
        // property is set, which would close the descriptor a second time.
        descriptor = try Self.connect(port: port, address: address)
    }

    private static func connect(port: Int, address: String) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ConnectError(code: errno) }
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = in_port_t(UInt16(port)).bigEndian
        _ = inet_pton(AF_INET, address, &target.sin_addr)
        let result = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            _ = Glibc.close(descriptor)
            throw ConnectError(code: code)
        }
        return descriptor
    }

    deinit { close() }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = Glibc.close(descriptor)
    }

    /// Sends a request with `Host` and the given extra header lines.
    func sendRequest(_ path: String, method: String = "GET", headers: [String: String] = [:]) {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads the status line and headers.
    func readHead(timeout: Double = 5) async -> (status: Int, headers: [String: String])? {
        await onThread { self.readHeadBlocking(timeout: timeout) }
    }

    /// Reads body bytes until `count` arrived, the stream ended, or `timeout` passed.
    func readBody(upTo count: Int, timeout: Double = 5) async -> (Data, StreamEnd?) {
        await onThread { self.readBlocking(upTo: count, timeout: timeout) }
    }

    /// Reads the rest of the body until the stream ends or `timeout` passes.
    func readToEnd(timeout: Double = 5) async -> (Data, StreamEnd) {
        await onThread {
            let (data, end) = self.readBlocking(upTo: Int.max, timeout: timeout)
            return (data, end ?? .timedOut)
        }
    }

    /// One request on a fresh connection, read to the end.
    static func fetch(
        port: Int, _ path: String, method: String = "GET", headers: [String: String] = [:], timeout: Double = 5
    ) async throws -> RawResponse {
        let connection = try RawConnection(port: port)
        defer { connection.close() }
        connection.sendRequest(path, method: method, headers: headers)
        guard let head = await connection.readHead(timeout: timeout) else {
            return RawResponse(status: 0, headers: [:], body: Data(), end: .closed)
        }
        let (body, end) = await connection.readToEnd(timeout: timeout)
        return RawResponse(status: head.status, headers: head.headers, body: body, end: end)
    }

    // MARK: - Blocking

    private func readHeadBlocking(timeout: Double) -> (status: Int, headers: [String: String])? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            if let end = find([13, 10, 13, 10]) {
                let text = String(decoding: buffered[..<end], as: UTF8.self)
                buffered.removeFirst(end + 4)
                var lines = text.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
                var headers: [String: String] = [:]
                for line in lines {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                        .trimmingCharacters(in: .whitespaces)
                }
                return (status, headers)
            }
            guard receive(deadline: deadline) == nil else { return nil }
        }
    }

    private func readBlocking(upTo count: Int, timeout: Double) -> (Data, StreamEnd?) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while buffered.count < count {
            if let end = receive(deadline: deadline) {
                let data = Data(buffered)
                buffered = []
                return (data, end)
            }
        }
        let data = Data(buffered.prefix(count))
        buffered.removeFirst(count)
        return (data, nil)
    }

    /// Receives once into the buffer; returns how the stream ended, or nil when bytes arrived.
    private func receive(deadline: Date) -> StreamEnd? {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { return .timedOut }
        var timeout = timeval(tv_sec: Int(remaining), tv_usec: Int((remaining - floor(remaining)) * 1e6) + 1)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        if count > 0 {
            buffered += chunk.prefix(count)
            return nil
        }
        if count == 0 { return .closed }
        switch errno {
        case EINTR: return nil
        case EAGAIN, EWOULDBLOCK: return .timedOut
        case ECONNRESET: return .reset
        case let code: return .failed(code)
        }
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffered.count >= pattern.count else { return nil }
        return (0...(buffered.count - pattern.count)).first { start in
            buffered[start..<start + pattern.count].elementsEqual(pattern)
        }
    }
}
