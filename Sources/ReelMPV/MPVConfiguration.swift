import Foundation
import Logging
import ReelCore

/// How an ``MPVEngine`` is set up. The security defaults cannot be switched off here.
///
/// ```swift
/// let engine = try MPVEngine(configuration: .headless)                 // tests and servers
/// var options = MPVConfiguration.standard
/// options.urlPolicy = options.urlPolicy.allowing("rtsp")
/// let networked = try MPVEngine(configuration: options)
/// ```
public struct MPVConfiguration: Sendable {
    /// Where pictures go.
    public enum VideoOutput: Sendable, Hashable {
        /// Nowhere (`vo=null`): decode and time frames, show nothing — until a host makes a
        /// renderer with `MPVEngine.makeVideoRenderer(_:)`, which switches the engine to the
        /// render API.
        case none
        /// Into a host's render context (`vo=libmpv`, mpv's render API).
        case renderAPI
        /// Into mpv's own window with its on-screen controller (`vo=gpu`, software GL allowed).
        case ownWindow
    }

    /// Whether video may be decoded by the GPU: what ``/ReelCore/PlaybackInfo/hardwareDecoder``
    /// then reports.
    public enum HardwareDecoding: String, Sendable, Hashable, CaseIterable {
        /// Software decoding only (libmpv's `hwdec=no`): works everywhere, costs CPU.
        case off
        /// A GPU decoder when one known to be safe is available (libmpv's `auto-safe`), software
        /// otherwise.
        case autoSafe
    }

    /// How an RTSP source's media comes: RTSP only negotiates, the pictures and sound come
    /// over RTP.
    public enum RTSPTransport: String, Sendable, Hashable, CaseIterable {
        /// Interleaved in the RTSP connection itself (libmpv's default): passes firewalls and
        /// NAT, loses nothing, what most IP cameras serve.
        case tcp
        /// In UDP datagrams beside the connection: the lowest latency on a local network,
        /// where a lost packet shows as a damaged picture.
        case udp
        /// UDP first, TCP when nothing comes over UDP (FFmpeg's own choice, libmpv's `lavf`).
        case automatic = "lavf"
    }

    /// Where sound goes.
    public enum AudioOutput: Sendable, Hashable {
        /// Nowhere (`ao=null`); timing still follows the clock.
        case none
        /// The system's default output.
        case system
        /// A WAV file the decoded sound is written to as it plays (`ao=pcm`): what a listener
        /// would hear, sample for sample, for tests and measurements (gapless joins).
        case waveFile(URL)
    }

    /// Where pictures go. Default: ``VideoOutput/none``.
    public var video: VideoOutput = .none
    /// Where sound goes. Default: ``AudioOutput/system``.
    public var audio: AudioOutput = .system
    /// Which addresses may be opened. Default: ``/ReelCore/URLPolicy/standard``.
    public var urlPolicy: URLPolicy = .standard
    /// How the engine buffers: the wait before playing, the read-ahead, the cache's limits, the
    /// network timeout and HTTP reconnection. Default ``/ReelCore/BufferingPolicy/standard``; a
    /// player changes it at run time with `Player.setBufferingPolicy(_:)`.
    public var buffering = BufferingPolicy.standard
    /// Seconds without network data before a stream fails with a network error: the
    /// ``buffering`` policy's ``/ReelCore/BufferingPolicy/networkTimeout``.
    public var networkTimeout: TimeInterval {
        get { buffering.networkTimeout }
        set { buffering.networkTimeout = newValue }
    }
    /// How many times a live HLS playlist may be reloaded without bringing a new segment before
    /// the stream counts as ended (FFmpeg's `m3u8_hold_counters`; each reload waits about a
    /// segment's duration). A `Player` then reloads the item at its live edge a few times
    /// (`PlayerFeature.LiveReload`) before it fails with `liveStreamStopped`. Default 6.
    public var livePlaylistPatience = 6
    /// How RTSP sources (when the URL policy allows `rtsp`) carry their media. Default
    /// ``RTSPTransport/tcp``.
    public var rtspTransport = RTSPTransport.tcp
    /// Whether video may be decoded by the GPU. Default ``HardwareDecoding/off``.
    public var hardwareDecoding = HardwareDecoding.off
    /// The loudest volume the engine takes (``/ReelCore/EngineCommand/setVolume(_:)``), 1…10:
    /// above 1 amplifies (and may clip). Default 1.3, libmpv's own 130 %.
    public var maximumVolume = 1.3
    /// The lowest libmpv log level always asked of libmpv (`"fatal"`, `"error"`, `"warn"`,
    /// `"info"`, `"v"`, `"debug"`, `"trace"`): the lines kept to explain failures. libmpv is asked
    /// for more when ``logger``'s level wants more, so that `logger.logLevel` alone decides what
    /// an app sees. libmpv's levels map to swift-log's as fatal → critical, error → error, warn →
    /// warning, info → info, v → debug, debug and trace → trace.
    public var logLevel = "warn"
    /// Where the engine's log lines go: libmpv's (FFmpeg's, libass's and the demuxers' messages
    /// among them) and what libxml2 would otherwise print to standard error (FFmpeg's DASH
    /// demuxer parses manifests with it), on the engine's threads, with the metadata
    /// `reel.engine`, `reel.source`, `reel.item`, `mpv.module` and `mpv.level`.
    ///
    /// Off by default, so that nothing reaches a terminal unasked: pass a `Logger(label:)` to send
    /// Reel's lines wherever the app's other logs go (`LoggingSystem.bootstrap`).
    public var logger = Logger(label: "reel.mpv", factory: { _ in SwiftLogNoOpLogHandler() })
    /// Extra libmpv options, for experts. Options that would weaken the security defaults
    /// (``MPVEngine/protectedOptions``) are refused with ``/ReelCore/PlayerError/Code/invalidArgument``.
    public var options: [String: String] = [:]

    /// Creates the standard configuration: no video output, system audio, standard URL policy.
    public init() {}

    /// The standard configuration.
    public static var standard: MPVConfiguration { MPVConfiguration() }

    /// No video output and no audio output: for tests, servers and benchmarks.
    public static var headless: MPVConfiguration {
        var configuration = MPVConfiguration()
        configuration.audio = .none
        return configuration
    }
}

extension MPVConfiguration {
    /// The level asked of libmpv: ``logLevel``, or what ``logger``'s level needs when that is more.
    var requestedLogLevel: String {
        let wanted = EngineLog.mpvLevel(for: logger.logLevel)
        let order = ["no", "fatal", "error", "warn", "info", "status", "v", "debug", "trace"]
        let asked = order.firstIndex(of: logLevel) ?? order.count
        return (order.firstIndex(of: wanted) ?? 0) > asked ? wanted : logLevel
    }
}
