import Foundation

/// How an engine buffers media before and while it plays: AVPlayer's
/// `preferredForwardBufferDuration` and `automaticallyWaitsToMinimizeStalling`, with the cache's
/// limits, the network timeout and HTTP reconnection.
///
/// ```swift
/// var configuration = MPVConfiguration.standard
/// configuration.buffering.waiting = .toMinimizeStalls     // start and resume with 5 s ahead
/// configuration.buffering.resumeAfter = 5
/// try player.setBufferingPolicy(.playImmediately)         // or per player, at run time
/// ```
///
/// Every default is libmpv's own except ``networkTimeout`` (Reel's 20 s, libmpv's is 60 s).
public struct BufferingPolicy: Hashable, Sendable {
    /// When playback waits for data instead of playing what it has.
    public enum Waiting: String, Hashable, Sendable, CaseIterable {
        /// Waits before it starts and whenever the buffer runs dry, until ``resumeAfter`` seconds
        /// are buffered (AVPlayer's `automaticallyWaitsToMinimizeStalling`; libmpv's
        /// `cache-pause` and `cache-pause-initial`).
        case toMinimizeStalls
        /// Starts with what it has, and waits (``resumeAfter``) only when the buffer runs dry:
        /// libmpv's default (`cache-pause` without `cache-pause-initial`).
        case whenStalled
        /// Never waits: plays whatever arrives, and stutters when the network is slower than the
        /// media (AVPlayer's `playImmediately(atRate:)`; libmpv's `cache-pause=no`).
        case never
    }

    /// When playback waits for data. Default ``Waiting/whenStalled``.
    public var waiting = Waiting.whenStalled
    /// Seconds of media that must be buffered before playback starts or resumes after waiting
    /// (libmpv's `cache-pause-wait`). Default 1.
    public var resumeAfter: TimeInterval = 1
    /// How many seconds ahead of the position to read (libmpv's `cache-secs` and
    /// `demuxer-readahead-secs`); nil leaves libmpv's own: as much as ``maximumForwardBytes``
    /// holds for network streams (`cache-secs` 1000), 1 s for local files. Default nil.
    public var forwardBufferDuration: TimeInterval?
    /// The most bytes read ahead of the position (libmpv's `demuxer-max-bytes`). Default 150 MiB.
    public var maximumForwardBytes = 150 * 1024 * 1024
    /// The most bytes kept behind the position, for quick seeks back (libmpv's
    /// `demuxer-max-back-bytes`). Default 50 MiB.
    public var maximumBackwardBytes = 50 * 1024 * 1024
    /// Seconds without network data before a stream fails with a network error (libmpv's
    /// `network-timeout`). Default 20.
    public var networkTimeout: TimeInterval = 20
    /// Whether an HTTP stream whose connection drops is opened again where it stopped, with
    /// FFmpeg's `reconnect`, `reconnect_streamed` and `reconnect_on_network_error` (waiting up to
    /// 5 s between attempts) instead of failing. Default false: once what was buffered has
    /// played, a dropped connection ends the item with ``PlayerError/Code/connectionLost(at:)``
    /// (libmpv alone would retry for 11 s, then report the end of the media). Takes effect for
    /// the next item opened.
    public var reconnectsHTTP = false
    /// The socket receive buffer of network streams in bytes (FFmpeg's `recv_buffer_size`); nil
    /// leaves the system's, which grows to megabytes on a fast link. Reading stops at the cache's
    /// limits, but the system keeps receiving until this buffer is full: a small one makes those
    /// limits the bytes fetched (a feed's paused neighbours), at the cost of the throughput of
    /// links with a long round trip (256 KiB carries 20 Mbit/s at 100 ms). From 16 KiB. Takes
    /// effect for the next item opened.
    public var receiveBufferBytes: Int?

    /// libmpv's defaults, with a 20 s network timeout.
    public init() {}

    /// The default policy (see each property).
    public static let standard = BufferingPolicy()

    /// Waits before starting and after a stall until 5 s are buffered: fewer stalls, later starts.
    public static var minimizingStalls: BufferingPolicy {
        var policy = BufferingPolicy()
        policy.waiting = .toMinimizeStalls
        policy.resumeAfter = 5
        return policy
    }

    /// Never waits for the buffer: the fastest start, stutters on a slow network.
    public static var playImmediately: BufferingPolicy {
        var policy = BufferingPolicy()
        policy.waiting = .never
        return policy
    }

    /// Throws unless every value is one an engine takes: times finite and positive (the network
    /// timeout at least 1 s, a forward duration up to a day), byte limits from 1 MiB.
    public func check() throws(PlayerError) {
        guard resumeAfter.isFinite, (0...3600).contains(resumeAfter) else {
            throw PlayerError(.invalidArgument, message: "The buffer to resume after must be 0 to 3600 seconds.")
        }
        if let forwardBufferDuration,
            !(forwardBufferDuration.isFinite && (0.1...86_400).contains(forwardBufferDuration))
        {
            throw PlayerError(.invalidArgument, message: "The forward buffer must be 0.1 to 86400 seconds.")
        }
        if let receiveBufferBytes, receiveBufferBytes < 16 << 10 {
            throw PlayerError(.invalidArgument, message: "A receive buffer must hold at least 16 KiB.")
        }
        guard maximumForwardBytes >= 1 << 20, maximumBackwardBytes >= 0 else {
            throw PlayerError(
                .invalidArgument, message: "The cache must hold at least 1 MiB ahead, and not a negative size behind.")
        }
        guard networkTimeout.isFinite, (1...3600).contains(networkTimeout) else {
            throw PlayerError(.invalidArgument, message: "The network timeout must be 1 to 3600 seconds.")
        }
    }
}
