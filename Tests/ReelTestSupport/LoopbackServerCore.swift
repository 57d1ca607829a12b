import Foundation
import Glibc

/// The sockets and threads behind a ``LoopbackHTTPServer``.
///
/// A separate object from the public server so that the threads, which keep it alive, do not keep
/// the public object alive: dropping the last reference to the server runs its `deinit`, which
/// stops this core.
///
/// `@unchecked Sendable`: every mutable stored property is guarded by `state`, an `NSCondition`.
/// The server's threads block in socket calls and wait on that condition (for a stop, or for the
/// next throttled chunk), which neither an actor nor a `Mutex` allows. File descriptors of open
/// connections are closed only while `state` is held and removed from ``connections`` at the same
/// time, so ``stop()`` never shuts down a descriptor number that was closed and reused.
final class LoopbackServerCore: @unchecked Sendable {
    private enum Phase { case idle, running, stopping }

    private let state = NSCondition()
    private var routes: [String: LoopbackHTTPServer.Behaviour]
    private var phase = Phase.idle
    private var listener: Int32 = -1
    private var boundPort = 0
    private var connections: Set<Int32> = []
    private var liveThreads = 0
    private var log: [LoopbackHTTPServer.Request] = []
    private var parkedGates: [ObjectIdentifier: (gate: StallGate, count: Int)] = [:]
    private let requestSignal = CountSignal()
    /// The network responses cross, if any.
    private let link: NetworkLink?
    private var schedule = LinkSchedule()
    /// Body bytes sent per path.
    private let bytesSignal = CountSignal()

    init(routes: [String: LoopbackHTTPServer.Behaviour], link: NetworkLink?) {
        self.routes = Dictionary(routes.map { (Self.normalized($0.key), $0.value) }, uniquingKeysWith: { $1 })
        self.link = link
    }

    /// `path` with a leading slash.
    static func normalized(_ path: String) -> String { path.hasPrefix("/") ? path : "/" + path }

    // MARK: - State

    func setRoute(_ path: String, _ behaviour: LoopbackHTTPServer.Behaviour) {
        state.withLock { routes[Self.normalized(path)] = behaviour }
    }

    var isRunning: Bool { state.withLock { phase == .running } }

    var port: Int { state.withLock { boundPort } }

    var openConnectionCount: Int { state.withLock { connections.count } }

    func requestCount(_ path: String) -> Int { requestSignal.count(path) }

    func waitForRequests(_ path: String, count: Int, timeout: Duration) async -> Bool {
        await requestSignal.wait(for: path, atLeast: count, timeout: timeout)
    }

    func bytesSent(_ path: String?) -> Int { path.map(bytesSignal.count) ?? bytesSignal.total }

    func waitForBytes(_ path: String, atLeast count: Int, timeout: Duration) async -> Bool {
        await bytesSignal.wait(for: path, atLeast: count, timeout: timeout)
    }

    func requests(_ path: String?) -> [LoopbackHTTPServer.Request] {
        state.withLock { path.map { path in log.filter { $0.path == path } } ?? log }
    }

    // MARK: - Start and stop

    func start() throws(LoopbackHTTPServerError) {
        state.lock()
        defer { state.unlock() }
        while phase == .stopping { state.wait() }
        guard phase == .idle else { return }
        let (descriptor, port) = try Self.makeListener()
        listener = descriptor
        boundPort = port
        phase = .running
        liveThreads += 1
        let thread = Thread { [self] in acceptLoop(descriptor) }
        thread.name = "LoopbackHTTPServer accept :\(port)"
        thread.start()
    }

    func stop() {
        state.lock()
        switch phase {
        case .idle:
            state.unlock()
            return
        case .stopping:
            while phase != .idle { state.wait() }
            state.unlock()
            return
        case .running:
            break
        }
        phase = .stopping
        // shutdown() wakes threads blocked in accept, recv and send on these descriptors.
        _ = shutdown(listener, Int32(SHUT_RDWR))
        for connection in connections { _ = shutdown(connection, Int32(SHUT_RDWR)) }
        let gates = parkedGates.values.map(\.gate)
        state.broadcast()
        state.unlock()
        // Outside `state`: a parked thread holds its gate's lock while it checks `isStopping`.
        for gate in gates { gate.interrupt() }

        state.lock()
        while liveThreads > 0 { state.wait() }
        _ = close(listener)
        listener = -1
        phase = .idle
        state.broadcast()
        state.unlock()
    }

    private var isStopping: Bool { state.withLock { phase != .running } }

    private static func makeListener() throws(LoopbackHTTPServerError) -> (Int32, Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw LoopbackHTTPServerError(operation: "socket", code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        // The loopback address only: the server must never be reachable from another machine.
        address.sin_addr.s_addr = in_addr_t(INADDR_LOOPBACK).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let failure = withUnsafeMutablePointer(to: &address) { pointer -> (String, Int32)? in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                if bind(descriptor, socketAddress, length) != 0 { return ("bind", errno) }
                if listen(descriptor, 64) != 0 { return ("listen", errno) }
                if getsockname(descriptor, socketAddress, &length) != 0 { return ("getsockname", errno) }
                return nil
            }
        }
        if let (operation, code) = failure {
            _ = close(descriptor)
            throw LoopbackHTTPServerError(operation: operation, code: code)
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    // MARK: - Threads

    private func acceptLoop(_ listener: Int32) {
        defer {
            state.withLock {
                liveThreads -= 1
                state.broadcast()
            }
        }
        while true {
            var peer = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let connection = withUnsafeMutablePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Self.acceptCloseOnExec(listener, $0, &length) }
            }
            if connection < 0 {
                let code = errno
                if isStopping { return }
                if code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM {
                    // Out of descriptors: back off instead of spinning, but wake at once on stop.
                    state.withLock { _ = state.wait(until: Date(timeIntervalSinceNow: 0.05)) }
                }
                continue
            }
            // Bound to 127.0.0.1, so every peer is local; refuse anything else all the same.
            guard peer.sin_family == sa_family_t(AF_INET), UInt32(bigEndian: peer.sin_addr.s_addr) >> 24 == 127 else {
                _ = close(connection)
                continue
            }
            let accepted = state.withLock { () -> Bool in
                guard phase == .running else { return false }
                connections.insert(connection)
                liveThreads += 1
                return true
            }
            guard accepted else {
                _ = close(connection)
                return
            }
            if var buffer = link.map({ Int32($0.sendBufferBytes) }) {
                _ = setsockopt(connection, SOL_SOCKET, SO_SNDBUF, &buffer, socklen_t(MemoryLayout<Int32>.size))
            }
            let thread = Thread { [self] in serve(connection) }
            thread.name = "LoopbackHTTPServer connection"
            thread.start()
        }
    }

    /// `accept4(…, SOCK_CLOEXEC)`: a child process started at the same moment (ffmpeg, an exit
    /// test) must not inherit the connection, or the client would not see it close. Swift's Glibc
    /// module leaves out `accept4` (a GNU extension), so it is looked up at run time; without it,
    /// `accept` and then `fcntl` leave a short window.
    private static func acceptCloseOnExec(
        _ listener: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>
    ) -> Int32 {
        typealias Address = UnsafeMutablePointer<sockaddr>?
        typealias Accept4 = @convention(c) (Int32, Address, UnsafeMutablePointer<socklen_t>?, Int32) -> Int32
        if let symbol = UnsafeRawPointer(bitPattern: accept4Address) {
            let accept4 = unsafeBitCast(symbol, to: Accept4.self)
            return accept4(listener, address, length, Int32(SOCK_CLOEXEC.rawValue))
        }
        let connection = accept(listener, address, length)
        if connection >= 0 { _ = fcntl(connection, F_SETFD, FD_CLOEXEC) }
        return connection
    }

    /// The address of glibc's `accept4`, or 0.
    private static let accept4Address = UInt(bitPattern: dlsym(nil, "accept4"))

    private func serve(_ connection: Int32) {
        let ending = respond(on: connection)
        if ending == .graceful { drain(connection) }
        state.withLock {
            connections.remove(connection)
            if ending == .reset {
                var hardClose = linger(l_onoff: 1, l_linger: 0)
                _ = setsockopt(connection, SOL_SOCKET, SO_LINGER, &hardClose, socklen_t(MemoryLayout<linger>.size))
            }
            _ = close(connection)
            liveThreads -= 1
            state.broadcast()
        }
    }

    // MARK: - Responses

    /// How a connection ends.
    private enum Ending {
        /// After a complete response: half-close, drain what the client still sends, then close.
        case graceful
        /// Close at once (the client went away, or the server is stopping).
        case abort
        /// Close with a TCP reset.
        case reset
    }

    private func respond(on connection: Int32) -> Ending {
        guard let request = HTTPRequestHead.read(from: connection) else { return .abort }
        var exchange = Exchange(connection: connection, isHead: request.method == "HEAD")
        guard let method = request.method, let target = request.target else {
            return exchange.sendStatus(400) ? .graceful : .abort
        }
        let path = String(target.prefix { $0 != "?" })
        exchange.path = path
        let record = LoopbackHTTPServer.Request(method: method, target: target, path: path, headers: request.headers)
        let behaviour = state.withLock { () -> LoopbackHTTPServer.Behaviour? in
            log.append(record)
            return routes[target] ?? routes[path]
        }
        requestSignal.increment(path)
        if let latency = link?.latency, latency > .zero {
            let seconds = Double(latency.components.seconds) + Double(latency.components.attoseconds) * 1e-18
            guard !waitForStop(until: Date(timeIntervalSinceNow: seconds)) else { return .abort }
        }

        guard method == "GET" || method == "HEAD" else {
            return exchange.sendStatus(405, extraHeaders: [("Allow", "GET, HEAD")]) ? .graceful : .abort
        }
        switch behaviour {
        case nil:
            return exchange.sendStatus(404) ? .graceful : .abort
        case .status(let code):
            return exchange.sendStatus(code) ? .graceful : .abort
        case .redirect(let location):
            return exchange.sendStatus(302, extraHeaders: [("Location", location)]) ? .graceful : .abort
        case .text(let text, let contentType):
            return serveBytes(ByteSource(data: Data(text.utf8)), contentType, request, exchange, .plain)
        case .generated(let make, let contentType):
            return serveBytes(ByteSource(data: Data(make().utf8)), contentType, request, exchange, .plain)
        case .file(let url, let contentType):
            return serveFile(url, contentType, request, exchange, .plain)
        case .resetAfter(let bytes, let url):
            return serveFile(url, nil, request, exchange, .reset(after: bytes))
        case .resetOnceAfter(let bytes, let url):
            let first = requestSignal.count(path) == 1
            return serveFile(url, nil, request, exchange, first ? .reset(after: bytes) : .plain)
        case .stallAfter(let bytes, let url, let gate):
            return serveFile(url, nil, request, exchange, .stall(after: bytes, gate: gate))
        case .throttled(let url, let bytesPerSecond):
            return serveFile(url, nil, request, exchange, .throttle(bytesPerSecond: max(1, bytesPerSecond)))
        }
    }

    /// How a body is sent.
    private enum Pacing {
        case plain
        case reset(after: Int)
        case stall(after: Int, gate: StallGate)
        case throttle(bytesPerSecond: Int)
    }

    private func serveFile(
        _ url: URL, _ contentType: String?, _ request: HTTPRequestHead, _ exchange: Exchange, _ pacing: Pacing
    ) -> Ending {
        guard let source = ByteSource(file: url) else {
            return exchange.sendStatus(404) ? .graceful : .abort
        }
        defer { source.close() }
        return serveBytes(source, contentType ?? HTTPRequestHead.contentType(for: url), request, exchange, pacing)
    }

    private func serveBytes(
        _ source: ByteSource, _ contentType: String, _ request: HTTPRequestHead, _ exchange: Exchange, _ pacing: Pacing
    ) -> Ending {
        let size = source.size
        var headers = [("Content-Type", contentType), ("Accept-Ranges", "bytes")]
        let range: ClosedRange<Int>?
        switch ByteRangeRequest(header: request.headers["range"], size: size) {
        case .whole:
            range = size > 0 ? 0...(size - 1) : nil
            guard exchange.sendHead(200, headers + [("Content-Length", "\(size)")]) else { return .abort }
        case .partial(let part):
            range = part
            headers += [("Content-Range", "bytes \(part.lowerBound)-\(part.upperBound)/\(size)")]
            guard exchange.sendHead(206, headers + [("Content-Length", "\(part.count)")]) else { return .abort }
        case .unsatisfiable:
            let sent = exchange.sendStatus(416, extraHeaders: [("Content-Range", "bytes */\(size)")])
            return sent ? .graceful : .abort
        }
        guard !exchange.isHead, let range else { return .graceful }

        var offset = range.lowerBound
        let end = range.upperBound + 1
        switch pacing {
        case .plain:
            return send(source, from: &offset, to: end, exchange) ? .graceful : .abort
        case .reset(let limit):
            guard send(source, from: &offset, to: min(end, max(offset, limit)), exchange) else { return .abort }
            waitUntilAcknowledged(exchange.connection)
            return .reset
        case .stall(let limit, let gate):
            guard send(source, from: &offset, to: min(end, max(offset, limit)), exchange) else { return .abort }
            if offset < end {
                guard pass(gate) else { return .abort }
            }
            return send(source, from: &offset, to: end, exchange) ? .graceful : .abort
        case .throttle(let bytesPerSecond):
            let started = Date()
            let chunk = min(64 * 1024, max(1, bytesPerSecond / 10))
            var sent = 0
            while offset < end {
                let before = offset
                guard send(source, from: &offset, to: min(end, offset + chunk), exchange) else { return .abort }
                sent += offset - before
                let due = started.addingTimeInterval(Double(sent) / Double(bytesPerSecond))
                guard offset < end else { break }
                guard !waitForStop(until: due) else { return .abort }
            }
            return .graceful
        }
    }

    /// Sends `source[offset..<end]` in chunks, advancing `offset`, each chunk once the link (if
    /// any) has carried it. False when the client is gone or the server stops.
    private func send(_ source: ByteSource, from offset: inout Int, to end: Int, _ exchange: Exchange) -> Bool {
        let chunk = link == nil ? 64 * 1024 : NetworkLink.chunkBytes
        while offset < end {
            guard let bytes = source.read(at: offset, count: min(chunk, end - offset)), !bytes.isEmpty else {
                return false
            }
            if let link {
                let due = state.withLock {
                    schedule.reserve(
                        bytes.count, on: link, connectionFreeAt: &exchange.pace.freeAt, now: Date())
                }
                guard !waitForStop(until: due) else { return false }
            }
            guard exchange.send(bytes) else { return false }
            bytesSignal.increment(exchange.path, by: bytes.count)
            offset += bytes.count
        }
        return true
    }

    /// Parks the calling thread at `gate` until it opens (true) or the server stops (false).
    private func pass(_ gate: StallGate) -> Bool {
        let key = ObjectIdentifier(gate)
        let registered = state.withLock { () -> Bool in
            guard phase == .running else { return false }
            parkedGates[key, default: (gate, 0)].count += 1
            return true
        }
        guard registered else { return false }
        let opened = gate.pass(abandonIf: { isStopping })
        state.withLock {
            parkedGates[key]?.count -= 1
            if parkedGates[key]?.count == 0 { parkedGates[key] = nil }
        }
        return opened
    }

    /// Waits until `deadline` (false) or until the server stops (true).
    private func waitForStop(until deadline: Date) -> Bool {
        state.withLock {
            while phase == .running, state.wait(until: deadline) {}
            return phase != .running
        }
    }

    /// Waits (up to a second, or until the server stops) until the peer has acknowledged every byte
    /// sent, so that a reset does not discard bytes still queued for sending.
    private func waitUntilAcknowledged(_ connection: Int32) {
        let deadline = Date(timeIntervalSinceNow: 1)
        while Date() < deadline {
            var unacknowledged: Int32 = 0
            guard ioctl(connection, UInt(TIOCOUTQ), &unacknowledged) == 0, unacknowledged > 0 else { return }
            if waitForStop(until: Date(timeIntervalSinceNow: 0.005)) { return }
        }
    }

    /// Half-closes the connection and reads what the client still sends (up to a second), so that
    /// closing with unread data does not turn into a reset that loses the end of the response.
    private func drain(_ connection: Int32) {
        _ = shutdown(connection, Int32(SHUT_WR))
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        _ = setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        var drained = 0
        while drained < 1 << 20 {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            drained += count
        }
    }
}

/// One response being written to a connection.
private struct Exchange {
    var connection: Int32
    /// A `HEAD` request: headers only.
    var isHead: Bool
    /// The request's path, once known.
    var path = ""
    /// When the connection's share of the link is free again.
    let pace = ConnectionPace()

    /// Sends a status line and headers, adding `Connection: close`.
    func sendHead(_ status: Int, _ headers: [(String, String)]) -> Bool {
        var text = "HTTP/1.1 \(status) \(HTTPRequestHead.reasonPhrase(status))\r\n"
        for (name, value) in headers + [("Connection", "close"), ("Server", "ReelTesting")] {
            text += "\(name): \(value)\r\n"
        }
        text += "\r\n"
        return send(Array(text.utf8))
    }

    /// Sends `status` with a one-line text body.
    func sendStatus(_ status: Int, extraHeaders: [(String, String)] = []) -> Bool {
        let body = Array("\(status) \(HTTPRequestHead.reasonPhrase(status))\n".utf8)
        let headers = [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", "\(body.count)")]
        guard sendHead(status, extraHeaders + headers) else { return false }
        return isHead || send(body)
    }

    /// Sends every byte; false when the peer is gone. `MSG_NOSIGNAL`: a closed peer is an error
    /// here, never a `SIGPIPE` that kills the test process.
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes {
                Glibc.send(connection, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}

/// The bytes of a response body: a file read with `pread`, or data in memory.
private final class ByteSource {
    private let descriptor: Int32
    private let data: Data?
    let size: Int

    init(data: Data) {
        descriptor = -1
        self.data = data
        size = data.count
    }

    /// Nil when the file cannot be opened.
    init?(file: URL) {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            _ = Glibc.close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        data = nil
        size = Int(info.st_size)
    }

    /// Up to `count` bytes at `offset`; nil on a read error.
    func read(at offset: Int, count: Int) -> [UInt8]? {
        if let data {
            let end = min(data.count, offset + count)
            return offset < end ? Array(data[data.startIndex + offset..<data.startIndex + end]) : []
        }
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { return nil }
            return Array(buffer.prefix(read))
        }
    }

    func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
    }
}

/// When a connection may send again under its ``NetworkLink/connectionBytesPerSecond``; read and
/// written under the server's lock.
private final class ConnectionPace {
    var freeAt = Date.distantPast
}
