import Foundation

/// `reel probe --json` against `ffprobe -v error -show_streams -show_format -of json` on the same
/// local file: both read the container and its streams' parameters with libavformat and print
/// them as JSON. Each run is a whole process, start-up included (what a user waits for), measured
/// as wall time from spawn to reaping. Runs alternate, and which tool goes first alternates every
/// round, after warm-up runs of each that fill the page cache. Goal (issue #13): Reel's median
/// wall time at most ffprobe's (ratio ≤ 1.0).
struct ProbeBench {
    /// The `reel` executable (the release build next to ReelBench).
    var reel: String
    var ffprobe: String
    /// The file both probe.
    var file: String
    /// Measured runs of each tool.
    var runs: Int

    /// Unmeasured runs of each tool first.
    static let warmUpRuns = 3

    func run() throws(BenchError) -> (markdown: String, overview: [Overview.Row]) {
        guard FileManager.default.isExecutableFile(atPath: reel) else {
            throw .failed("\(reel) is not built (make bench builds it in release).")
        }
        let reelArguments = ["probe", "--json", file]
        let ffprobeArguments = ["-v", "error", "-show_streams", "-show_format", "-of", "json", file]
        progress("Probe: \(runs) runs each of reel probe and ffprobe on \(file), interleaved…")
        for _ in 0..<Self.warmUpRuns {
            _ = try ChildProcess.run(reel, reelArguments)
            _ = try ChildProcess.run(ffprobe, ffprobeArguments)
        }
        var reelSamples: [ProcessSample] = []
        var ffprobeSamples: [ProcessSample] = []
        for round in 0..<runs {
            if round % 2 == 0 {
                reelSamples.append(try ChildProcess.run(reel, reelArguments))
                ffprobeSamples.append(try ChildProcess.run(ffprobe, ffprobeArguments))
            } else {
                ffprobeSamples.append(try ChildProcess.run(ffprobe, ffprobeArguments))
                reelSamples.append(try ChildProcess.run(reel, reelArguments))
            }
        }
        guard let reelWall = Summary(reelSamples.map(\.wallSeconds)),
            let peerWall = Summary(ffprobeSamples.map(\.wallSeconds)),
            let reelCPU = Summary(reelSamples.map(\.cpuSeconds)),
            let peerCPU = Summary(ffprobeSamples.map(\.cpuSeconds)),
            let reelRSS = Summary(reelSamples.map(\.maxResidentMebibytes)),
            let peerRSS = Summary(ffprobeSamples.map(\.maxResidentMebibytes))
        else { throw .failed("probe: no samples") }
        let ratio = reelWall.median / peerWall.median
        func ms(_ value: Double) -> String { String(format: "%.1f", value * 1000) }
        func row(_ name: String, _ reel: Summary, _ peer: Summary, _ format: (Double) -> String) -> String {
            "| \(name) | \(format(reel.median)) | \(format(reel.minimum)) | \(format(reel.maximum)) | "
                + "\(format(peer.median)) | \(format(peer.minimum)) | \(format(peer.maximum)) | "
                + String(format: "%.3f", reel.median / peer.median) + " |"
        }
        let lines = [
            "### Probe (`reel probe --json` and `ffprobe -show_streams -show_format -of json` on \(URL(fileURLWithPath: file).lastPathComponent), \(runs) runs each, interleaved, medians; goal: wall ratio ≤ 1.0)",
            "| Metric | Reel median | Reel min | Reel max | ffprobe median | ffprobe min | ffprobe max | Reel / ffprobe |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
            row("Wall, start to exit (ms)", reelWall, peerWall, ms),
            row("CPU user+sys (ms)", reelCPU, peerCPU, ms),
            row("Max RSS (MiB)", reelRSS, peerRSS) { String(format: "%.1f", $0) },
            "",
            "- Goal wall ratio ≤ 1.0: \(ratio <= 1.0 ? "met" : "not met") (\(String(format: "%.3f", ratio)))",
            "",
        ]
        let overview = Overview.Row(
            benchmark: "Probe a local file, wall (ms)", reel: reelWall.median * 1000, peer: peerWall.median * 1000,
            peerName: "ffprobe", precision: 1, goal: "ratio ≤ 1.00", met: ratio <= 1.0)
        return (lines.joined(separator: "\n"), [overview])
    }

    private func progress(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }
}
