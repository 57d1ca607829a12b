import Foundation

/// `reel contact-sheet` against vcsi, the contact-sheet tool people use, on a 2-minute 1920×1080
/// H.264 clip (a keyframe every 2 s): the same grid (4 × 5), about the same width (1480 px),
/// a header and time stamps, a PNG each. Each run is a whole process (vcsi runs ffprobe and one
/// ffmpeg per tile; its CPU time includes theirs), runs alternate which tool goes first, after one
/// warm-up run of each. Goal (issue #16): Reel at least 10× faster in wall time (ratio ≤ 0.1).
///
/// vcsi comes from PyPI: `make bench` installs it into a virtual environment under `.build`
/// (`bench-venv`); `REEL_VCSI` names another one. Without it the comparison is skipped.
struct ContactSheetBench {
    /// The `reel` executable (the release build next to ReelBench).
    var reel: String
    /// vcsi's executable.
    var vcsi: String
    /// The clip.
    var file: String
    /// Measured runs of each tool.
    var runs: Int

    /// The 2-minute clip's length.
    static let seconds = 120

    /// Where vcsi is: `$REEL_VCSI`, else `bench-venv/bin/vcsi` in the scratch path above
    /// `mediaDirectory`, else `PATH`.
    static func locateVCSI(mediaDirectory: URL) -> String? {
        if let path = ProcessInfo.processInfo.environment["REEL_VCSI"], !path.isEmpty {
            return FileManager.default.isExecutableFile(atPath: path) ? path : nil
        }
        let venv = mediaDirectory.deletingLastPathComponent().appendingPathComponent("bench-venv/bin/vcsi").path
        if FileManager.default.isExecutableFile(atPath: venv) { return venv }
        return ChildProcess.locate("vcsi")
    }

    func run() throws(BenchError) -> (markdown: String, overview: [Overview.Row]) {
        guard FileManager.default.isExecutableFile(atPath: reel) else {
            throw .failed("\(reel) is not built (make bench builds it in release).")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "reel-contact-sheet-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let reelArguments = [
            "contact-sheet", file, "--columns", "4", "--rows", "5", "--width", "360", "--out",
            scratch.appendingPathComponent("reel.png").path,
        ]
        let vcsiArguments = [
            file, "-g", "4x5", "-w", "1480", "-t", "-o", scratch.appendingPathComponent("vcsi.png").path,
        ]
        progress("Contact sheet: \(runs) runs each of reel contact-sheet and vcsi on \(file), interleaved…")
        _ = try ChildProcess.run(reel, reelArguments)
        _ = try ChildProcess.run(vcsi, vcsiArguments)
        var reelSamples: [ProcessSample] = []
        var vcsiSamples: [ProcessSample] = []
        for round in 0..<runs {
            if round % 2 == 0 {
                reelSamples.append(try ChildProcess.run(reel, reelArguments))
                vcsiSamples.append(try ChildProcess.run(vcsi, vcsiArguments))
            } else {
                vcsiSamples.append(try ChildProcess.run(vcsi, vcsiArguments))
                reelSamples.append(try ChildProcess.run(reel, reelArguments))
            }
            progress(
                "Contact sheet, round \(round + 1)/\(runs): reel \(ms(reelSamples.last?.wallSeconds ?? 0)) ms, "
                    + "vcsi \(ms(vcsiSamples.last?.wallSeconds ?? 0)) ms")
        }
        guard let reelWall = Summary(reelSamples.map(\.wallSeconds)),
            let peerWall = Summary(vcsiSamples.map(\.wallSeconds)),
            let reelCPU = Summary(reelSamples.map(\.cpuSeconds)),
            let peerCPU = Summary(vcsiSamples.map(\.cpuSeconds))
        else { throw .failed("contact sheet: no samples") }
        let ratio = reelWall.median / peerWall.median
        func row(_ name: String, _ reel: Summary, _ peer: Summary) -> String {
            "| \(name) | \(ms(reel.median)) [\(ms(reel.minimum))–\(ms(reel.maximum))] | "
                + "\(ms(peer.median)) [\(ms(peer.minimum))–\(ms(peer.maximum))] | "
                + String(format: "%.3f", reel.median / peer.median) + " |"
        }
        let lines = [
            "### Contact sheet: 4 × 5 tiles of a 2-minute 1920×1080 30 fps H.264 clip (keyframe every 2 s), "
                + "header and time stamps, PNG, \(runs) runs each, interleaved",
            "| Metric | reel contact-sheet | vcsi -g 4x5 -w 1480 -t | Reel / vcsi |",
            "|---|---:|---:|---:|",
            row("Wall, start to exit (ms)", reelWall, peerWall),
            row("CPU user+sys, with children (ms)", reelCPU, peerCPU),
            "",
            "- Goal ≥ 10× faster than vcsi (wall ratio ≤ 0.1): \(ratio <= 0.1 ? "met" : "not met") "
                + String(format: "(%.1f× faster)", 1 / ratio),
            "",
        ]
        let overview = Overview.Row(
            benchmark: "Contact sheet of 2 min 1080p, wall (ms)", reel: reelWall.median * 1000,
            peer: peerWall.median * 1000, peerName: "vcsi", precision: 1, goal: "ratio ≤ 0.1 (≥ 10× faster)",
            met: ratio <= 0.1)
        return (lines.joined(separator: "\n"), [overview])
    }

    private func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }

    private func progress(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }
}
