import Foundation

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests: real sockets, scripted answers.
///
/// It listens on an ephemeral port of the loopback address only, so nothing off the machine can
/// reach it. Each path answers with a ``Behaviour``: a file with byte ranges, a status, a redirect,
/// a reset, a stall behind a ``StallGate`` or a throttle. Paths without a route answer 404. A
/// ``NetworkLink`` shapes every response: a shared bandwidth and a latency.
///
/// ```swift
/// let server = LoopbackHTTPServer(routes: ["/clip.mp4": .file(clip)])
/// try server.start()
/// defer { server.stop() }
/// try player.load(MediaItem(url: server.url("/clip.mp4")))
/// ```
///
/// One thread accepts connections and each connection gets a thread of its own; every response
/// ends with `Connection: close`. ``stop()`` closes the listener and every open connection and
/// returns once all those threads have finished; it is idempotent and also runs when the server
/// is deinitialized. The server can be started again after it stopped (on a new port).
package final class LoopbackHTTPServer: Sendable {
    private let core: LoopbackServerCore

    /// Creates a stopped server with `routes`, keyed by path (such as `"/clip.mp4"`), whose
    /// responses cross `link` (none: as fast as loopback goes).
    package init(routes: [String: Behaviour] = [:], link: NetworkLink? = nil) {
        core = LoopbackServerCore(routes: routes, link: link)
    }

    deinit { core.stop() }

    /// Sets how `path` answers from now on (a leading `/` is added when missing).
    package func route(_ path: String, _ behaviour: Behaviour) { core.setRoute(path, behaviour) }

    /// Starts listening on 127.0.0.1 at an ephemeral port. Does nothing when already running.
    package func start() throws(LoopbackHTTPServerError) { try core.start() }

    /// Closes the listener and every open connection, releases stalled responses and waits for all
    /// of the server's threads to finish. Safe to call more than once.
    package func stop() { core.stop() }

    /// Whether the server is listening.
    package var isRunning: Bool { core.isRunning }

    /// The port of the running server, or of the last run after ``stop()``; 0 before ``start()``.
    package var port: Int { core.port }

    /// `http://127.0.0.1:<port><path>` (a leading `/` is added to `path` when missing).
    package func url(_ path: String) -> URL {
        let base = "http://127.0.0.1:\(port)"
        let path = LoopbackServerCore.normalized(path)
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "/"
        return URL(string: base + path) ?? URL(string: base + encoded) ?? URL(string: base + "/")!
    }

    /// How many requests for `path` (ignoring any query) the server has received.
    package func requestCount(_ path: String) -> Int { core.requestCount(LoopbackServerCore.normalized(path)) }

    /// Whether the server has received `count` requests for `path` within `timeout`. Use it to know
    /// that a client (re)connected, instead of sleeping.
    package func waitForRequests(_ path: String, count: Int = 1, timeout: Duration = .seconds(10)) async -> Bool {
        await core.waitForRequests(LoopbackServerCore.normalized(path), count: count, timeout: timeout)
    }

    /// Every request received, oldest first; only those for `path` when it is given.
    package func requests(_ path: String? = nil) -> [Request] {
        core.requests(path.map(LoopbackServerCore.normalized))
    }

    /// The body bytes sent for `path` (ignoring any query) so far, or for every path when it is
    /// nil: what clients fetched, give or take the socket buffers (``NetworkLink``).
    package func bytesSent(_ path: String? = nil) -> Int { core.bytesSent(path.map(LoopbackServerCore.normalized)) }

    /// Whether at least `count` body bytes were sent for `path` within `timeout`.
    package func waitForBytes(_ path: String, atLeast count: Int, timeout: Duration = .seconds(10)) async -> Bool {
        await core.waitForBytes(LoopbackServerCore.normalized(path), atLeast: count, timeout: timeout)
    }

    /// How many connections are open right now.
    package var openConnectionCount: Int { core.openConnectionCount }
}
