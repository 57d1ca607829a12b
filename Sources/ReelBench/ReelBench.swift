import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ReelBench`: CPU time, peak memory and time to first frame of Reel against the mpv
/// command-line player (`make bench`). See ``BenchMode/usage``.
@main
enum ReelBench {
    @MainActor static func main() async {
        let mode: BenchMode
        do {
            mode = try BenchMode.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("ReelBench: \(error.message)\n\n\(BenchMode.usage)\n".utf8))
            exit(64)
        }
        switch mode {
        case .help:
            print(BenchMode.usage)
        case .childPlay(let path, let firstFrameOnly):
            exit(await ChildPlayback.run(path: path, firstFrameOnly: firstFrameOnly))
        case .benchmark(let settings):
            if settings.windowOnly {
                if !printWindow(settings, required: true) { exit(1) }
                return
            }
            if settings.thumbnailsOnly {
                await printThumbnails(settings)
                return
            }
            if settings.reducerOnly {
                printReducerThroughput(runs: settings.reducerRuns)
                return
            }
            // NB: the child processes run first. Linux counts the parent's resident memory in a
            // child's maximum RSS (`posix_spawn` shares the parent's memory until `exec`), so the
            // in-process measurements, which grow this process, come last.
            do {
                guard let mpv = ChildProcess.locate("mpv") else { throw BenchError.missingTool("mpv") }
                guard let executable = Bundle.main.executablePath else { throw BenchError.noExecutablePath }
                let report = try Benchmark(settings: settings, executable: executable, mpv: mpv).run()
                print("")
                print(report.text())
                print(report.markdown(), terminator: "")
            } catch {
                FileHandle.standardError.write(Data("ReelBench: \(error)\n".utf8))
                exit(1)
            }
            print("")
            _ = printWindow(settings, required: false)
            print("")
            printReducerThroughput(runs: settings.reducerRuns)
            await printThumbnails(settings)
        }
    }

    /// Prints the window table (Reel's window with its controls against mpv's windows). Without
    /// `required`, a missing display (no `DISPLAY` and no Xvfb) skips it with a note.
    /// - Returns: Whether the table was printed.
    @MainActor static func printWindow(_ settings: BenchSettings, required: Bool) -> Bool {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let bench = WindowBench(runs: settings.windowRuns, executable: executable)
        guard required || bench.canHaveDisplay else {
            FileHandle.standardError.write(Data("ReelBench: window: no DISPLAY and no Xvfb, skipped.\n".utf8))
            return false
        }
        do {
            print(try bench.run(), terminator: "")
            return true
        } catch {
            FileHandle.standardError.write(Data("ReelBench: window: \(error)\n".utf8))
            return false
        }
    }

    /// Prints the thumbnail table (issue #5's goals: ≥ 5× the ffmpeg loop, first thumbnail ≤ 30 ms).
    static func printThumbnails(_ settings: BenchSettings) async {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let bench = ThumbnailBench(
            reelRuns: 5, loopRuns: settings.thumbnailLoopRuns,
            directory: BenchMedia.defaultDirectory(executable: executable))
        do {
            print(try await bench.run(), terminator: "")
        } catch {
            FileHandle.standardError.write(Data("ReelBench: thumbnails: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Prints the reducer throughput table (issue #3's goal: at least 1 M events/s).
    static func printReducerThroughput(runs: Int) {
        FileHandle.standardError.write(Data("Reducer throughput: \(runs) runs of 1 M engine events…\n".utf8))
        guard let result = ReducerThroughput.measure(runs: runs) else { return }
        func line(_ name: String, _ summary: Summary) -> String {
            let millions = { (value: Double) in String(format: "%.2f", value / 1e6) }
            let met = summary.median >= 1e6 ? "met" : "not met"
            return
                "| \(name) | \(millions(summary.median)) | \(millions(summary.minimum)) | \(millions(summary.maximum)) | \(met) |"
        }
        print("### Reducer throughput (M events/s, release, \(runs) runs; goal ≥ 1 M events/s)")
        print("| Reducer | median | min | max | goal |")
        print("|---|---|---|---|---|")
        print(line("PlaybackReducer", result.playbackReducer))
        print(line("PlayerFeature", result.playerFeature))
        print("")
    }
}
