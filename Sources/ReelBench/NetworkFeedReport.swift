import Foundation
import ReelTestSupport

extension ReelBench {
    /// Prints the network feed's tables (one per link speed) and adds the goals at 8 Mbit/s
    /// (issue #25) to `overview`.
    /// - Returns: Whether it was measured.
    @MainActor static func printFeedNetwork(_ settings: BenchSettings, into overview: inout Overview) async -> Bool {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let media = NetworkFeedMedia(directory: BenchMedia.defaultDirectory(executable: executable))
        let mpv = ChildProcess.locate("mpv")
        if mpv == nil {
            FileHandle.standardError.write(Data("ReelBench: feed on a network: no mpv on PATH, no peer.\n".utf8))
        }
        let bench = NetworkFeedBench(media: media, swipes: settings.swipes, mpv: mpv)
        let started = ContinuousClock.now
        let runs: [NetworkFeedBench.Run]
        do {
            if let seconds = try await media.prepare() {
                FileHandle.standardError.write(
                    Data("Generated the network feed's 20 clips in \(String(format: "%.1f", seconds)) s.\n".utf8))
            }
            FileHandle.standardError.write(
                Data("Feed on a network: \(settings.swipes) swipes per configuration and speed…\n".utf8))
            runs = try await bench.run { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
        } catch {
            FileHandle.standardError.write(Data("ReelBench: feed on a network: \(error)\n".utf8))
            return false
        }
        let elapsed = ContinuousClock.now - started
        let progressive = runs.filter { $0.feed == .progressive }
        for megabits in NetworkFeedBench.speeds where progressive.contains(where: { $0.megabits == megabits }) {
            print(
                networkTable(
                    progressive.filter { $0.megabits == megabits }, megabits: megabits, swipes: settings.swipes))
        }
        let hls = runs.filter { $0.feed == .hls }
        if !hls.isEmpty { print(hlsTable(hls, swipes: settings.swipes)) }
        let live = runs.filter { $0.feed == .live }
        if !live.isEmpty { print(liveTable(live, swipes: settings.swipes)) }
        print(String(format: "Feed on a network: measured in %.0f s.\n", Double(elapsed.components.seconds)))
        let atGoalSpeed = progressive.filter { $0.megabits == 8 }
        if let reel = atGoalSpeed.first(where: { $0.configuration == .reelStandard }) {
            overview.add(networkGoals(reel, peer: atGoalSpeed.first { $0.configuration == .mpv }))
        }
        if let reel = hls.first(where: { $0.configuration == .reelStandard }) {
            overview.add(hlsGoals(reel, peer: hls.first { $0.configuration == .mpv }))
        }
        if let reel = live.first(where: { $0.configuration == .reelStandard }) {
            overview.add(liveGoals(reel, peer: live.first { $0.configuration == .mpv }))
        }
        return true
    }

    /// The HLS feed's table: the network table's columns, with what was watched counted in the
    /// highest variant's bytes (what every configuration here plays).
    private static func hlsTable(_ runs: [NetworkFeedBench.Run], swipes: Int) -> String {
        var lines = [
            "### Feed of HLS streams: \(Int(NetworkFeedBench.hlsSpeed)) Mbit/s, 40 ms latency (20 streams of 720p "
                + "2 Mbit/s and 360p 0.5 Mbit/s in 1 s segments, \(swipes) swipes, seed 25)",
            "| Configuration | first frame p50 (ms) | p95 | playing p50 (ms) | p95 | stalls / 100 swipes "
                + "| fetched (MB) | fetched / watched (720p) |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for run in runs {
            let timeouts = run.timeouts > 0 ? " (\(run.timeouts) never played)" : ""
            let latencies = latencyCells(run.firstFrame, run.playing)
            let bytes = String(
                format: "| %.1f | %.1f | %.2f |", run.stallsPer100Swipes, Double(run.fetched) / 1e6,
                run.fetchedOverWatched)
            lines.append("| \(run.configuration.name)\(timeouts) " + latencies + bytes)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The live rooms' table: their visits' latencies, and how far behind the edge they joined.
    private static func liveTable(_ runs: [NetworkFeedBench.Run], swipes: Int) -> String {
        var lines = [
            "### Live rooms in the feed: \(Int(NetworkFeedBench.hlsSpeed)) Mbit/s, 40 ms latency (every third item "
                + "a live HLS room, 720p 2 Mbit/s in 1 s segments, a window of 6; \(swipes) swipes, seed 25)",
            "| Configuration | room visits | first frame p50 (ms) | p95 | playing p50 (ms) | p95 "
                + "| behind the edge when left, p50 (s) | max | stalls / 100 swipes (all items) |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for run in runs {
            let latencies = latencyCells(run.liveFirstFrame, run.livePlaying)
            let behind = String(
                format: "| %.1f | %.1f | %.1f |", percentileMilliseconds(run.liveBehindEdge, 0.5) / 1000,
                run.liveBehindEdge.max() ?? .nan, run.stallsPer100Swipes)
            lines.append("| \(run.configuration.name) | \(run.liveFirstFrame.count) " + latencies + behind)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A row of `reel`'s figure against `peer`'s (mpv's), met when Reel's is lower (or equal,
    /// with `allowEqual`).
    private static func peerRow(
        _ name: String, _ reel: NetworkFeedBench.Run, _ peer: NetworkFeedBench.Run?,
        _ value: (NetworkFeedBench.Run) -> Double, precision: Int, allowEqual: Bool = false
    ) -> Overview.Row {
        let mine = value(reel)
        let theirs = peer.map(value)
        return Overview.Row(
            benchmark: name, reel: mine, peer: theirs, peerName: "mpv --prefetch-playlist", precision: precision,
            goal: allowEqual ? "≤ peer" : "< peer", met: theirs.map { allowEqual ? mine <= $0 : mine < $0 } ?? true)
    }

    /// The HLS feed's rows, Reel with its standard policy against mpv.
    private static func hlsGoals(_ reel: NetworkFeedBench.Run, peer: NetworkFeedBench.Run?) -> [Overview.Row] {
        let name = { (figure: String) in "HLS feed on 8 Mbit/s: \(figure)" }
        return [
            peerRow(
                name("swipe to first frame p95 (ms)"), reel, peer, { percentileMilliseconds($0.firstFrame, 0.95) },
                precision: 1),
            peerRow(
                name("swipe to playing p95 (ms)"), reel, peer, { percentileMilliseconds($0.playing, 0.95) },
                precision: 1),
            peerRow(
                name("visible stalls / 100 swipes"), reel, peer, \.stallsPer100Swipes, precision: 1, allowEqual: true),
            peerRow(name("bytes fetched / watched"), reel, peer, \.fetchedOverWatched, precision: 2),
        ]
    }

    /// The live rooms' rows, Reel with its standard policy against mpv.
    private static func liveGoals(_ reel: NetworkFeedBench.Run, peer: NetworkFeedBench.Run?) -> [Overview.Row] {
        let name = { (figure: String) in "Live rooms on 8 Mbit/s: \(figure)" }
        return [
            peerRow(
                name("swipe to first frame p95 (ms)"), reel, peer, { percentileMilliseconds($0.liveFirstFrame, 0.95) },
                precision: 1),
            peerRow(
                name("swipe to playing p95 (ms)"), reel, peer, { percentileMilliseconds($0.livePlaying, 0.95) },
                precision: 1),
            peerRow(
                name("behind the edge p50 (s)"), reel, peer, { percentileMilliseconds($0.liveBehindEdge, 0.5) / 1000 },
                precision: 1),
            peerRow(name("behind the edge, most (s)"), reel, peer, { $0.liveBehindEdge.max() ?? .nan }, precision: 1),
        ]
    }

    /// The p50 and p95 of the swipes' first frames and playing, in milliseconds: four cells of a
    /// table row, each opened with `|`.
    private static func latencyCells(_ firstFrame: [Double], _ playing: [Double]) -> String {
        [firstFrame, playing].flatMap { samples in [0.5, 0.95].map { percentileMilliseconds(samples, $0) } }
            .map { String(format: "| %.1f ", $0) }.joined()
    }

    /// The `p`-th percentile of `samples` (nearest rank), in milliseconds.
    static func percentileMilliseconds(_ samples: [Double], _ p: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1] * 1000
    }

    private static func networkTable(_ runs: [NetworkFeedBench.Run], megabits: Double, swipes: Int) -> String {
        var lines = [
            "### Feed on a network: \(Int(megabits)) Mbit/s, 40 ms latency (20 clips, 720p 2 Mbit/s, \(swipes) swipes, seed 25)",
            "| Configuration | first frame p50 (ms) | p95 | playing p50 (ms) | p95 | stalls / 100 swipes "
                + "| fetched (MB) | watched (MB) | fetched / watched | wasted |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for run in runs {
            let timeouts = run.timeouts > 0 ? " (\(run.timeouts) never played)" : ""
            lines.append(
                "| \(run.configuration.name)\(timeouts) " + latencyCells(run.firstFrame, run.playing)
                    + String(format: "| %.1f ", run.stallsPer100Swipes)
                    + String(format: "| %.1f | %.1f ", Double(run.fetched) / 1e6, run.account.watchedBytes / 1e6)
                    + String(format: "| %.2f | %.0f %% |", run.fetchedOverWatched, run.wastedShare * 100))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The goals at 8 Mbit/s, Reel with its standard policy against mpv.
    private static func networkGoals(_ reel: NetworkFeedBench.Run, peer: NetworkFeedBench.Run?) -> [Overview.Row] {
        let peerName = "mpv --prefetch-playlist"
        func row(
            _ name: String, _ value: (NetworkFeedBench.Run) -> Double, precision: Int, bound: Double?,
            boundText: String?,
            allowEqual: Bool = false
        ) -> Overview.Row {
            let mine = value(reel)
            let theirs = peer.map(value)
            let withinBound = bound.map { mine <= $0 } ?? true
            let beatsPeer = theirs.map { allowEqual ? mine <= $0 : mine < $0 } ?? true
            let peerText = allowEqual ? "≤ peer" : "< peer"
            let goal = [boundText, peer == nil ? nil : peerText].compactMap { $0 }.joined(separator: ", ")
            return Overview.Row(
                benchmark: "Feed on 8 Mbit/s: \(name)", reel: mine, peer: theirs, peerName: peerName,
                precision: precision, goal: goal, met: withinBound && beatsPeer)
        }
        return [
            row(
                "swipe to first frame p50 (ms)", { percentileMilliseconds($0.firstFrame, 0.5) }, precision: 1,
                bound: 100, boundText: "≤ 100 ms"),
            row(
                "swipe to first frame p95 (ms)", { percentileMilliseconds($0.firstFrame, 0.95) }, precision: 1,
                bound: 300, boundText: "≤ 300 ms"),
            row(
                "swipe to playing p50 (ms)", { percentileMilliseconds($0.playing, 0.5) }, precision: 1, bound: nil,
                boundText: nil),
            row(
                "swipe to playing p95 (ms)", { percentileMilliseconds($0.playing, 0.95) }, precision: 1, bound: nil,
                boundText: nil),
            // Stalls: none against none is as good as it gets, so equal to the peer's meets it.
            row(
                "visible stalls / 100 swipes", \.stallsPer100Swipes, precision: 1, bound: 1, boundText: "≤ 1",
                allowEqual: true),
            row("wasted share of bytes (%)", { $0.wastedShare * 100 }, precision: 0, bound: 25, boundText: "≤ 25 %"),
            row("bytes fetched / watched", \.fetchedOverWatched, precision: 2, bound: nil, boundText: nil),
        ]
    }
}
