import Foundation
import ReelCore

/// Reads what a file or stream holds with libavformat, without playing it: its container,
/// streams (with whether this machine decodes each), chapters, programs and tags.
///
/// ```swift
/// let media = try await MediaProbe().probe(URL(fileURLWithPath: "clip.mkv"))
/// for stream in media.streams { print(stream.index, stream.kind, stream.codec, stream.isDecodable) }
/// if let reason = media.unplayableReason { print("not playable here: \(reason)") }
/// ```
///
/// Unlike opening an item in a player, probing reports media that cannot be played here (a codec
/// without a decoder, a file of subtitles only) in full; only what libavformat cannot open fails,
/// with a ``ProbeError``.
///
/// **Bounds.** Addresses pass ``policy`` first, and only `file`, `http` and `https` are
/// probed. What the address refers to (an HLS playlist's segments and keys) is held to FFmpeg's
/// protocol whitelist: `file` and `crypto` for a local file, `http`, `https`, `tcp`, `tls` and
/// `crypto` for a remote one, so a remote manifest cannot reach local files or other protocols,
/// and a local one cannot reach the network. At most ``probeSize`` bytes and ``analyzeDuration``
/// of media are read to find the streams' parameters, and an interrupt callback stops FFmpeg at
/// ``timeout`` (or when the asking task is cancelled), also while it waits for a server.
///
/// **FFmpeg's log.** The probe never changes FFmpeg's process-wide log level or callback: libmpv
/// installs that callback and reads FFmpeg's messages to explain failures. The decoders the probe
/// opens (its own and those inside `avformat_find_stream_info`) are silenced per context with
/// `log_level_offset`; FFmpeg 5.1 has no per-context level for the format context, its HTTP I/O
/// or nested demuxers, so their messages go to the process's callback: standard error at FFmpeg's
/// level, or, while libmpv runs, the log of the first libmpv instance. A command-line tool that
/// runs no libmpv may silence them process-wide (`reel probe` does, with ReelPreview's
/// `FFmpegLog.quiet()`).
public struct MediaProbe: Hashable, Sendable {
    /// Which addresses may be opened; `file`, `http` and `https` by default.
    public var policy: URLPolicy
    /// How long opening and reading the streams' parameters may take (zero or less: no time at all).
    public var timeout: Duration
    /// At most this many bytes are read to find the streams' parameters (FFmpeg's `probesize`).
    public var probeSize: Int
    /// At most this much media is read for them (FFmpeg's `analyzeduration`).
    public var analyzeDuration: Duration
    /// Whether to open a decoder for each audio, video and subtitle stream (a few milliseconds
    /// at most), so that ``ProbedStream/isDecodable`` also means the decoder accepts the stream's
    /// parameters; otherwise it means a decoder exists.
    public var opensDecoders: Bool

    /// The schemes the probe knows how to hold to a protocol whitelist.
    public static let schemes: Set<String> = ["file", "http", "https"]

    /// Creates a probe. The defaults are FFmpeg's own bounds (5 MB, 5 s) and a 10 s deadline.
    public init(
        policy: URLPolicy = .standard, timeout: Duration = .seconds(10), probeSize: Int = 5_000_000,
        analyzeDuration: Duration = .seconds(5), opensDecoders: Bool = true
    ) {
        self.policy = policy
        self.timeout = timeout
        self.probeSize = probeSize
        self.analyzeDuration = analyzeDuration
        self.opensDecoders = opensDecoders
    }

    /// Reads `url` on a thread of its own (never on Swift's cooperative pool). Cancelling the
    /// task interrupts FFmpeg, which then throws ``ProbeError/Code/cancelled``.
    public func probe(_ url: URL) async throws(ProbeError) -> ProbedMedia {
        let request = try request(for: url)
        let session = ProbeSession()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<ProbedMedia, ProbeError>, Never>) in
                let thread = Thread { continuation.resume(returning: session.run(request)) }
                thread.name = "ReelProbe"
                thread.start()
            }
        } onCancel: {
            session.cancel()
        }
        return try result.get()
    }

    /// Throws what ``probe(_:)`` would throw before opening anything: a refused scheme, or a
    /// folder. An isolated probe (ReelIsolation) checks this in the app's own process.
    public func check(_ url: URL) throws(ProbeError) {
        _ = try request(for: url)
    }

    /// Reads `url` on the calling thread, which it blocks for up to ``timeout``: not for the main
    /// actor or Swift's cooperative pool.
    public func probeBlocking(_ url: URL) throws(ProbeError) -> ProbedMedia {
        try ProbeSession().run(try request(for: url)).get()
    }

    /// Checks `url` against the policy and turns it into what FFmpeg opens.
    func request(for url: URL) throws(ProbeError) -> ProbeRequest {
        do {
            try policy.check(url)
        } catch {
            let scheme = url.scheme?.lowercased() ?? ""
            throw ProbeError(.refusedScheme(scheme), message: error.message)
        }
        let scheme = url.scheme?.lowercased() ?? ""
        guard Self.schemes.contains(scheme) else {
            throw ProbeError(
                .refusedScheme(scheme),
                message: "Probing \"\(scheme)\" addresses is not supported: only file, http and https.")
        }
        let name = url.isFileURL ? "\"\(url.lastPathComponent)\"" : "\"\(url.absoluteString)\""
        if url.isFileURL {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw ProbeError(.notMedia, message: "\(name) is a folder, not a media file.")
            }
        }
        return ProbeRequest(
            url: url,
            // A path, not a file: URL, so that FFmpeg reads it as it is (no percent decoding).
            location: url.isFileURL ? url.path : url.absoluteString,
            name: name,
            whitelist: url.isFileURL ? "file,crypto" : "http,https,tcp,tls,crypto",
            probeSize: Int64(max(probeSize, 32)),
            analyzeDuration: Self.microseconds(analyzeDuration),
            // Zero or less times out at once (FFmpeg's side reads 0 as no deadline).
            timeout: max(Self.seconds(timeout), 0.000_001),
            opensDecoders: opensDecoders
        )
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Whole microseconds, at least 1, at most a year (FFmpeg's option is an int64_t).
    private static func microseconds(_ duration: Duration) -> Int64 {
        Int64(min(max(seconds(duration) * 1e6, 1), 365 * 86_400 * 1e6).rounded())
    }
}

/// One address, ready for FFmpeg.
struct ProbeRequest: Sendable {
    var url: URL
    /// What avformat_open_input gets: an absolute path, or the URL.
    var location: String
    /// How messages name it: the quoted file name, or the quoted address.
    var name: String
    var whitelist: String
    var probeSize: Int64
    var analyzeDuration: Int64
    var timeout: Double
    var opensDecoders: Bool
}
