import Foundation

/// Measures Reel against the mpv command-line player on the same clip, in child processes,
/// alternating which of the two goes first so that both share the machine's noise.
struct Benchmark {
    /// How many runs, and which clip.
    var settings: BenchSettings
    /// This executable (the media cache is found from it).
    var executable: String
    /// `ReelBenchPlayer`, the headless app that plays Reel's samples.
    var player: String
    /// The mpv command-line player.
    var mpv: String

    /// mpv's options: no configuration, no video or audio output, software decoding, quit at the
    /// end. Reel's child uses the same outputs and decoding (`MPVConfiguration.headless`).
    static let mpvOptions = ["--no-config", "--vo=null", "--ao=null", "--hwdec=no", "--keep-open=no", "--really-quiet"]

    /// Prepares the clip, runs every sample and returns the report.
    func run() async throws(BenchError) -> BenchReport {
        let directory = BenchMedia.defaultDirectory(executable: executable)
        let media = BenchMedia(seconds: settings.clipSeconds, directory: directory)
        progress("Clip: \(media.url.path)")
        if let seconds = try await media.prepare() {
            progress("Generated the \(settings.clipSeconds) s 1080p clip in \(String(format: "%.1f", seconds)) s.")
        } else {
            progress("Using the cached clip.")
        }
        let file = media.url.path
        let reelPlay = Command(player, [file])
        let mpvPlay = Command(mpv, Self.mpvOptions + [file])
        let reelFirstFrame = Command(player, [file, "--first-frame"])
        let mpvFirstFrame = Command(mpv, Self.mpvOptions + ["--frames=1", file])

        progress("Warming up (one first-frame run of each, not counted)…")
        _ = try reelFirstFrame.run()
        _ = try mpvFirstFrame.run()

        let (reelPlays, mpvPlays) = try interleave(
            reelPlay, mpvPlay, runs: settings.runs, label: "Whole clip (\(settings.clipSeconds) s)")
        let (reelFirst, mpvFirst) = try interleave(
            reelFirstFrame, mpvFirstFrame, runs: settings.firstFrameRuns, label: "First frame")

        func row(_ metric: String, _ precision: Int, _ reel: [Double], _ mpv: [Double]) -> BenchReport.Row? {
            guard let reel = Summary(reel), let mpv = Summary(mpv) else { return nil }
            return BenchReport.Row(metric: metric, reel: reel, mpv: mpv, precision: precision)
        }
        let rows = [
            row(Metric.cpu, 3, reelPlays.map(\.cpuSeconds), mpvPlays.map(\.cpuSeconds)),
            row("CPU user (s)", 3, reelPlays.map(\.userSeconds), mpvPlays.map(\.userSeconds)),
            row("CPU system (s)", 3, reelPlays.map(\.systemSeconds), mpvPlays.map(\.systemSeconds)),
            row(Metric.memory, 1, reelPlays.map(\.maxResidentMebibytes), mpvPlays.map(\.maxResidentMebibytes)),
            row("Wall, whole clip (s)", 3, reelPlays.map(\.wallSeconds), mpvPlays.map(\.wallSeconds)),
            row(Metric.firstFrame, 3, reelFirst.map(\.wallSeconds), mpvFirst.map(\.wallSeconds)),
            row("CPU, first frame (s)", 3, reelFirst.map(\.cpuSeconds), mpvFirst.map(\.cpuSeconds)),
        ].compactMap { $0 }
        let title =
            "ReelBench: \(settings.clipSeconds) s 1920x1080 30 fps H.264 + AAC, headless; "
            + "\(settings.runs) whole-clip and \(settings.firstFrameRuns) first-frame runs each (medians, interleaved)"
        return BenchReport(
            title: title, rows: rows,
            goals: [
                .init(metric: Metric.cpu, bound: .ratio(1.02)), .init(metric: Metric.firstFrame, bound: .ratio(1.0)),
                .init(metric: Metric.memory, bound: .excess(5)),
            ])
    }

    /// The metrics that have goals.
    enum Metric {
        static let cpu = "CPU user+sys, whole clip (s)"
        static let firstFrame = "Time to first frame (s)"
        static let memory = "Max RSS (MiB)"
    }

    /// Runs `reel` and `mpv` `runs` times each, alternating which goes first.
    private func interleave(_ reel: Command, _ mpv: Command, runs: Int, label: String) throws(BenchError)
        -> (reel: [ProcessSample], mpv: [ProcessSample])
    {
        var reelSamples: [ProcessSample] = []
        var mpvSamples: [ProcessSample] = []
        for index in 0..<runs {
            let reelFirst = index.isMultiple(of: 2)
            for isReel in reelFirst ? [true, false] : [false, true] {
                let sample = try (isReel ? reel : mpv).run()
                if isReel { reelSamples.append(sample) } else { mpvSamples.append(sample) }
                let measured = String(
                    format: "CPU %.3f s, max RSS %.1f MiB, wall %.3f s", sample.cpuSeconds,
                    sample.maxResidentMebibytes, sample.wallSeconds)
                progress("\(label), run \(index + 1)/\(runs), \(isReel ? "Reel" : "mpv"): \(measured)")
            }
        }
        return (reelSamples, mpvSamples)
    }

    /// One child process to run.
    private struct Command {
        var executable: String
        var arguments: [String]

        init(_ executable: String, _ arguments: [String]) {
            self.executable = executable
            self.arguments = arguments
        }

        func run() throws(BenchError) -> ProcessSample { try ChildProcess.run(executable, arguments) }
    }

    private func progress(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
}
