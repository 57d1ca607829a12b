import Foundation
import Glibc
import ReelTestSupport
import ReelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("LoopbackHTTPServer")
struct LoopbackHTTPServerTests {
    /// 300 000 bytes of a repeating, position-dependent pattern, so any misplaced byte shows.
    private static let payload = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })

    @Test("GET serves the whole file with Content-Length, Accept-Ranges and a content type (URLSession)")
    func wholeFile() async throws {
        try await withServer { server, file in
            server.route("/clip.mp4", .file(file))
            let (data, response) = try await fetch(server.url("/clip.mp4"))
            #expect(response.statusCode == 200)
            #expect(data == Self.payload)
            #expect(response.value(forHTTPHeaderField: "Content-Length") == "300000")
            #expect(response.value(forHTTPHeaderField: "Accept-Ranges") == "bytes")
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "video/mp4")
            #expect(server.requestCount("/clip.mp4") == 1)
        }
    }

    @Test(
        "Range requests get 206 with the exact bytes and Content-Range (URLSession)",
        arguments: [
            ("bytes=100-199", 100...199),
            ("bytes=299990-", 299_990...299_999),
            ("bytes=-10", 299_990...299_999),
            ("bytes=250000-999999", 250_000...299_999),
            ("bytes=0-0", 0...0),
        ]
    )
    func range(_ header: String, _ expected: ClosedRange<Int>) async throws {
        try await withServer { server, file in
            server.route("/clip.mp4", .file(file))
            let (data, response) = try await fetch(server.url("/clip.mp4"), headers: ["Range": header])
            #expect(response.statusCode == 206)
            #expect(data == Self.payload[expected])
            let contentRange = "bytes \(expected.lowerBound)-\(expected.upperBound)/300000"
            #expect(response.value(forHTTPHeaderField: "Content-Range") == contentRange)
            #expect(response.value(forHTTPHeaderField: "Content-Length") == "\(expected.count)")
            #expect(server.requests("/clip.mp4").map(\.range) == [header])
        }
    }

    @Test("a range past the end is 416; a malformed range gets the whole file")
    func unsatisfiableAndMalformedRanges() async throws {
        try await withServer { server, file in
            server.route("/clip.mp4", .file(file))
            let past = try await RawConnection.fetch(
                port: server.port, "/clip.mp4", headers: ["Range": "bytes=300000-"])
            #expect(past.status == 416)
            #expect(past.headers["content-range"] == "bytes */300000")
            let odd = try await RawConnection.fetch(port: server.port, "/clip.mp4", headers: ["Range": "bytes=9-3"])
            #expect(odd.status == 200)
            #expect(odd.body == Self.payload)
        }
    }

    @Test("HEAD answers the headers without a body; other methods get 405")
    func headAndOtherMethods() async throws {
        try await withServer { server, file in
            server.route("/clip.mp4", .file(file))
            let head = try await RawConnection.fetch(port: server.port, "/clip.mp4", method: "HEAD")
            #expect(head.status == 200)
            #expect(head.headers["content-length"] == "300000")
            #expect(head.headers["connection"] == "close")
            #expect(head.body.isEmpty)
            #expect(head.end == .closed)
            let post = try await RawConnection.fetch(port: server.port, "/clip.mp4", method: "POST")
            #expect(post.status == 405)
            #expect(post.headers["allow"] == "GET, HEAD")
        }
    }

    @Test("status routes answer their code with a short body; unknown paths answer 404 (URLSession)")
    func statuses() async throws {
        try await withServer { server, _ in
            server.route("/missing", .status(404))
            server.route("/broken", .status(500))
            for (path, code) in [("/missing", 404), ("/broken", 500), ("/nowhere", 404)] {
                let (data, response) = try await fetch(server.url(path))
                #expect(response.statusCode == code)
                #expect(String(decoding: data, as: UTF8.self).hasPrefix("\(code) "))
            }
        }
    }

    @Test("redirects answer 302 with Location; a loop a → b → a is served as such")
    func redirects() async throws {
        try await withServer { server, _ in
            server.route("/a", .redirect(to: "/b"))
            server.route("/b", .redirect(to: "/a"))
            server.route("/go", .redirect(to: "/playlist.m3u8"))
            server.route("/playlist.m3u8", .text("#EXTM3U\n", contentType: "application/vnd.apple.mpegurl"))
            let first = try await RawConnection.fetch(port: server.port, "/a")
            #expect(first.status == 302)
            #expect(first.headers["location"] == "/b")
            let second = try await RawConnection.fetch(port: server.port, "/b")
            #expect(second.headers["location"] == "/a")

            let (data, response) = try await fetch(server.url("/go"))
            #expect(response.statusCode == 200)
            #expect(response.url?.path == "/playlist.m3u8")
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/vnd.apple.mpegurl")
            #expect(data == Data("#EXTM3U\n".utf8))
        }
    }

    @Test("resetAfter sends the headers and exactly N bytes, then a TCP reset")
    func resetAfter() async throws {
        try await withServer { server, file in
            server.route("/reset.mp4", .resetAfter(bytes: 50_000, of: file))
            let response = try await RawConnection.fetch(port: server.port, "/reset.mp4")
            #expect(response.status == 200)
            #expect(response.headers["content-length"] == "300000")
            #expect(response.body == Self.payload.prefix(50_000))
            #expect(response.end == .reset)

            let beyond = try await RawConnection.fetch(
                port: server.port, "/reset.mp4", headers: ["Range": "bytes=60000-"])
            #expect(beyond.status == 206)
            #expect(beyond.body.isEmpty)
            #expect(beyond.end == .reset)
        }
    }

    @Test("stallAfter sends N bytes, then holds the rest until the gate opens")
    func stallUntilOpened() async throws {
        try await withServer { server, file in
            let gate = StallGate()
            server.route("/stall.mp4", .stallAfter(bytes: 100_000, of: file, gate: gate))
            let connection = try RawConnection(port: server.port)
            defer { connection.close() }
            connection.sendRequest("/stall.mp4")
            let head = try #require(await connection.readHead())
            #expect(head.status == 200)
            let (first, firstEnd) = await connection.readBody(upTo: 100_000)
            #expect(first == Self.payload.prefix(100_000))
            #expect(firstEnd == nil)
            #expect(await gate.waitUntilReached(timeout: .seconds(5)))

            // The gate is closed and the server thread is parked: nothing more may arrive.
            let (nothing, stillOpen) = await connection.readBody(upTo: 1, timeout: 0.3)
            #expect(nothing.isEmpty)
            #expect(stillOpen == .timedOut)

            gate.open()
            let (rest, end) = await connection.readToEnd()
            #expect(rest == Self.payload.dropFirst(100_000))
            #expect(end == .closed)
            #expect(gate.timesReached == 1)
        }
    }

    @Test("a range that starts past the stall offset waits for the gate too")
    func stalledRangeRequest() async throws {
        try await withServer { server, file in
            let gate = StallGate()
            server.route("/stall.mp4", .stallAfter(bytes: 100_000, of: file, gate: gate))
            let connection = try RawConnection(port: server.port)
            defer { connection.close() }
            connection.sendRequest("/stall.mp4", headers: ["Range": "bytes=200000-"])
            let head = try #require(await connection.readHead())
            #expect(head.status == 206)
            #expect(head.headers["content-range"] == "bytes 200000-299999/300000")
            #expect(await gate.waitUntilReached(timeout: .seconds(5)))
            let (nothing, stillOpen) = await connection.readBody(upTo: 1, timeout: 0.3)
            #expect(nothing.isEmpty && stillOpen == .timedOut)

            gate.open()
            let (body, end) = await connection.readToEnd()
            #expect(body == Self.payload.dropFirst(200_000))
            #expect(end == .closed)

            // An open gate no longer stops anything.
            let later = try await RawConnection.fetch(port: server.port, "/stall.mp4")
            #expect(later.body == Self.payload)
            #expect(gate.timesReached == 1)
        }
    }

    @Test("stop releases a stalled connection and an idle one at once")
    func stopReleasesConnections() async throws {
        let file = try Self.writePayload()
        defer { try? FileManager.default.removeItem(at: file) }
        let gate = StallGate()
        let server = LoopbackHTTPServer(routes: ["/stall.mp4": .stallAfter(bytes: 1_000, of: file, gate: gate)])
        try server.start()
        let stalled = try RawConnection(port: server.port)
        let idle = try RawConnection(port: server.port)
        defer {
            stalled.close()
            idle.close()
        }
        stalled.sendRequest("/stall.mp4")
        #expect(await gate.waitUntilReached(timeout: .seconds(5)))
        #expect(server.openConnectionCount == 2)

        let clock = ContinuousClock()
        let elapsed = await clock.measure { await onThread { server.stop() } }
        #expect(elapsed < hangBound(after: .seconds(1)))
        #expect(server.openConnectionCount == 0)
        #expect(!server.isRunning)
        #expect(!gate.isOpen)

        _ = await stalled.readHead()
        let (partial, stalledEnd) = await stalled.readToEnd(timeout: 2)
        #expect(partial == Self.payload.prefix(1_000))
        #expect(stalledEnd == .closed || stalledEnd == .reset)
        let (nothing, idleEnd) = await idle.readToEnd(timeout: 2)
        #expect(nothing.isEmpty)
        #expect(idleEnd == .closed || idleEnd == .reset)
    }

    @Test("throttled serves every byte, no faster than the rate")
    func throttled() async throws {
        try await withServer { server, file in
            server.route("/slow.mp4", .throttled(file, bytesPerSecond: 500_000))
            let clock = ContinuousClock()
            var response: RawResponse?
            let elapsed = try await clock.measure {
                response = try await RawConnection.fetch(port: server.port, "/slow.mp4")
            }
            #expect(response?.body == Self.payload)
            // 300 000 bytes at 500 000 B/s in 50 000-byte chunks: the last chunk leaves at 0.5 s.
            #expect(elapsed >= .milliseconds(450))
            #expect(elapsed < hangBound(after: .seconds(2)))
        }
    }

    @Test("a link's bandwidth is shared by its connections, and every body byte is counted")
    func sharedLink() async throws {
        // 2 × 300 000 bytes over 1 000 000 B/s: the second half cannot leave before 0.6 s.
        try await withServer(link: NetworkLink(bytesPerSecond: 1_000_000)) { server, file in
            server.route("/a.mp4", .file(file))
            server.route("/b.mp4", .file(file))
            let clock = ContinuousClock()
            var bodies: [Data?] = []
            let elapsed = try await clock.measure {
                async let a = RawConnection.fetch(port: server.port, "/a.mp4")
                async let b = RawConnection.fetch(port: server.port, "/b.mp4")
                bodies = try await [a.body, b.body]
            }
            #expect(bodies == [Self.payload, Self.payload])
            #expect(elapsed >= .milliseconds(550))
            #expect(elapsed < hangBound(after: .seconds(3)))
            #expect(server.bytesSent("/a.mp4") == 300_000)
            #expect(server.bytesSent() == 600_000)
        }
    }

    @Test("a link's latency comes before every response, and a range counts only its bytes")
    func linkLatency() async throws {
        try await withServer(link: NetworkLink(bytesPerSecond: nil, latency: .milliseconds(300))) { server, file in
            server.route("/clip.mp4", .file(file))
            let clock = ContinuousClock()
            var response: RawResponse?
            let elapsed = try await clock.measure {
                response = try await RawConnection.fetch(
                    port: server.port, "/clip.mp4", headers: ["Range": "bytes=1000-1999"])
            }
            #expect(response?.body == Self.payload[1000..<2000])
            #expect(elapsed >= .milliseconds(300))
            #expect(server.bytesSent("/clip.mp4") == 1000)
        }
    }

    @Test("NetworkLink.megabits is 10⁶ bits a second")
    func megabits() {
        #expect(NetworkLink.megabits(8).bytesPerSecond == 1_000_000)
        #expect(NetworkLink.megabits(8, latency: .milliseconds(40)).latency == .milliseconds(40))
    }

    @Test("requests are recorded and can be awaited")
    func requestLog() async throws {
        try await withServer { server, file in
            server.route("clip.mp4", .file(file))
            async let seen = server.waitForRequests("/clip.mp4", count: 2, timeout: .seconds(5))
            _ = try await RawConnection.fetch(port: server.port, "/clip.mp4?token=1", method: "HEAD")
            _ = try await RawConnection.fetch(port: server.port, "/clip.mp4", headers: ["Range": "bytes=5-"])
            #expect(await seen)
            #expect(server.requestCount("/clip.mp4") == 2)
            let requests = server.requests("/clip.mp4")
            #expect(requests.map(\.method) == ["HEAD", "GET"])
            #expect(requests.map(\.target) == ["/clip.mp4?token=1", "/clip.mp4"])
            #expect(requests.map(\.range) == [nil, "bytes=5-"])
            #expect(requests.first?.headers["host"] == "127.0.0.1")
            #expect(await server.waitForRequests("/clip.mp4", count: 3, timeout: .milliseconds(100)) == false)
        }
    }

    @Test("the server listens on 127.0.0.1 only")
    func loopbackOnly() async throws {
        try await withServer { server, _ in
            #expect(server.url("/x").absoluteString == "http://127.0.0.1:\(server.port)/x")
            #expect(ProcessDescriptors.sockets(touching: [server.port]).allSatisfy { $0.contains("0100007F:") })
            for address in nonLoopbackIPv4Addresses() {
                #expect(throws: RawConnection.ConnectError.self, "reachable at \(address)") {
                    try RawConnection(port: server.port, address: address)
                }
            }
        }
    }

    @Test("stop is idempotent, the server can start again, and deinit stops it")
    func lifecycle() async throws {
        let server = LoopbackHTTPServer(routes: ["/t": .text("hi")])
        #expect(server.port == 0)
        try server.start()
        try server.start()
        let firstPort = server.port
        #expect(try await RawConnection.fetch(port: firstPort, "/t").body == Data("hi".utf8))
        server.stop()
        server.stop()
        #expect(throws: RawConnection.ConnectError.self) { try RawConnection(port: firstPort) }

        try server.start()
        #expect(try await RawConnection.fetch(port: server.port, "/t").status == 200)

        var scoped: LoopbackHTTPServer? = LoopbackHTTPServer(routes: ["/t": .text("hi")])
        try scoped?.start()
        let scopedPort = try #require(scoped?.port)
        scoped = nil
        #expect(throws: RawConnection.ConnectError.self) { try RawConnection(port: scopedPort) }
        server.stop()
    }

    @Test("50 start/serve/stop cycles leave the process's descriptor count flat")
    func noLeaks() async {
        // An exit test: the cycles run in a child process of their own, where no other test opens
        // or closes descriptors meanwhile, so the count must match exactly.
        await #expect(processExitsWith: .success) {
            let failure = await Self.leakCycles()
            // Recorded in the child, reported by the parent.
            if let failure {
                Issue.record(Comment(rawValue: failure))
                exit(1)
            }
        }
    }

    /// Starts, uses and stops a server 50 times, every fifth time with a connection parked at a stall
    /// gate; returns what leaked, or nil.
    private static func leakCycles() async -> String? {
        do {
            let file = try Self.writePayload()
            defer { try? FileManager.default.removeItem(at: file) }
            // One cycle first, so that one-time set-up (of Foundation, of threads) is not counted.
            try await cycle(file: file, park: true)
            let before = ProcessDescriptors.count()
            var ports: Set<Int> = []
            for index in 0..<50 {
                ports.insert(try await cycle(file: file, park: index.isMultiple(of: 5)))
            }
            let after = ProcessDescriptors.count()
            let sockets = ProcessDescriptors.sockets(touching: ports)
            // No socket of the server's ports may survive; one descriptor of slack absorbs lazy
            // runtime set-up (Dispatch, Foundation) that can land inside the measured window.
            guard after <= before + 1, sockets.isEmpty else {
                return "descriptors: \(before) before, \(after) after; sockets left: \(sockets)"
            }
            return nil
        } catch {
            return "a cycle failed: \(error)"
        }
    }

    /// One start, ranged GET (and optionally a connection parked at a gate) and stop; the port used.
    @discardableResult
    private static func cycle(file: URL, park: Bool) async throws -> Int {
        let gate = StallGate()
        let server = LoopbackHTTPServer(routes: [
            "/clip.mp4": .file(file),
            "/stall.mp4": .stallAfter(bytes: 10, of: file, gate: gate),
        ])
        try server.start()
        let response = try await RawConnection.fetch(port: server.port, "/clip.mp4", headers: ["Range": "bytes=0-99"])
        guard response.body == payload.prefix(100) else { throw CycleError.wrongBody }
        var parked: RawConnection?
        if park {
            parked = try RawConnection(port: server.port)
            parked?.sendRequest("/stall.mp4")
            guard await gate.waitUntilReached(timeout: .seconds(20)) else { throw CycleError.notParked }
        }
        await onThread { server.stop() }
        parked?.close()
        return server.port
    }

    private enum CycleError: Error {
        case wrongBody
        case notParked
    }
}

// MARK: - Helpers

extension LoopbackHTTPServerTests {
    /// Runs `body` with a started server and the payload in a file; stops and cleans up afterwards.
    private func withServer(
        link: NetworkLink? = nil, _ body: (LoopbackHTTPServer, URL) async throws -> Void
    ) async throws {
        let file = try Self.writePayload()
        let server = LoopbackHTTPServer(link: link)
        defer {
            server.stop()
            try? FileManager.default.removeItem(at: file)
        }
        try server.start()
        try await body(server, file)
    }

    private static func writePayload() throws -> URL {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("reel-payload-\(UUID().uuidString).mp4")
        try Self.payload.write(to: file)
        return file
    }

    /// A GET through URLSession, with no cache.
    private func fetch(_ url: URL, headers: [String: String] = [:]) async throws -> (Data, HTTPURLResponse) {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        return (data, try #require(response as? HTTPURLResponse))
    }

    /// This machine's IPv4 addresses outside 127.0.0.0/8.
    private func nonLoopbackIPv4Addresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        var cursor = list
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else {
                continue
            }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                var raw = inet.pointee.sin_addr
                _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
            }
            let string = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !string.hasPrefix("127.") { addresses.append(string) }
        }
        return addresses
    }
}
