import Foundation
import ReelCore
import ReelMPV

/// Next item to first frame: from "next" to the next item's first frame (libmpv's playback
/// restart), paused, on the 1080p benchmark clip queued after itself. Reel's `MPVEngine` with the
/// item prepared (`prepareNext`, then `playPrepared`) against the mpv command-line player with
/// `--prefetch-playlist=yes` told `playlist-next` over its JSON IPC socket; each waits the same
/// moment before its next, interleaved.
struct NextItemBench {
    /// The clip.
    var file: String
    /// The mpv command-line player.
    var mpv: String
    /// Moves measured per player.
    var moves: Int
    /// How long each side holds an item before moving on (time to prepare the next).
    var dwell = Duration.milliseconds(300)

    /// The latencies in seconds, per player.
    struct Result {
        /// Reel's samples.
        var reel: [Double]
        /// mpv's samples.
        var mpv: [Double]
    }

    /// Measures both players.
    @MainActor func run() async throws(BenchError) -> Result {
        let engine: MPVEngine
        do {
            engine = try MPVEngine(configuration: .headless)
        } catch {
            throw BenchError.failed("Reel's engine did not start: \(error.message)")
        }
        var events = engine.events.makeAsyncIterator()
        defer { Task { await engine.shutdown() } }
        let item = MediaItem(url: URL(fileURLWithPath: file))
        func restart() async throws(BenchError) {
            while let event = await events.next(isolation: #isolation) {
                if event == .playbackRestarted { return }
                if case .itemEnded(_, .failed(let error)) = event { throw BenchError.failed(error.message) }
            }
            throw BenchError.failed("Reel's engine stopped.")
        }
        func send(_ command: EngineCommand) throws(BenchError) {
            do { try engine.send(command) } catch { throw BenchError.failed(error.message) }
        }
        try send(.load(LoadRequest(item: item, autoplay: false)))
        try await restart()
        let client = try MPVClient.open(
            mpv: mpv,
            arguments: ["--pause", "--keep-open=yes", "--prefetch-playlist=yes"]
                + Array(repeating: file, count: moves + 1),
            failure: BenchError.failed)
        defer { client.close() }
        var result = Result(reel: [], mpv: [])
        for index in 0..<moves {
            try send(.prepareNext(LoadRequest(item: item)))
            try? await Task.sleep(for: dwell)
            func reelMove() async throws(BenchError) {
                let started = ContinuousClock.now
                try send(.playPrepared)
                try await restart()
                let elapsed = ContinuousClock.now - started
                result.reel.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            }
            // Alternate who moves first so both share the machine's noise.
            if index.isMultiple(of: 2) {
                try await reelMove()
                result.mpv.append(try client.timed(#"{"command":["playlist-next"]}"#))
            } else {
                result.mpv.append(try client.timed(#"{"command":["playlist-next"]}"#))
                try await reelMove()
            }
        }
        return result
    }
}
