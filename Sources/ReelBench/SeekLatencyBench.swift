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
        let client = try MPVClient.open(
            mpv: mpv, arguments: ["--pause", "--keep-open=yes", file], failure: BenchError.seek)
        defer { client.close() }
        var result = Result(reel: [], mpv: [])
        for (index, target) in targets().enumerated() {
            // Alternate who seeks first so both share the machine's noise.
            if index.isMultiple(of: 2) {
                result.reel.append(try await reel.seek(to: target))
                result.mpv.append(try client.timed(#"{"command":["seek",\#(target),"absolute+exact"]}"#))
            } else {
                result.mpv.append(try client.timed(#"{"command":["seek",\#(target),"absolute+exact"]}"#))
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
}
