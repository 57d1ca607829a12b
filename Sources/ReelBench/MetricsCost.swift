import Foundation
import ReelCore
import ReelMPV

/// What playback metrics cost (`--metrics-only`), measured against the playback they describe:
///
/// - the reducer: the engine-event mix of ``ReducerThroughput`` through `PlaybackReducer` alone and
///   through `PlaybackReducer` and then `MetricsReducer` with the player's snapshot rule
///   (a new `PlaybackMetrics` when the revision moved), interleaved; the difference is the metrics'
///   cost per event;
/// - the engine: headless playback of the benchmark clip on `MPVEngine`, events counted and the
///   process's CPU (user + system, libmpv's threads included) measured, without statistics samples
///   and with one a second (what `--stats` and the window's overlay ask), interleaved.
enum MetricsCost {
    /// One headless playback's figures.
    struct Playback {
        var seconds: Double
        var events: Int
        /// The statistics samples among them.
        var samples: Int
        var cpu: Double
        var eventsPerSecond: Double { Double(events) / seconds }
        var cpuPerSecond: Double { cpu / seconds }
    }

    /// Reduced events per second of `PlaybackReducer` alone and with `MetricsReducer`.
    static func reducerRates(runs: Int) -> (plain: Summary, metrics: Summary)? {
        let events = ReducerThroughput.mix()
        var plain: [Double] = []
        var metrics: [Double] = []
        for _ in 0..<runs {
            plain.append(rate(events, metrics: false))
            metrics.append(rate(events, metrics: true))
        }
        guard let plain = Summary(plain), let metrics = Summary(metrics) else { return nil }
        return (plain, metrics)
    }

    private static func rate(_ events: [EngineEvent], metrics measured: Bool) -> Double {
        var playback = PlaybackInfo()
        var state = MetricsState(origin: HostTime(seconds: 1), date: Date(timeIntervalSince1970: 0))
        let id = ItemID(rawValue: 1)
        let start = HostTime(seconds: 1)
        PlaybackReducer.reduce(
            &playback,
            .sent(.load(LoadRequest(item: MediaItem(url: URL(fileURLWithPath: "/a.mp4")), id: id)), reason: .user),
            at: start)
        for event in [EngineEvent.itemStarted(id), .property(.duration(3600)), .itemLoaded(id), .playbackRestarted] {
            PlaybackReducer.reduce(&playback, .received(event), at: start)
            state.apply(event, playback: playback, at: start)
        }
        var snapshots = 0
        let began = DispatchTime.now().uptimeNanoseconds
        var now = start
        for event in events {
            now.nanoseconds &+= 33_000_000
            PlaybackReducer.reduce(&playback, .received(event), at: now)
            if measured {
                let revision = state.revision
                state.apply(event, playback: playback, at: now)
                if state.revision != revision, state.metrics(at: now).item != nil { snapshots += 1 }
            }
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        // Keep the results alive so the loop is not optimised away.
        if playback.stallCount < 0 || snapshots < 0 { print(playback, snapshots) }
        return Double(events.count) / elapsed
    }

    /// Plays `file` headless for `seconds` (or to its end), counting events and CPU; with
    /// `sampling`, asks for the engine's statistics once a second.
    @MainActor static func play(_ file: URL, seconds: Double, sampling: Bool) async throws -> Playback {
        let engine = try MPVEngine(configuration: .headless)
        let events = engine.events
        let cpuBefore = ThumbnailBench.processCPUSeconds()
        try engine.send(.load(LoadRequest(item: MediaItem(url: file))))
        var count = 0
        var samples = 0
        var started: ContinuousClock.Instant?
        var nextSample = ContinuousClock.now
        for await event in events {
            count += 1
            if case .property(.statistics) = event { samples += 1 }
            if case .playbackRestarted = event, started == nil { started = .now }
            if sampling, let started, ContinuousClock.now >= nextSample, started < .now {
                nextSample = ContinuousClock.now.advanced(by: .seconds(1))
                try? engine.send(.reportStatistics)
            }
            if case .property(.position(let position?, _)) = event, position >= seconds { break }
            if case .property(.endReached(true)) = event { break }
        }
        let elapsed = started.map { ContinuousClock.now - $0 } ?? .zero
        let cpu = ThumbnailBench.processCPUSeconds() - cpuBefore
        await engine.shutdown()
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Playback(seconds: wall, events: count, samples: samples, cpu: cpu)
    }
}

extension ReelBench {
    /// Prints what playback metrics cost: the reducer per event against the engine's event rate,
    /// and headless playback with statistics sampled once a second against none, interleaved.
    /// - Returns: Whether it was measured.
    @MainActor static func printMetricsCost(_ settings: BenchSettings, into overview: inout Overview) async -> Bool {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let media = BenchMedia(
            seconds: settings.clipSeconds, directory: BenchMedia.defaultDirectory(executable: executable))
        let seconds = Double(min(settings.clipSeconds, 10))
        FileHandle.standardError.write(Data("Metrics: reducer, \(settings.reducerRuns) runs of 1 M events…\n".utf8))
        guard let rates = MetricsCost.reducerRates(runs: settings.reducerRuns) else { return false }
        var plain: [MetricsCost.Playback] = []
        var sampled: [MetricsCost.Playback] = []
        do {
            _ = try await media.prepare()
            let runs = max(2, settings.runs / 2)
            FileHandle.standardError.write(
                Data("Metrics: \(runs) headless playbacks of \(Int(seconds)) s each way, interleaved…\n".utf8))
            for _ in 0..<runs {
                plain.append(try await MetricsCost.play(media.url, seconds: seconds, sampling: false))
                sampled.append(try await MetricsCost.play(media.url, seconds: seconds, sampling: true))
            }
        } catch {
            FileHandle.standardError.write(Data("ReelBench: metrics: \(error)\n".utf8))
            return false
        }
        guard let eventRate = Summary(plain.map(\.eventsPerSecond)),
            let sampledRate = Summary(sampled.map(\.eventsPerSecond)),
            let cpu = Summary(plain.map(\.cpuPerSecond)), let sampledCPU = Summary(sampled.map(\.cpuPerSecond))
        else { return false }
        // The metrics' cost per event: the time per event with them minus without.
        let perEvent = max(0, 1 / rates.metrics.median - 1 / rates.plain.median)
        let share = perEvent * sampledRate.median / cpu.median
        func f(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
        print("### Playback metrics: cost (1080p clip, headless, \(Int(seconds)) s per playback)")
        print("| Measure | median | min | max |")
        print("|---|---:|---:|---:|")
        print(
            "| PlaybackReducer (M events/s) | \(f(rates.plain.median / 1e6)) | \(f(rates.plain.minimum / 1e6)) | \(f(rates.plain.maximum / 1e6)) |"
        )
        print(
            "| + MetricsReducer (M events/s) | \(f(rates.metrics.median / 1e6)) | \(f(rates.metrics.minimum / 1e6)) | \(f(rates.metrics.maximum / 1e6)) |"
        )
        print(
            "| Engine events/s, no samples | \(f(eventRate.median, 1)) | \(f(eventRate.minimum, 1)) | \(f(eventRate.maximum, 1)) |"
        )
        print(
            "| Engine events/s, a sample a second | \(f(sampledRate.median, 1)) | \(f(sampledRate.minimum, 1)) | \(f(sampledRate.maximum, 1)) |"
        )
        print(
            "| Playback CPU (s per s), no samples | \(f(cpu.median, 3)) | \(f(cpu.minimum, 3)) | \(f(cpu.maximum, 3)) |"
        )
        print(
            "| Playback CPU (s per s), a sample a second | \(f(sampledCPU.median, 3)) | \(f(sampledCPU.minimum, 3)) | \(f(sampledCPU.maximum, 3)) |"
        )
        print("")
        print("Statistics samples per sampled playback: \(sampled.map { String($0.samples) }.joined(separator: ", ")).")
        print(
            "Metrics reducer: \(f(perEvent * 1e9, 0)) ns per event × \(f(sampledRate.median, 1)) events/s = "
                + "\(f(share * 100, 5)) % of playback CPU (goal < 1 %: \(share < 0.01 ? "met" : "not met")); "
                + "sampled / unsampled playback CPU: \(f(sampledCPU.median / cpu.median, 3))."
        )
        overview.add(
            Overview.Row(
                benchmark: "Metrics reducer, share of playback CPU (%)", reel: share * 100, peer: nil, peerName: "—",
                precision: 5, goal: "< 1 %", met: share < 0.01))
        overview.add(
            Overview.Row(
                benchmark: "Playback CPU, statistics sampled / not (s per s)", reel: sampledCPU.median,
                peer: cpu.median, peerName: "no samples", precision: 3, goal: "—", met: nil))
        return true
    }
}
