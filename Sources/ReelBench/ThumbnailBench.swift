import Foundation
import ReelPreview

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// 100 thumbnails (160 px wide) of a 60 s 1920×1080 H.264 clip: Reel's `LocalThumbnailProvider`
/// (in-process FFmpeg, keyframes, parallel workers, no cache) against a shell-style loop of
/// `ffmpeg -ss T -i clip -frames:v 1` and a loop of `ffmpegthumbnailer`, one process per
/// thumbnail. Goals (issue #5): at least 5× faster than the ffmpeg loop, and the first
/// thumbnail within 30 ms.
struct ThumbnailBench {
    /// Runs of Reel (each with a new provider, so each opens the file again).
    var reelRuns: Int
    /// Runs of each process loop (an ffmpeg loop takes 15–20 s on two cores).
    var loopRuns: Int
    /// The package's media cache.
    var directory: URL

    /// Thumbnails per run.
    static let count = 100
    /// Thumbnail width in pixels.
    static let width = 160

    /// One method's samples.
    struct Method {
        var name: String
        /// Seconds for all thumbnails, per run.
        var totals: [Double]
        /// Seconds to the first thumbnail, per run.
        var firsts: [Double]
        /// CPU seconds (user + system) per run.
        var cpu: [Double]
        /// Thumbnails that failed, over all runs.
        var failures = 0
    }

    /// Prepares the clip, measures every method and returns the report's text and the overview's
    /// rows.
    func run() async throws -> (markdown: String, overview: [Overview.Row]) {
        let media = BenchMedia(seconds: 60, directory: directory)
        progress("Thumbnail clip: \(media.url.path)")
        if let seconds = try await media.prepare() {
            progress("Generated the 60 s 1080p clip in \(String(format: "%.1f", seconds)) s.")
        }
        FFmpegLog.quiet()
        let times = ThumbnailTimes.evenlySpaced(count: Self.count, duration: 60)

        // The first use of FFmpeg in this process: codec tables, scaler set-up, a cold provider.
        let coldStart = ContinuousClock.now
        let cold = try LocalThumbnailProvider(file: media.url, options: .init(width: Self.width))
        _ = try await cold.thumbnail(at: times[0])
        let coldFirst = seconds(ContinuousClock.now - coldStart)
        progress("Reel, first thumbnail with FFmpeg not yet used in the process: \(milliseconds(coldFirst)) ms")

        var reel = Method(
            name: "Reel (LocalThumbnailProvider, \(LocalThumbnailProvider.Options.defaultWorkers) workers)", totals: [],
            firsts: [], cpu: [])
        for run in 1...reelRuns {
            let sample = try await reelSample(media.url, times: times)
            reel.totals.append(sample.total)
            reel.firsts.append(sample.first)
            reel.cpu.append(sample.cpu)
            progress("Reel, run \(run)/\(reelRuns): \(format(sample.total)) s, first \(milliseconds(sample.first)) ms")
        }
        var methods = [reel]
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("reel-thumbnail-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        if let ffmpeg = ChildProcess.locate("ffmpeg") {
            methods.append(
                loop("ffmpeg -ss T -i clip -frames:v 1 (one process each)", times: times) { time, index in
                    (
                        ffmpeg,
                        [
                            "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-ss", String(format: "%.3f", time),
                            "-i", media.url.path, "-frames:v", "1", "-vf", "scale=\(Self.width):-2",
                            scratch.appendingPathComponent("ffmpeg-\(index).jpg").path,
                        ]
                    )
                })
        } else {
            progress("ffmpeg is not on PATH: its loop is skipped.")
        }
        if let thumbnailer = ChildProcess.locate("ffmpegthumbnailer") {
            methods.append(
                loop("ffmpegthumbnailer -t hh:mm:ss (one process each)", times: times) { time, index in
                    (
                        thumbnailer,
                        [
                            "-i", media.url.path, "-o", scratch.appendingPathComponent("thumbnailer-\(index).jpg").path,
                            "-s", "\(Self.width)", "-q", "8", "-t", Self.clock(time),
                        ]
                    )
                })
        } else {
            progress("ffmpegthumbnailer is not on PATH (scripts/install-deps.sh installs it): its loop is skipped.")
        }
        return report(methods, coldFirst: coldFirst)
    }

    /// One run of Reel: a new provider, every thumbnail through its parallel batch.
    private func reelSample(_ file: URL, times: [Double]) async throws -> (total: Double, first: Double, cpu: Double) {
        let cpuStart = Self.processCPUSeconds()
        let start = ContinuousClock.now
        let provider = try LocalThumbnailProvider(file: file, options: .init(width: Self.width))
        var first: Double?
        var received = 0
        for try await _ in provider.thumbnails(at: times) {
            if first == nil { first = seconds(ContinuousClock.now - start) }
            received += 1
        }
        let total = seconds(ContinuousClock.now - start)
        guard received == times.count else { throw BenchError.childFailed("LocalThumbnailProvider", status: 1) }
        return (total, first ?? total, Self.processCPUSeconds() - cpuStart)
    }

    /// `loopRuns` runs of one process per thumbnail.
    private func loop(_ name: String, times: [Double], command: (Double, Int) -> (String, [String])) -> Method {
        var method = Method(name: name, totals: [], firsts: [], cpu: [])
        for run in 1...loopRuns {
            var total = 0.0
            var cpu = 0.0
            var first: Double?
            for (index, time) in times.enumerated() {
                let (executable, arguments) = command(time, index)
                do {
                    let sample = try ChildProcess.run(executable, arguments)
                    total += sample.wallSeconds
                    cpu += sample.cpuSeconds
                    if first == nil { first = sample.wallSeconds }
                } catch {
                    method.failures += 1
                }
            }
            method.totals.append(total)
            method.firsts.append(first ?? total)
            method.cpu.append(cpu)
            progress("\(name), run \(run)/\(loopRuns): \(format(total)) s")
        }
        return method
    }

    /// The Markdown table and the goal check.
    private func report(_ methods: [Method], coldFirst: Double) -> (markdown: String, overview: [Overview.Row]) {
        let ffmpegTotal = methods.first { $0.name.hasPrefix("ffmpeg ") }.flatMap { Summary($0.totals)?.median }
        var lines = [
            "### Thumbnails: \(Self.count) × \(Self.width) px of a 60 s 1920×1080 30 fps H.264 clip (keyframe every 2 s)",
            "Medians of \(reelRuns) Reel runs and \(loopRuns) run(s) of each process loop; min–max in brackets.",
            "",
            "| Method | all \(Self.count) (s) | per thumbnail (ms) | first thumbnail (ms) | CPU (s) | vs ffmpeg loop | failed |",
            "|---|---|---|---|---|---|---|",
        ]
        for method in methods {
            guard let total = Summary(method.totals), let first = Summary(method.firsts), let cpu = Summary(method.cpu)
            else { continue }
            let speedup = ffmpegTotal.map { String(format: "%.1f×", $0 / total.median) } ?? "–"
            lines.append(
                "| \(method.name) | \(format(total.median)) [\(format(total.minimum))–\(format(total.maximum))] "
                    + "| \(milliseconds(total.median / Double(Self.count))) "
                    + "| \(milliseconds(first.median)) [\(milliseconds(first.minimum))–\(milliseconds(first.maximum))] "
                    + "| \(format(cpu.median)) | \(speedup) | \(method.failures) |")
        }
        lines.append("")
        lines.append("Reel's first thumbnail with FFmpeg not yet used in the process: \(milliseconds(coldFirst)) ms.")
        var overview: [Overview.Row] = []
        if let reel = methods.first.flatMap({ Summary($0.totals) }) {
            for peer in methods.dropFirst() {
                guard let total = Summary(peer.totals) else { continue }
                let isFFmpeg = peer.name.hasPrefix("ffmpeg ")
                overview.append(
                    Overview.Row(
                        benchmark: "\(Self.count) thumbnails of 1080p (s)", reel: reel.median, peer: total.median,
                        peerName: isFFmpeg ? "ffmpeg loop" : "ffmpegthumbnailer loop", precision: 3,
                        goal: isFFmpeg ? "ratio ≤ 0.2 (≥ 5× faster)" : "—",
                        met: isFFmpeg ? reel.median / total.median <= 0.2 : nil))
            }
        }
        if let first = methods.first.flatMap({ Summary($0.firsts) }) {
            overview.append(
                Overview.Row(
                    benchmark: "First thumbnail (ms)", reel: first.median * 1000, peer: nil, peerName: "—",
                    precision: 1, goal: "≤ 30 ms", met: first.median <= 0.030))
        }
        if let reel = methods.first.flatMap({ Summary($0.totals) }),
            let reelFirst = methods.first.flatMap({ Summary($0.firsts) })
        {
            let speedup = ffmpegTotal.map { $0 / reel.median }
            let speedGoal = speedup.map { $0 >= 5 ? "met" : "not met" } ?? "not measured"
            lines.append(
                "- Goal ≥ 5× faster than the ffmpeg loop: \(speedGoal)\(speedup.map { String(format: " (%.1f×)", $0) } ?? "")"
            )
            let firstGoal = reelFirst.median <= 0.030 ? "met" : "not met"
            lines.append("- Goal first thumbnail ≤ 30 ms: \(firstGoal) (\(milliseconds(reelFirst.median)) ms median)")
        }
        return (lines.joined(separator: "\n") + "\n", overview)
    }

    /// `hh:mm:ss` for ffmpegthumbnailer, which takes whole seconds.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds)
        return String(format: "%02d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
    }

    /// User plus system CPU seconds of this process so far.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func format(_ seconds: Double) -> String { String(format: "%.3f", seconds) }

    private func milliseconds(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }

    private func progress(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
}
