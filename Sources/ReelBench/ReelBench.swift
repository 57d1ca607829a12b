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
        case .benchmark(let settings):
            var overview = Overview()
            if settings.windowOnly {
                if await !printWindow(settings, required: true, into: &overview) { exit(1) }
                return
            }
            if settings.pausedWindowOnly {
                if await !printPausedWindow(settings, required: true, into: &overview) { exit(1) }
                print(overview.markdown(title: "Paused and hidden window"))
                return
            }
            if settings.thumbnailsOnly {
                await printThumbnails(settings, into: &overview)
                return
            }
            if settings.metricsOnly {
                if await !printMetricsCost(settings, into: &overview) { exit(1) }
                print(overview.markdown(title: "Playback metrics"))
                return
            }
            if settings.reducerOnly {
                printReducerThroughput(runs: settings.reducerRuns, into: &overview)
                return
            }
            if settings.probeOnly {
                if await !printProbe(settings, into: &overview) { exit(1) }
                print(overview.markdown(title: "Probe"))
                return
            }
            if settings.contactSheetOnly {
                if await !printContactSheet(settings, into: &overview) { exit(1) }
                print(overview.markdown(title: "Contact sheet"))
                return
            }
            if settings.seekOnly {
                if await !printSeekLatency(settings, into: &overview) { exit(1) }
                print(overview.markdown(title: "Seek latency"))
                return
            }
            if settings.feedOnly {
                if await !printFeed(settings, into: &overview) { exit(1) }
                print(overview.markdown(title: "Feed"))
                return
            }
            if settings.feedNetworkOnly {
                if await !printFeedNetwork(settings, into: &overview) { exit(1) }
                print(overview.markdown(title: "Feed on a network"))
                return
            }
            if settings.nextOnly {
                if await !printNextItem(settings, into: &overview) { exit(1) }
                print(overview.markdown(title: "Next item"))
                return
            }
            // NB: the child processes run first. Linux counts the parent's resident memory in a
            // child's maximum RSS (`posix_spawn` shares the parent's memory until `exec`), so the
            // in-process measurements, which grow this process, come last.
            do {
                guard let mpv = ChildProcess.locate("mpv") else { throw BenchError.missingTool("mpv") }
                guard let executable = Bundle.main.executablePath else { throw BenchError.noExecutablePath }
                let player = URL(fileURLWithPath: executable).deletingLastPathComponent()
                    .appendingPathComponent("ReelBenchPlayer").path
                guard FileManager.default.isExecutableFile(atPath: player) else {
                    throw BenchError.missingTool("ReelBenchPlayer (build its product beside ReelBench)")
                }
                let report = try await Benchmark(settings: settings, executable: executable, player: player, mpv: mpv)
                    .run()
                print("")
                print(report.text())
                print(report.markdown(), terminator: "")
                overview.add(report.overview())
            } catch {
                FileHandle.standardError.write(Data("ReelBench: \(error)\n".utf8))
                exit(1)
            }
            if settings.playbackOnly {
                print(overview.markdown(title: "Headless playback"))
                return
            }
            print("")
            _ = await printWindow(settings, required: false, into: &overview)
            print("")
            _ = await printPausedWindow(settings, required: false, into: &overview)
            print("")
            _ = await printSeekLatency(settings, into: &overview)
            print("")
            _ = await printNextItem(settings, into: &overview)
            print("")
            _ = await printFeed(settings, into: &overview)
            print("")
            _ = await printFeedNetwork(settings, into: &overview)
            print("")
            printReducerThroughput(runs: settings.reducerRuns, into: &overview)
            await printThumbnails(settings, into: &overview)
            print("")
            _ = await printProbe(settings, into: &overview)
            print("")
            _ = await printContactSheet(settings, into: &overview)
            print("")
            print(overview.markdown(title: "All benchmarks, one run (medians; Reel / peer below 1 is better)"))
        }
    }

    /// Prints the seek-latency table: exact seeks on the paused 1080p clip, Reel against mpv.
    /// - Returns: Whether it was measured.
    @MainActor static func printSeekLatency(_ settings: BenchSettings, into overview: inout Overview) async -> Bool {
        guard let mpv = ChildProcess.locate("mpv") else {
            FileHandle.standardError.write(Data("ReelBench: seek latency: mpv was not found on PATH.\n".utf8))
            return false
        }
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let media = BenchMedia(
            seconds: settings.clipSeconds, directory: BenchMedia.defaultDirectory(executable: executable))
        let bench = SeekLatencyBench(
            file: media.url.path, duration: Double(settings.clipSeconds), mpv: mpv, seeks: settings.seeks)
        do {
            _ = try await media.prepare()
            FileHandle.standardError.write(
                Data("Seek latency: \(settings.seeks) exact seeks each, interleaved…\n".utf8))
            let result = try await bench.run()
            guard let reel = Summary(result.reel), let peer = Summary(result.mpv) else { return false }
            func ms(_ value: Double) -> String { String(format: "%.1f", value * 1000) }
            print(
                "### Seek latency (exact seek to playback restart, paused 1080p clip, \(settings.seeks) seeks each, ms)"
            )
            print("| Player | median | min | max |")
            print("|---|---:|---:|---:|")
            print("| Reel (MPVEngine) | \(ms(reel.median)) | \(ms(reel.minimum)) | \(ms(reel.maximum)) |")
            print("| mpv CLI (JSON IPC) | \(ms(peer.median)) | \(ms(peer.minimum)) | \(ms(peer.maximum)) |")
            overview.add(
                Overview.Row(
                    benchmark: "Exact seek, paused 1080p (ms)", reel: reel.median * 1000, peer: peer.median * 1000,
                    peerName: "mpv CLI over IPC", precision: 1, goal: "ratio ≤ 1.05",
                    met: reel.median / peer.median <= 1.05
                ))
            return true
        } catch {
            FileHandle.standardError.write(Data("ReelBench: \(error)\n".utf8))
            return false
        }
    }

    /// Prints the next-item table: the prepared next item to its first frame, Reel against mpv.
    /// - Returns: Whether it was measured.
    @MainActor static func printNextItem(_ settings: BenchSettings, into overview: inout Overview) async -> Bool {
        guard let mpv = ChildProcess.locate("mpv") else {
            FileHandle.standardError.write(Data("ReelBench: next item: mpv was not found on PATH.\n".utf8))
            return false
        }
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let media = BenchMedia(
            seconds: settings.clipSeconds, directory: BenchMedia.defaultDirectory(executable: executable))
        let bench = NextItemBench(file: media.url.path, mpv: mpv, moves: settings.seeks)
        do {
            _ = try await media.prepare()
            FileHandle.standardError.write(Data("Next item: \(settings.seeks) moves each, interleaved…\n".utf8))
            let result = try await bench.run()
            guard let reel = Summary(result.reel), let peer = Summary(result.mpv) else { return false }
            func ms(_ value: Double) -> String { String(format: "%.1f", value * 1000) }
            print("### Next item to first frame (prepared, paused 1080p clip, \(settings.seeks) moves each, ms)")
            print("| Player | median | min | max |")
            print("|---|---:|---:|---:|")
            print(
                "| Reel (prepareNext + playPrepared) | \(ms(reel.median)) | \(ms(reel.minimum)) | \(ms(reel.maximum)) |"
            )
            print(
                "| mpv CLI (prefetch-playlist, playlist-next) | \(ms(peer.median)) | \(ms(peer.minimum)) | \(ms(peer.maximum)) |"
            )
            overview.add(
                Overview.Row(
                    benchmark: "Next item to first frame, 1080p (ms)", reel: reel.median * 1000,
                    peer: peer.median * 1000, peerName: "mpv CLI playlist-next", precision: 1,
                    goal: "median ≤ 50 ms", met: reel.median <= 0.050))
            return true
        } catch {
            FileHandle.standardError.write(Data("ReelBench: \(error)\n".utf8))
            return false
        }
    }

    /// Prints the feed table: swipes to the next item playing with a pool of 3, and the pool's
    /// memory against one player's.
    /// - Returns: Whether it was measured.
    @MainActor static func printFeed(_ settings: BenchSettings, into overview: inout Overview) async -> Bool {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let media = BenchMedia(
            seconds: settings.clipSeconds, directory: BenchMedia.defaultDirectory(executable: executable))
        let bench = FeedBench(file: media.url.path, swipes: settings.seeks)
        do {
            _ = try await media.prepare()
            FileHandle.standardError.write(Data("Feed: \(settings.seeks) swipes with a pool of 3…\n".utf8))
            let result = try await bench.run()
            guard let swipes = Summary(result.swipes) else { return false }
            func ms(_ value: Double) -> String { String(format: "%.1f", value * 1000) }
            let ratio = result.pool / result.onePlayer
            print("### Feed (pool of 3 headless players, 1080p clip, \(settings.seeks) swipes)")
            print("| Measure | median | min | max |")
            print("|---|---:|---:|---:|")
            print(
                "| Swipe to the next item playing (ms) | \(ms(swipes.median)) | \(ms(swipes.minimum)) | \(ms(swipes.maximum)) |"
            )
            print(
                String(
                    format: "Resident memory added (after malloc_trim): one player %.1f MiB, the pool %.1f MiB (%.2f×)",
                    result.onePlayer, result.pool, ratio))
            overview.add(
                Overview.Row(
                    benchmark: "Feed swipe to playing, pool of 3 (ms)", reel: swipes.median * 1000, peer: nil,
                    peerName: "—", precision: 1, goal: "median ≤ 50 ms", met: swipes.median <= 0.050))
            overview.add(
                Overview.Row(
                    benchmark: "Feed pool memory / one player's", reel: ratio, peer: nil, peerName: "—", precision: 2,
                    goal: "≤ 2.5", met: ratio <= 2.5))
            return true
        } catch {
            FileHandle.standardError.write(Data("ReelBench: \(error)\n".utf8))
            return false
        }
    }

    /// Prints the window table (Reel's window with its controls against mpv's windows). Without
    /// `required`, a missing display (no `DISPLAY` and no Xvfb) skips it with a note.
    /// - Returns: Whether the table was printed.
    @MainActor static func printWindow(
        _ settings: BenchSettings, required: Bool, into overview: inout Overview
    ) async -> Bool {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let bench = WindowBench(runs: settings.windowRuns, executable: executable)
        guard required || bench.canHaveDisplay else {
            FileHandle.standardError.write(Data("ReelBench: window: no DISPLAY and no Xvfb, skipped.\n".utf8))
            return false
        }
        do {
            let result = try await bench.run()
            print(result.markdown, terminator: "")
            overview.add(result.overview)
            return true
        } catch {
            FileHandle.standardError.write(Data("ReelBench: window: \(error)\n".utf8))
            return false
        }
    }

    /// Prints the paused and hidden window table (`reel play` against `mpv --vo=x11`). Without
    /// `required`, a missing display or xdotool skips it with a note.
    /// - Returns: Whether the table was printed.
    @MainActor static func printPausedWindow(
        _ settings: BenchSettings, required: Bool, into overview: inout Overview
    ) async -> Bool {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let window = WindowBench(runs: 1, executable: executable)
        guard required || (window.canHaveDisplay && ChildProcess.locate("xdotool") != nil) else {
            FileHandle.standardError.write(Data("ReelBench: paused window: no display or no xdotool, skipped.\n".utf8))
            return false
        }
        do {
            let result = try await PausedWindowBench(runs: settings.pausedRuns, executable: executable).run()
            print(result.markdown, terminator: "")
            overview.add(result.overview)
            return true
        } catch {
            FileHandle.standardError.write(Data("ReelBench: paused window: \(error)\n".utf8))
            return false
        }
    }

    /// Prints the thumbnail table (issue #5's goals: ≥ 5× the ffmpeg loop, first thumbnail ≤ 30 ms).
    static func printThumbnails(_ settings: BenchSettings, into overview: inout Overview) async {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let bench = ThumbnailBench(
            reelRuns: 5, loopRuns: settings.thumbnailLoopRuns,
            directory: BenchMedia.defaultDirectory(executable: executable))
        do {
            let result = try await bench.run()
            print(result.markdown, terminator: "")
            overview.add(result.overview)
        } catch {
            FileHandle.standardError.write(Data("ReelBench: thumbnails: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Prints the probe table: `reel probe` against `ffprobe` on the same local file (issue #13's
    /// goal: wall time ratio ≤ 1.0).
    /// - Returns: Whether it was measured.
    static func printProbe(_ settings: BenchSettings, into overview: inout Overview) async -> Bool {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let media = BenchMedia(
            seconds: settings.clipSeconds, directory: BenchMedia.defaultDirectory(executable: executable))
        do {
            guard let ffprobe = ChildProcess.locate("ffprobe") else { throw BenchError.missingTool("ffprobe") }
            _ = try await media.prepare()
            let reel = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("reel").path
            let result = try ProbeBench(reel: reel, ffprobe: ffprobe, file: media.url.path, runs: settings.probeRuns)
                .run()
            print(result.markdown, terminator: "")
            overview.add(result.overview)
            return true
        } catch {
            FileHandle.standardError.write(Data("ReelBench: probe: \(error)\n".utf8))
            return false
        }
    }

    /// Prints the contact-sheet table: `reel contact-sheet` against vcsi on a 2-minute 1080p clip
    /// (issue #16's goal: at least 10× faster).
    /// - Returns: Whether it was measured.
    static func printContactSheet(_ settings: BenchSettings, into overview: inout Overview) async -> Bool {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let directory = BenchMedia.defaultDirectory(executable: executable)
        let media = BenchMedia(seconds: ContactSheetBench.seconds, directory: directory)
        do {
            guard let vcsi = ContactSheetBench.locateVCSI(mediaDirectory: directory) else {
                throw BenchError.missingTool("vcsi (make bench installs it into .build/bench-venv; or set REEL_VCSI)")
            }
            if let seconds = try await media.prepare() {
                FileHandle.standardError.write(
                    Data("Generated the 2-minute 1080p clip in \(String(format: "%.1f", seconds)) s.\n".utf8))
            }
            let reel = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("reel").path
            let result = try ContactSheetBench(
                reel: reel, vcsi: vcsi, file: media.url.path, runs: settings.contactSheetRuns
            ).run()
            print(result.markdown, terminator: "")
            overview.add(result.overview)
            return true
        } catch {
            FileHandle.standardError.write(Data("ReelBench: contact sheet: \(error)\n".utf8))
            return false
        }
    }

    /// Prints the reducer throughput table (issue #3's goal: at least 1 M events/s).
    static func printReducerThroughput(runs: Int, into overview: inout Overview) {
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
        for (name, summary) in [("PlaybackReducer", result.playbackReducer), ("PlayerFeature", result.playerFeature)] {
            overview.add(
                Overview.Row(
                    benchmark: "\(name) throughput (M events/s)", reel: summary.median / 1e6, peer: nil, peerName: "—",
                    precision: 2, goal: "≥ 1 M/s", met: summary.median >= 1e6))
        }
    }
}
