import CMPV
import Foundation
import ReelCore
import Synchronization

/// A second, headless libmpv instance that takes single pictures at keyframes: seek previews
/// for remote media that has no thumbnail sprites (the approach of mpv's thumbfast script).
///
/// ```swift
/// let grabber = try FrameGrabber(width: 160)
/// let media = try await grabber.open(URL(string: "https://example.com/clip.mp4")!)
/// if let frame = try await grabber.frame(at: 42) { show(frame.pixels, frame.width, frame.height) }
/// await grabber.shutdown()
/// ```
///
/// It has its own `mpv_handle` with no video or audio output (`vo=null`, `ao=null`), starts
/// paused and seeks to keyframes only (`hr-seek=no`); each picture is the keyframe at or before
/// the requested time, scaled by mpv to the requested width and read with `screenshot-raw`.
///
/// ## Threading
/// Every method is safe to call from any thread or task. One dedicated thread owns the handle:
/// it opens items, seeks, takes the pictures and receives libmpv's events, one request at a time.
/// Only the newest picture request waits: a request that a newer one overtakes before it starts
/// returns nil at once (a scrub has moved on), as does a request whose task is cancelled.
///
/// ## Lifetime
/// The handle lives until ``shutdown()`` or deinit; the grabber's thread destroys it after its
/// last request. Later calls throw ``/ReelCore/PlayerError/Code/engineGone``.
///
/// ## Security
/// The same rules as ``MPVEngine``: no configuration files, scripts, youtube-dl or terminal, no
/// unsafe playlist entries, the same FFmpeg protocol allowlist, and every URL passes the
/// configuration's ``MPVConfiguration/urlPolicy`` first.
public final class FrameGrabber: Sendable {
    /// The configuration the grabber was created with (its video and audio outputs are ignored:
    /// a grabber never shows or plays anything).
    public let configuration: MPVConfiguration
    /// The width of the pictures in pixels; nil keeps the video's own size.
    public let width: Int?

    private let loop: FrameGrabberLoop

    /// Creates the libmpv instance and starts its thread.
    ///
    /// Sets `LC_NUMERIC` to `"C"` first, as libmpv requires.
    /// - Parameters:
    ///   - configuration: the URL policy, network timeout, log level and extra options to use.
    ///   - width: the width of the pictures; their height keeps the video's aspect ratio
    ///     (rounded to an even number). Nil keeps the video's own size.
    /// - Throws: ``/ReelCore/PlayerError/Code/invalidArgument`` for a protected option or a width below 2,
    ///   ``/ReelCore/PlayerError/Code/unknown`` when libmpv cannot be created.
    public init(configuration: MPVConfiguration = .headless, width: Int? = nil) throws(PlayerError) {
        try MPVOptions.refuseProtected(configuration.options)
        if let width, width < 2 || width > 8192 {
            throw PlayerError(.invalidArgument, message: "The picture width must be between 2 and 8192 pixels.")
        }
        self.configuration = configuration
        self.width = width
        setlocale(LC_NUMERIC, "C")
        guard let pointer = mpv_create() else {
            throw PlayerError(.unknown, message: "The frame grabber could not be created.")
        }
        let handle = MPVHandle(pointer)
        do {
            try Self.setOptions(configuration, width: width, on: handle)
            try MPVEngine.check(mpv_initialize(pointer), "initialise the frame grabber")
            try MPVEngine.check(
                mpv_request_log_messages(pointer, configuration.requestedLogLevel), "request log messages")
        } catch {
            mpv_terminate_destroy(pointer)
            throw error
        }
        let log = EngineLog(configuration)
        LibraryOutput.installOnce()
        LibraryOutput.add(log)
        loop = FrameGrabberLoop(handle: handle, networkTimeout: configuration.networkTimeout, log: log)
        let thread = Thread { [loop] in loop.run() }
        thread.name = "reel-mpv-frame-grabber"
        thread.start()
    }

    deinit { loop.stop() }

    /// Opens `url` for the following ``frame(at:)`` calls, replacing the item opened before.
    ///
    /// Returns once the item is open and its first picture decoded.
    /// - Throws: ``/ReelCore/PlayerError/Code/refusedScheme(_:)`` for an address the policy refuses (it
    ///   never reaches libmpv), ``/ReelCore/PlayerError/Code/nothingToPlay`` when the item has no video,
    ///   the codes of ``MPVEngine``'s load failures (``/ReelCore/PlayerError/Code/fileNotFound``,
    ///   ``/ReelCore/PlayerError/Code/unsupportedFormat``, ``/ReelCore/PlayerError/Code/httpStatus(_:)``, …), and
    ///   ``/ReelCore/PlayerError/Code/commandFailed`` when a newer ``open(_:)`` replaced this one first.
    public func open(_ url: URL) async throws(PlayerError) -> Media {
        try configuration.urlPolicy.check(url)
        let result = await loop.submitOpen(url: url, target: MPVEngine.target(of: url))
        return try result.get()
    }

    /// The keyframe at or before `time` (seconds) of the open item, scaled to ``width``.
    ///
    /// Returns nil when a newer request overtook this one before it started, or when the calling
    /// task was cancelled while it waited.
    /// - Throws: ``/ReelCore/PlayerError/Code/invalidArgument`` for a time that is not finite or when no
    ///   item is open, ``/ReelCore/PlayerError/Code/commandFailed`` when the seek or the picture failed,
    ///   ``/ReelCore/PlayerError/Code/networkUnreachable`` when the seek did not finish within the network
    ///   timeout, ``/ReelCore/PlayerError/Code/engineGone`` after ``shutdown()``.
    public func frame(at time: Double) async throws(PlayerError) -> Frame? {
        guard time.isFinite else { throw PlayerError(.invalidArgument, message: "A picture needs a finite time.") }
        let result = await loop.submitFrame(time: max(0, time))
        return try result.get()
    }

    /// How many pictures the grabber has taken so far (requests that were overtaken or cancelled
    /// before they started are not counted).
    public var framesTaken: Int { loop.framesTaken }

    /// Finishes the current request, fails the waiting ones with ``/ReelCore/PlayerError/Code/engineGone``
    /// and destroys the libmpv instance. Idempotent.
    public func shutdown() async {
        loop.stop()
        await loop.waitUntilFinished()
    }

    /// The engine's security options (kept in step with ``MPVEngine``'s) and the grabber's own.
    private static func setOptions(_ configuration: MPVConfiguration, width: Int?, on handle: MPVHandle)
        throws(PlayerError)
    {
        var options = MPVOptions.secure(configuration)
        // The grabber's own: nothing shown or heard, paused, keyframe seeks, little read-ahead
        // (thumbfast's settings), and the pictures scaled by the video filter chain.
        options += [
            ("vo", "null"), ("ao", "null"), ("audio", "no"), ("sid", "no"), ("sub-auto", "no"),
            ("audio-file-auto", "no"), ("pause", "yes"), ("keep-open", "always"), ("hr-seek", "no"),
            ("demuxer-readahead-secs", "0"), ("demuxer-max-bytes", "512KiB"), ("cache", "no"),
        ]
        if let width { options.append(("vf", "scale=w=\(width):h=-2")) }
        try MPVOptions.apply(options, extra: configuration.options, to: handle)
    }
}
