import Foundation
import ReelCore
import ReelMPV

#if canImport(Glibc)
    import Glibc
#endif

/// Seek latency: from an exact seek's command to libmpv's playback restart (the frame at the new
/// position decoded and ready), paused, on the 1080p benchmark clip. Reel's `MPVEngine` in this
/// process against the mpv command-line player driven over its JSON IPC socket, the same targets
/// in the same order, interleaved target by target.
struct SeekLatencyBench {
    /// The clip.
    var file: String
    /// Its duration in seconds.
    var duration: Double
    /// The mpv command-line player.
    var mpv: String
    /// Seeks measured per player.
    var seeks: Int

    /// The latencies in seconds, per player.
    struct Result {
        /// Reel's samples.
        var reel: [Double]
        /// mpv's samples.
        var mpv: [Double]
    }

    /// Spread, repeatable targets that jump back and forth (never the same keyframe twice in a row).
    func targets() -> [Double] {
        (0..<seeks).map { index in
            let fraction = Double((index * 7919) % 97) / 97
            return (0.05 + 0.9 * fraction) * duration
        }
    }

    /// Measures both players.
    @MainActor func run() async throws(BenchError) -> Result {
        let reel = try await ReelSide.open(file)
        defer { reel.close() }
        let client = try MPVSide.open(mpv: mpv, file: file)
        defer { client.close() }
        var result = Result(reel: [], mpv: [])
        for (index, target) in targets().enumerated() {
            // Alternate who seeks first so both share the machine's noise.
            if index.isMultiple(of: 2) {
                result.reel.append(try await reel.seek(to: target))
                result.mpv.append(try client.seek(to: target))
            } else {
                result.mpv.append(try client.seek(to: target))
                result.reel.append(try await reel.seek(to: target))
            }
        }
        return result
    }

    /// Reel: an `MPVEngine` (headless), its events read in order.
    @MainActor private final class ReelSide {
        let engine: MPVEngine
        var events: AsyncStream<EngineEvent>.Iterator

        init(engine: MPVEngine) {
            self.engine = engine
            events = engine.events.makeAsyncIterator()
        }

        static func open(_ file: String) async throws(BenchError) -> ReelSide {
            do {
                let side = ReelSide(engine: try MPVEngine(configuration: .headless))
                try side.engine.send(
                    .load(LoadRequest(item: MediaItem(url: URL(fileURLWithPath: file)), autoplay: false)))
                try await side.waitFor { $0 == .playbackRestarted }
                return side
            } catch let error as BenchError {
                throw error
            } catch {
                throw BenchError.seek("Reel could not open the clip: \(error)")
            }
        }

        func seek(to target: Double) async throws(BenchError) -> Double {
            let started = ContinuousClock.now
            do {
                try engine.send(.seek(.absolute(target), precision: .exact))
            } catch {
                throw BenchError.seek("Reel refused the seek: \(error.message)")
            }
            try await waitFor { $0 == .playbackRestarted }
            let elapsed = ContinuousClock.now - started
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        }

        func waitFor(_ matches: (EngineEvent) -> Bool) async throws(BenchError) {
            var iterator = events
            defer { events = iterator }
            while let event = await iterator.next(isolation: #isolation) {
                if matches(event) { return }
                if case .itemEnded(_, .failed(let error)) = event { throw BenchError.seek(error.message) }
            }
            throw BenchError.seek("Reel's engine stopped.")
        }

        func close() {
            let engine = engine
            Task { await engine.shutdown() }
        }
    }

    /// mpv: the command-line player, paused, with `--input-ipc-server`.
    private final class MPVSide {
        let process: Process
        let socket: Int32
        var buffer = Data()

        init(process: Process, socket: Int32) {
            self.process = process
            self.socket = socket
        }

        static func open(mpv: String, file: String) throws(BenchError) -> MPVSide {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("reel-seek-\(getpid()).sock").path
            unlink(path)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: mpv)
            process.arguments = [
                "--no-config", "--vo=null", "--ao=null", "--hwdec=no", "--pause", "--keep-open=yes",
                "--really-quiet", "--input-ipc-server=\(path)", file,
            ]
            do { try process.run() } catch { throw BenchError.seek("mpv did not start: \(error)") }
            let deadline = Date().addingTimeInterval(10)
            var connected: Int32 = -1
            while connected < 0, Date() < deadline, process.isRunning {
                connected = connect(path)
                if connected < 0 { usleep(20_000) }
            }
            guard connected >= 0 else {
                process.terminate()
                throw BenchError.seek("mpv's IPC socket did not open.")
            }
            let side = MPVSide(process: process, socket: connected)
            // The first frame: mpv restarts playback once the file is loaded (paused).
            _ = try side.send(#"{"command":["observe_property",1,"pause"]}"#)
            try side.waitForEvent("playback-restart")
            return side
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

        func seek(to target: Double) throws(BenchError) -> Double {
            let started = ContinuousClock.now
            try send(#"{"command":["seek",\#(target),"absolute+exact"]}"#)
            try waitForEvent("playback-restart")
            let elapsed = ContinuousClock.now - started
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        }

        @discardableResult
        func send(_ line: String) throws(BenchError) -> Int {
            let bytes = Array((line + "\n").utf8)
            let written = bytes.withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            guard written == bytes.count else { throw BenchError.seek("mpv's IPC socket closed.") }
            return written
        }

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
                guard count > 0 else { throw BenchError.seek("mpv's IPC socket closed before \(name).") }
                buffer.append(contentsOf: chunk[0..<count])
            }
        }

        func close() {
            _ = try? send(#"{"command":["quit"]}"#)
            Glibc.close(socket)
            process.waitUntilExit()
        }
    }
}
