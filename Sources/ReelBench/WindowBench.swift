import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelDrawing
import ReelSDL
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reel's window against mpv's own windows: 10 s of the 1280×720 30 fps demo clip (`reel demo`)
/// in `reel play --no-audio --controls always`, stopped with `SIGTERM`, and in mpv with
/// `--vo=x11` and with `--vo=gpu --gpu-sw=yes`, interleaved on the same X display (a private
/// Xvfb when `DISPLAY` is not set); plus the time to redraw the player's controls, measured by
/// drawing the real ``PlayerContainer`` into a ``CairoCanvas`` in this process. Goal: Reel's
/// CPU time at most that of the cheaper mpv window, with its controls visible.
struct WindowBench {
    /// Runs of each player.
    var runs: Int
    /// This executable; `reel` is looked for next to it.
    var executable: String

    /// Seconds of playback per run.
    static let seconds = 10
    /// Redraws per timed batch.
    static let redrawsPerBatch = 300
    /// Timed batches of redraws.
    static let redrawBatches = 5
    /// The window's (and the canvas's) size.
    static let width = 1_280
    static let height = 720

    /// The `reel` executable of the same build.
    var reel: String {
        URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("reel").path
    }

    /// Whether a display can be had: `DISPLAY` is set or Xvfb is installed.
    var canHaveDisplay: Bool { XDisplay.inherited != nil || ChildProcess.locate("Xvfb") != nil }

    /// One player's command and samples.
    private struct Player {
        var name: String
        var executable: String
        var arguments: [String]
        var terminates: Bool
        var samples: [ProcessSample] = []
    }

    /// Measures everything and returns the Markdown table and the overview's rows.
    @MainActor func run() async throws(BenchError) -> (markdown: String, overview: [Overview.Row]) {
        guard FileManager.default.isExecutableFile(atPath: reel) else {
            throw .failed("\(reel) was not found: build it with `swift build -c release --product reel`.")
        }
        guard let mpv = ChildProcess.locate("mpv") else { throw .missingTool("mpv") }
        let clip = try await demoClip()
        progress("Window clip: \(clip)")

        let redraw = try Self.measureRedraw()
        progress(
            "Controls redraw: median \(format(redraw.milliseconds.median, 3)) ms over \(Self.redrawBatches) "
                + "batches of \(Self.redrawsPerBatch)")

        let display = try XDisplay.open()
        defer { display.close() }
        progress("Display: \(display.name)\(display.isPrivate ? " (private Xvfb)" : "")")
        let environment = ["DISPLAY": display.name]

        let mpvCommon = ["--no-config", "--ao=null", "--hwdec=no", "--length=\(Self.seconds)", "--really-quiet"]
        var players = [
            Player(
                name: "Reel", executable: reel, arguments: ["play", clip, "--no-audio", "--controls", "always"],
                terminates: true),
            Player(name: "mpv x11", executable: mpv, arguments: mpvCommon + ["--vo=x11", clip], terminates: false),
            Player(
                name: "mpv gpu-sw", executable: mpv,
                arguments: mpvCommon + ["--vo=gpu", "--gpu-sw=yes", "--gpu-context=x11egl", clip], terminates: false),
        ]

        progress("Warming up (2 s of each, not counted)…")
        for player in players {
            let arguments = player.terminates ? player.arguments : player.arguments + ["--length=2"]
            _ = try ChildProcess.run(
                player.executable, arguments, environment: environment,
                terminateAfter: player.terminates ? .seconds(2) : nil)
        }

        for index in 0..<runs {
            // Rotate who goes first so that every player meets the machine's noise alike.
            for offset in players.indices {
                let which = (index + offset) % players.count
                let player = players[which]
                let sample = try ChildProcess.run(
                    player.executable, player.arguments, environment: environment,
                    terminateAfter: player.terminates ? .seconds(Self.seconds) : nil)
                players[which].samples.append(sample)
                progress(
                    "Window, run \(index + 1)/\(runs), \(player.name): CPU \(format(sample.cpuSeconds, 3)) s, "
                        + "max RSS \(format(sample.maxResidentMebibytes, 1)) MiB, wall \(format(sample.wallSeconds, 3)) s"
                )
            }
        }
        return report(players: players, redraw: redraw)
    }

    // MARK: - Report

    private func report(players: [Player], redraw: Redraw) -> (markdown: String, overview: [Overview.Row]) {
        let reel = players[0]
        let mpvX11 = players[1]
        let mpvGPU = players[2]
        var lines = [
            "### Window (\(Self.seconds) s of the \(Self.width)x\(Self.height) 30 fps demo clip, \(runs) runs each, "
                + "interleaved, medians; Reel `--controls always` stopped with SIGTERM; "
                + "goal: ratio ≤ 1.0, controls visible)",
            "| Metric | Reel median | Reel min | Reel max | mpv x11 median | mpv gpu-sw median | Reel / cheaper mpv | goal |",
            "|---|---:|---:|---:|---:|---:|---:|---|",
        ]
        let metrics: [(String, Int, (ProcessSample) -> Double, Bool)] = [
            ("CPU user+sys (s)", 3, \.cpuSeconds, true),
            ("CPU user (s)", 3, \.userSeconds, false),
            ("CPU system (s)", 3, \.systemSeconds, false),
            ("Max RSS (MiB)", 1, \.maxResidentMebibytes, false),
            ("Wall (s)", 3, \.wallSeconds, false),
        ]
        var cpuRatio = Double.infinity
        var overview: [Overview.Row] = []
        for (metric, precision, value, hasGoal) in metrics {
            guard let ours = Summary(reel.samples.map(value)), let x11 = Summary(mpvX11.samples.map(value)),
                let gpu = Summary(mpvGPU.samples.map(value))
            else { continue }
            let cheaper = x11.median <= gpu.median ? ("x11", x11.median) : ("gpu-sw", gpu.median)
            let ratio = ours.median / cheaper.1
            var goal = "—"
            if hasGoal {
                cpuRatio = ratio
                goal = ratio <= 1.0 && redraw.controlsVisible ? "met" : "not met"
                overview.append(
                    Overview.Row(
                        benchmark: "Window CPU, \(Self.seconds) s of 720p with controls (s)", reel: ours.median,
                        peer: cheaper.1, peerName: "mpv --vo=\(cheaper.0)", precision: 3,
                        goal: "ratio ≤ 1.0, controls visible", met: ratio <= 1.0 && redraw.controlsVisible))
            }
            lines.append(
                "| \(metric) | \(format(ours.median, precision)) | \(format(ours.minimum, precision)) | "
                    + "\(format(ours.maximum, precision)) | \(format(x11.median, precision)) | "
                    + "\(format(gpu.median, precision)) | \(format(ratio, 3)) (vs \(cheaper.0)) | \(goal) |")
        }
        let ms = redraw.milliseconds
        lines.append(
            "| Controls redraw, 1280x720 cairo (ms) | \(format(ms.median, 3)) | \(format(ms.minimum, 3)) | "
                + "\(format(ms.maximum, 3)) | — | — | — | "
                + "\(redraw.controlsVisible ? "controls visible" : "controls NOT visible") |")
        lines.append("")
        lines.append(
            "Redraw: \(Self.redrawBatches) batches of \(Self.redrawsPerBatch) full redraws (clear + "
                + "`PlayerContainer.draw(in:)` into a `CairoCanvas` on a 1280x720 `FrameBuffer`), mean per batch; "
                + "controls drew \(redraw.drawnPixels) device pixels (composited per frame). Goal "
                + "(CPU ratio ≤ 1.0 and controls visible): \(cpuRatio <= 1.0 && redraw.controlsVisible ? "met" : "not met")."
        )
        overview.append(
            Overview.Row(
                benchmark: "Controls redraw, 1280x720 (ms)", reel: ms.median, peer: nil, peerName: "—", precision: 3,
                goal: "controls visible", met: redraw.controlsVisible))
        return (lines.joined(separator: "\n") + "\n", overview)
    }

    // MARK: - Controls redraw

    /// The controls' redraw time and whether they drew anything.
    struct Redraw {
        /// Milliseconds per redraw, one sample per batch.
        var milliseconds: Summary
        /// Device pixels inside the drawn region of the last redraw (what a frame composites).
        var drawnPixels: Int
        /// The controls were presented and drew something.
        var controlsVisible: Bool
    }

    /// Draws the real player container with its controls presented, over a loaded 20 s item with
    /// tracks, chapters and a buffered range, into a 1280×720 cairo canvas.
    @MainActor static func measureRedraw() throws(BenchError) -> Redraw {
        var state = PlayerFeature.State()
        state.playback.status = .ready
        state.playback.intent = PlayIntent(playWhenReady: true, reason: .user)
        state.playback.duration = 20
        state.playback.isSeekable = true
        state.playback.bufferedRanges = [TimeRange(start: 0, end: 12.5), TimeRange(start: 15, end: 17)]
        state.playback.chapters = [
            Chapter(title: "Opening", start: 0), Chapter(title: "Middle", start: 7), Chapter(title: "End", start: 14),
        ]
        state.playback.tracks = [
            Track(
                id: 1, kind: .video, codec: "h264", isDefault: true, isSelected: true, width: width, height: height,
                frameRate: 30),
            Track(id: 1, kind: .audio, codec: "aac", language: "eng", isSelected: true, channelCount: 2),
            Track(id: 2, kind: .audio, codec: "aac", language: "fra", channelCount: 2),
            Track(id: 1, kind: .subtitle, codec: "subrip", language: "eng", title: "English"),
        ]
        state.elapsedTime = 7.25
        let store = Store(initialState: state, reducer: PlayerFeature())
        let container = PlayerContainer(store: store)
        container.perform(.player(.controls(.showRequested)))
        let frame = FrameBuffer(width: width, height: height)
        let canvas: CairoCanvas
        do {
            canvas = try CairoCanvas(frame: frame, scale: 1)
        } catch {
            throw .failed("cairo: \(error.message)")
        }
        container.layout(size: Size(width: Double(width), height: Double(height)), scale: 1)
        for _ in 0..<10 {
            canvas.clear()
            container.draw(in: canvas)
        }
        var batches: [Double] = []
        for _ in 0..<redrawBatches {
            let start = ContinuousClock.now
            for _ in 0..<redrawsPerBatch {
                canvas.clear()
                container.draw(in: canvas)
            }
            let elapsed = ContinuousClock.now - start
            batches.append(elapsedSeconds(elapsed) * 1_000 / Double(redrawsPerBatch))
        }
        let drawn = canvas.drawnRegion.area
        guard let summary = Summary(batches) else { throw .failed("No redraw was timed.") }
        return Redraw(
            milliseconds: summary, drawnPixels: drawn, controlsVisible: container.controls.isPresented && drawn > 0)
    }

    // MARK: - Clip and display

    /// The demo clip's path, from `reel demo --generate-only` (which generates it when missing).
    func demoClip() async throws(BenchError) -> String {
        let result: ExecutionResult<Void, StringOutput<UTF8>, DiscardedOutput>
        do {
            result = try await Subprocess.run(
                .path(FilePath(reel)), arguments: ["demo", "--generate-only"], output: .string(limit: 1 << 20))
        } catch {
            throw .spawnFailed(reel, "\(error)")
        }
        let lines = result.standardOutput.split(separator: "\n")
        guard result.terminationStatus.isSuccess, let path = lines.last.map(String.init),
            FileManager.default.fileExists(atPath: path)
        else {
            throw .failed("`reel demo --generate-only` did not print the clip's path.")
        }
        return path
    }

    private func progress(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
}

/// The X display the window runs on: `DISPLAY`, or a private Xvfb started for the benchmark.
struct XDisplay {
    /// The value of `DISPLAY` for the children, such as `:90`.
    var name: String
    /// The Xvfb process, when the display is private.
    var server: pid_t?

    var isPrivate: Bool { server != nil }

    /// `DISPLAY`, when set and not empty.
    static var inherited: String? {
        ProcessInfo.processInfo.environment["DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `DISPLAY` when set; otherwise a new Xvfb on the first free display number from 90, once
    /// its socket appears (within 10 s).
    static func open() throws(BenchError) -> XDisplay {
        if let inherited { return XDisplay(name: inherited, server: nil) }
        guard let xvfb = ChildProcess.locate("Xvfb") else { throw .missingTool("Xvfb") }
        let fileManager = FileManager.default
        guard
            let number = (90..<190).first(where: {
                !fileManager.fileExists(atPath: "/tmp/.X11-unix/X\($0)")
                    && !fileManager.fileExists(atPath: "/tmp/.X\($0)-lock")
            })
        else { throw .failed("No free X display number from :90 to :189.") }
        let pid = try ChildProcess.spawn(
            xvfb, [":\(number)", "-screen", "0", "\(WindowBench.width)x\(WindowBench.height)x24", "-nolisten", "tcp"])
        let display = XDisplay(name: ":\(number)", server: pid)
        let deadline = ContinuousClock.now + .seconds(10)
        while !fileManager.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                throw .failed("Xvfb :\(number) exited at start (wait status \(status)).")
            }
            guard ContinuousClock.now < deadline else {
                display.close()
                throw .failed("Xvfb :\(number) did not open its socket within 10 s.")
            }
            usleep(20_000)
        }
        return display
    }

    /// Stops the private Xvfb and reaps it; nothing for an inherited display.
    ///
    /// SIGKILL, not SIGTERM: a process that blocks SIGTERM (as a test runner's children do)
    /// hands the blocked mask to what it spawns, and that Xvfb would never stop, leaving this
    /// wait forever. A killed Xvfb leaves its lock file and socket, so they are removed here.
    func close() {
        guard let server else { return }
        kill(server, SIGKILL)
        var status: Int32 = 0
        while waitpid(server, &status, 0) < 0 && errno == EINTR {}
        let number = name.dropFirst()
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
    }
}

private func elapsedSeconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

private func format(_ value: Double, _ precision: Int) -> String { String(format: "%.\(precision)f", value) }
