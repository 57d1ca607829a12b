/// What one run of `ReelBench` was asked to do, parsed from its command line by hand (the
/// target depends on nothing but Reel's own modules).
enum BenchMode: Equatable {
    /// Measure Reel against the mpv command-line player.
    case benchmark(BenchSettings)
    /// Print the usage.
    case help

    /// The usage text.
    static let usage = """
        USAGE: ReelBench [--runs N] [--ttff-runs N] [--quick] [--thumbnails-only] [--window-only] [--seek-only]
                         [--next-only] [--feed-only] [--feed-network-only] [--swipes N]
                         [--probe-only] [--probe-runs N] [--contact-sheet-only]
                         [--paused-window-only] [--paused-runs N]

        Plays a generated 1920x1080 30 fps H.264/AAC clip headless, with Reel (MPVEngine and Player
        in ReelBenchPlayer, a headless app beside this executable) and with the mpv command-line player, interleaved, and prints the median,
        minimum and maximum of CPU time, peak memory and time to first frame for each.

        OPTIONS:
          --runs N        Whole-clip runs of each player (default 5; each lasts as long as the clip).
          --ttff-runs N   First-frame runs of each player (default 15).
          --quick         Use a 5-second clip instead of the 30-second one.
          --playback-only Measure only headless playback against the mpv CLI (CPU, memory, first frame).
          --reducer-only  Measure only the reducers' throughput (no playback).
          --metrics-only  Measure only what playback metrics cost: the metrics reducer per event
                          and headless playback's events and CPU with statistics sampled or not.
          --reducer-runs N  Runs of the reducer throughput measurement (default 5).
          --thumbnails-only Measure only thumbnails: 100 of a 60 s 1080p clip, Reel against loops of
                          ffmpeg and ffmpegthumbnailer (5 Reel runs, 5 of each loop; 1 with --quick).
          --window-only   Measure only the window: 10 s of the 1280x720 demo clip in Reel's window
                          (controls always shown) against mpv's x11 and gpu-sw windows, CPU and
                          memory, and the time to redraw the controls (a private Xvfb without
                          DISPLAY; the default run adds this table last when Xvfb or DISPLAY exists).
          --window-runs N Runs of each player in the window benchmark (default 5).
          --paused-window-only  Measure only paused and hidden windows: `reel play` against
                          `mpv --vo=x11` on the demo clip, paused with the space key (xdotool) over
                          30 s, and unmapped while playing over 10 s; CPU of all threads and their
                          context switches (a private Xvfb without DISPLAY; the default run adds
                          this table after the window's when xdotool and a display exist).
          --paused-runs N Runs of each player in each state of the paused-window benchmark (default 3).
          --seek-only     Measure only the seek latency: exact seeks on the paused 1080p clip,
                          Reel's engine against the mpv CLI over its JSON IPC, interleaved.
          --seeks N       Seeks of each player in the seek-latency benchmark (default 25), and
                          moves of each in the next-item benchmark.
          --next-only     Measure only the next item to its first frame: the paused 1080p clip queued
                          after itself, Reel's prepareNext + playPrepared against the mpv CLI's
                          playlist-next with --prefetch-playlist=yes, interleaved.
          --feed-only     Measure only the feed: swipes to the next item playing with a pool of 3
                          headless players, and the pool's memory against one player's.
          --feed-network-only  Measure only the feed on a network: 20 generated 720p clips of
                          10-20 s (2 Mbit/s) from a loopback server at 4, 8 and 20 Mbit/s with
                          40 ms latency, one seeded viewer (watches 1-8 s, swipes, sometimes
                          back), with Reel's pool (standard and unbounded preloading) and mpv
                          --prefetch-playlist=yes: swipe to first frame and to playing, stalls,
                          bytes fetched over bytes watched. About 15 minutes with 20 swipes.
          --swipes N      Swipes per configuration and speed in the network feed (default 20).
                          REEL_FEED_SPEEDS=8,20 and REEL_FEED_CONFIGURATIONS=standard,unbounded,mpv
                          narrow it to some speeds and configurations.
          --probe-only    Measure only probing: `reel probe --json` against `ffprobe -show_streams
                          -show_format -of json` on the same local 1080p clip, wall time, interleaved.
          --probe-runs N  Runs of each probe in the probe benchmark (default 21).
          --contact-sheet-only  Measure only contact sheets: `reel contact-sheet` against vcsi
                          (REEL_VCSI, or .build/bench-venv, which `make bench` fills) on a 2-minute
                          1080p clip, 4 x 5 tiles, wall time, interleaved (5 runs each; 2 with --quick).
          -h, --help      Show this help.

        ENVIRONMENT:
          REEL_MEDIA_DIR  Where the clip is cached (default: .build/reel-media in the package).
        """

    /// Parses the arguments after the executable's name.
    static func parse(_ arguments: [String]) throws(BenchUsageError) -> BenchMode {
        var settings = BenchSettings()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help": return .help
            case "--quick": settings.quick = true
            case "--reducer-only": settings.reducerOnly = true
            case "--metrics-only": settings.metricsOnly = true
            case "--thumbnails-only": settings.thumbnailsOnly = true
            case "--window-only": settings.windowOnly = true
            case "--paused-window-only": settings.pausedWindowOnly = true
            case "--paused-runs": settings.pausedRuns = try count(remaining.popFirst(), for: argument)
            case "--seek-only": settings.seekOnly = true
            case "--next-only": settings.nextOnly = true
            case "--feed-only": settings.feedOnly = true
            case "--feed-network-only": settings.feedNetworkOnly = true
            case "--swipes": settings.swipes = try count(remaining.popFirst(), for: argument)
            case "--probe-only": settings.probeOnly = true
            case "--playback-only": settings.playbackOnly = true
            case "--contact-sheet-only": settings.contactSheetOnly = true
            case "--probe-runs": settings.probeRuns = try count(remaining.popFirst(), for: argument)
            case "--seeks": settings.seeks = try count(remaining.popFirst(), for: argument)
            case "--window-runs": settings.windowRuns = try count(remaining.popFirst(), for: argument)
            case "--reducer-runs": settings.reducerRuns = try count(remaining.popFirst(), for: argument)
            case "--runs": settings.runs = try count(remaining.popFirst(), for: argument)
            case "--ttff-runs": settings.firstFrameRuns = try count(remaining.popFirst(), for: argument)
            default: throw BenchUsageError("Unknown argument \"\(argument)\".")
            }
        }
        return .benchmark(settings)
    }

    private static func count(_ value: String?, for option: String) throws(BenchUsageError) -> Int {
        guard let value, let count = Int(value), count >= 1 else {
            throw BenchUsageError("\(option) needs a whole number of at least 1.")
        }
        return count
    }
}

/// How the benchmark runs.
struct BenchSettings: Equatable {
    /// Whole-clip runs of each player.
    var runs = 5
    /// First-frame runs of each player.
    var firstFrameRuns = 15
    /// Use the 5-second clip.
    var quick = false
    /// Measure only the reducers.
    var reducerOnly = false
    /// Measure only what playback metrics cost (`--metrics-only`).
    var metricsOnly = false
    /// Runs of the reducer throughput measurement.
    var reducerRuns = 5
    /// Measure only the thumbnails.
    var thumbnailsOnly = false
    /// Measure only the window.
    var windowOnly = false
    /// Runs of each player in the window benchmark.
    var windowRuns = 5
    /// Measure only paused and hidden windows.
    var pausedWindowOnly = false
    /// Runs of each player in each state of the paused-window benchmark.
    var pausedRuns = 3
    /// Measure only the seek latency.
    var seekOnly = false
    /// Only the next-item latency.
    var nextOnly = false
    /// Only the feed.
    var feedOnly = false
    /// Only the feed on a network.
    var feedNetworkOnly = false
    /// Swipes per configuration and speed in the network feed benchmark.
    var swipes = 20
    /// Exact seeks per player in the seek-latency benchmark.
    var seeks = 25
    /// Measure only probing.
    var probeOnly = false
    /// Only headless playback against the mpv CLI: CPU, memory and time to first frame.
    var playbackOnly = false
    /// Runs of each probe in the probe benchmark.
    var probeRuns = 21
    /// Measure only contact sheets.
    var contactSheetOnly = false

    /// Runs of each contact-sheet tool (vcsi takes seconds per sheet).
    var contactSheetRuns: Int { quick ? 2 : 5 }

    /// Runs of each thumbnail process loop (one loop of ffmpeg takes 15–35 s): five, for medians
    /// of five like every other benchmark.
    var thumbnailLoopRuns: Int { quick ? 1 : 5 }

    /// The clip's length in seconds.
    var clipSeconds: Int { quick ? 5 : 30 }
}

/// A malformed command line.
struct BenchUsageError: Error {
    /// What is wrong.
    var message: String

    init(_ message: String) { self.message = message }
}
