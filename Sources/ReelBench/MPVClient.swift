import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The mpv command-line player (no config, no video or audio output, software decoding) driven
/// over its JSON IPC socket: the peer of the latency benchmarks.
final class MPVClient {
    let process: Process
    let socket: Int32
    private let failure: (String) -> BenchError
    private var buffer = Data()

    private init(process: Process, socket: Int32, failure: @escaping (String) -> BenchError) {
        self.process = process
        self.socket = socket
        self.failure = failure
    }

    /// Starts `mpv` with `arguments` (after the common ones) and waits for its first playback
    /// restart (the first frame); errors are made with `failure`.
    static func open(
        mpv: String, arguments: [String], failure: @escaping (String) -> BenchError
    ) throws(BenchError) -> MPVClient {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reel-bench-\(getpid()).sock").path
        unlink(path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: mpv)
        process.arguments =
            ["--no-config", "--vo=null", "--ao=null", "--hwdec=no", "--really-quiet", "--input-ipc-server=\(path)"]
            + arguments
        do { try process.run() } catch { throw failure("mpv did not start: \(error)") }
        let deadline = Date().addingTimeInterval(10)
        var connected: Int32 = -1
        while connected < 0, Date() < deadline, process.isRunning {
            connected = connect(path)
            if connected < 0 { usleep(20_000) }
        }
        guard connected >= 0 else {
            process.terminate()
            throw failure("mpv's IPC socket did not open.")
        }
        let client = MPVClient(process: process, socket: connected, failure: failure)
        // The first frame: mpv restarts playback once the file is loaded (paused or not).
        try client.send(#"{"command":["observe_property",1,"pause"]}"#)
        try client.waitForEvent("playback-restart")
        return client
    }

    private static func connect(_ path: String) -> Int32 {
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return -1 }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            let name = Array(path.utf8.prefix(bytes.count - 1))
            bytes.copyBytes(from: name)
            bytes[name.count] = 0
        }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        if status != 0 {
            Glibc.close(descriptor)
            return -1
        }
        return descriptor
    }

    /// Sends `command` (one JSON line) and returns the seconds until the next playback restart.
    func timed(_ command: String) throws(BenchError) -> Double {
        let started = ContinuousClock.now
        try send(command)
        try waitForEvent("playback-restart")
        let elapsed = ContinuousClock.now - started
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// Writes one JSON line.
    func send(_ line: String) throws(BenchError) {
        let bytes = Array((line + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw failure("mpv's IPC socket closed.") }
    }

    /// Reads until an event named `name`.
    func waitForEvent(_ name: String) throws(BenchError) {
        let marker = #""event":"\#(name)""#
        while true {
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                if line.contains(marker) { return }
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            guard count > 0 else { throw failure("mpv's IPC socket closed before \(name).") }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// The next line mpv wrote (an event or a reply), or nil when none came within `timeout`.
    func nextLine(timeout: Duration) throws(BenchError) -> String? {
        func popLine() -> String? {
            guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
            buffer.removeSubrange(buffer.startIndex...newline)
            return line
        }
        if let line = popLine() { return line }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
        guard poll(&descriptor, 1, Int32(clamping: max(0, milliseconds))) > 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
        guard count > 0 else { throw failure("mpv's IPC socket closed.") }
        buffer.append(contentsOf: chunk[0..<count])
        return popLine()
    }

    /// Quits mpv and waits for it.
    func close() {
        try? send(#"{"command":["quit"]}"#)
        Glibc.close(socket)
        process.waitUntilExit()
    }
}
