import Foundation
import ReelCore
import ReelFeed
import ReelMPV
import ReelPlayer

#if canImport(Glibc)
    import Glibc
#endif

/// The feed: a swipe to the next item playing — from `moveForward()` to its engine reporting
/// that it plays (libmpv's `pause` false; its first frame was decoded before the swipe) — with a
/// pool of 3 headless players on the 1080p clip, and the pool's resident memory against one
/// player's, both measured in this process after `malloc_trim`.
struct FeedBench {
    /// The clip.
    var file: String
    /// Swipes measured.
    var swipes: Int

    /// What was measured.
    struct Result {
        /// Seconds from `moveForward()` to the new visible player's engine playing.
        var swipes: [Double]
        /// Resident MiB that one player with the clip open added.
        var onePlayer: Double
        /// Resident MiB that the pool with its three items open added.
        var pool: Double
    }

    @MainActor func run() async throws(BenchError) -> Result {
        let item = MediaItem(url: URL(fileURLWithPath: file))
        let makeEngine = { () throws(PlayerError) -> any PlaybackEngine in try MPVEngine(configuration: .headless) }
        func wait(_ what: String, _ condition: () -> Bool) async throws(BenchError) {
            let deadline = ContinuousClock.now + .seconds(30)
            while !condition() {
                guard ContinuousClock.now < deadline else { throw BenchError.failed("feed: \(what) timed out") }
                await Task.yield()
                try? await Task.sleep(for: .milliseconds(1))
            }
        }

        // One player, the clip open and paused on its first frame.
        let base = Self.trimmedResidentMebibytes
        let single: Player
        do {
            single = Player(engine: try makeEngine())
            try single.load(item, autoplay: false)
        } catch {
            throw BenchError.failed("feed: \(error)")
        }
        try await wait("one player") { single.playback.status == .ready }
        let onePlayer = Self.trimmedResidentMebibytes - base
        await single.shutdown()

        let poolBase = Self.trimmedResidentMebibytes
        var engines: [MPVEngine] = []
        let pool: FeedPlayerPool
        do {
            pool = try FeedPlayerPool(items: Array(repeating: item, count: swipes + 2)) { () throws(PlayerError) in
                let engine = try MPVEngine(configuration: .headless)
                engines.append(engine)
                return engine
            }
            try pool.show(index: 0)
        } catch {
            throw BenchError.failed("feed: \(error)")
        }
        defer { Task { await pool.shutdown() } }
        try await wait("the pool") { pool.players.allSatisfy { $0.playback.status == .ready } }
        let poolMemory = Self.trimmedResidentMebibytes - poolBase

        var samples: [Double] = []
        for index in 0..<swipes {
            try await wait("item \(index + 1) ready") { pool.player(for: index + 1)?.playback.status == .ready }
            guard let next = pool.player(for: index + 1), let slot = pool.players.firstIndex(where: { $0 === next })
            else { throw BenchError.failed("feed: item \(index + 1) has no player") }
            var events = engines[slot].events.makeAsyncIterator()
            let started = ContinuousClock.now
            do { try pool.moveForward() } catch { throw BenchError.failed("feed: \(error)") }
            while let event = await events.next(isolation: #isolation), event != .property(.paused(false)) {}
            let elapsed = ContinuousClock.now - started
            samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        return Result(swipes: samples, onePlayer: onePlayer, pool: poolMemory)
    }

    /// Resident memory in MiB after glibc's `malloc_trim(0)`, from /proc.
    static var trimmedResidentMebibytes: Double {
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return -1 }
        return kilobytes / 1024
    }
}
