import Foundation
import NIOConcurrencyHelpers
import ReelCore
import ReelMPV

/// Thumbnails of remote media that has no sprite track: a second, headless libmpv instance
/// (ReelMPV's `FrameGrabber`) seeks to keyframes and takes a picture, on demand.
///
/// ```swift
/// let provider = try RemoteThumbnailProvider(url: URL(string: "https://example.com/movie.mp4")!)
/// let thumbnail = try await provider.thumbnail(at: 42)   // the keyframe at or before 42 s
/// await provider.shutdown()
/// ```
///
/// Requested times are quantised to ``Options/interval`` (a request at 41.3 s with a 2 s interval
/// asks for 40 s), and each interval's picture is kept in memory, so a scrub back and forth
/// costs one seek per interval. Only the newest request waits for the grabber: a request that a
/// newer one overtakes before it starts throws ``ThumbnailError/Code/cancelled`` at once.
///
/// ## Threading
/// Safe to use from any task; the grabber works on its own thread, one picture at a time.
///
/// ## Lifetime
/// The grabber (and its network connection) is made and the media opened on the first request;
/// ``shutdown()`` releases them. A failure to open is kept: later requests throw it too.
public final class RemoteThumbnailProvider: ThumbnailProvider {
    /// How thumbnails are made.
    public struct Options: Sendable {
        /// The thumbnail width in pixels; the height follows the video's aspect ratio (even).
        public var width: Int
        /// Seconds per thumbnail: requests are rounded down to a multiple of it.
        public var interval: Double
        /// The libmpv settings: URL policy, network timeout, log level, expert options.
        public var configuration: MPVConfiguration
        /// How many thumbnails stay in memory.
        public var memoryLimit: Int

        /// Creates options: 160 pixels wide, a 2 s interval, headless libmpv, 512 thumbnails kept.
        public init(
            width: Int = 160, interval: Double = 2, configuration: MPVConfiguration = .headless, memoryLimit: Int = 512
        ) {
            self.width = width
            self.interval = interval
            self.configuration = configuration
            self.memoryLimit = memoryLimit
        }
    }

    /// The media's address.
    public let url: URL
    /// How thumbnails are made.
    public let options: Options

    private typealias Opened = (grabber: FrameGrabber, media: FrameGrabber.Media)

    private struct State {
        var opening: Task<Result<Opened, ThumbnailError>, Never>?
        var grabber: FrameGrabber?
        var pictures: [Int: Thumbnail] = [:]
        var order: [Int] = []
        var isShutDown = false
    }

    private let state = NIOLockedValueBox(State())

    /// Creates a provider; nothing is opened until the first request.
    /// - Throws: ``ThumbnailError/Code/refusedScheme(_:)`` when the configuration's URL policy
    ///   refuses `url`; ``ThumbnailError/Code/invalidArgument`` for a width outside 2…4096 or an
    ///   interval that is not positive.
    public init(url: URL, options: Options = Options()) throws(ThumbnailError) {
        do {
            try options.configuration.urlPolicy.check(url)
        } catch {
            throw ThumbnailError(error)
        }
        guard (2...4096).contains(options.width) else {
            throw ThumbnailError(.invalidArgument, message: "The thumbnail width must be between 2 and 4096 pixels.")
        }
        guard options.interval.isFinite, options.interval > 0 else {
            throw ThumbnailError(
                .invalidArgument, message: "The thumbnail interval must be a positive number of seconds.")
        }
        self.url = url
        self.options = options
    }

    /// Pictures the grabber has taken (requests answered from memory and dropped requests are
    /// not counted).
    public var framesTaken: Int { state.withLockedValue { $0.grabber?.framesTaken ?? 0 } }

    /// The time a request for `time` is answered for: `time` rounded down to the interval.
    public func quantised(_ time: Double) -> Double { Double(slot(of: time)) * options.interval }

    /// The media's duration; makes the grabber and opens the media on first use.
    public func duration() async throws(ThumbnailError) -> Double? {
        try await open().media.duration
    }

    /// The keyframe at or before the start of the interval that holds `time`, from memory when
    /// that interval was asked for before.
    /// - Throws: ``ThumbnailError/Code/cancelled`` when a newer request overtook this one, and the
    ///   grabber's failures: ``ThumbnailError/Code/httpStatus(_:)``,
    ///   ``ThumbnailError/Code/networkUnreachable``, ``ThumbnailError/Code/noVideo``, …
    public func thumbnail(at time: Double) async throws(ThumbnailError) -> Thumbnail {
        guard time.isFinite else { throw ThumbnailError(.invalidArgument, message: "A thumbnail needs a finite time.") }
        let slot = slot(of: time)
        if var cached = state.withLockedValue({ $0.pictures[slot] }) {
            cached.requestedTime = time
            return cached
        }
        let opened = try await open()
        if Task.isCancelled { throw ThumbnailError(.cancelled) }
        var target = Double(slot) * options.interval
        if let duration = opened.media.duration { target = min(target, max(0, duration - 0.001)) }
        let frame: FrameGrabber.Frame?
        do {
            frame = try await opened.grabber.frame(at: target)
        } catch {
            throw ThumbnailError(error)
        }
        guard let frame else {
            throw ThumbnailError(.cancelled, message: "A newer thumbnail request replaced this one.")
        }
        let thumbnail = Thumbnail(
            time: frame.time, requestedTime: time, width: frame.width, height: frame.height, pixels: frame.pixels)
        remember(thumbnail, slot: slot)
        return thumbnail
    }

    /// Shuts the grabber down. Later requests throw ``ThumbnailError/Code/cancelled``.
    public func shutdown() async {
        let (opening, grabber) = state.withLockedValue { state in
            state.isShutDown = true
            return (state.opening, state.grabber)
        }
        if let grabber {
            await grabber.shutdown()
        } else if case .success(let opened) = await opening?.value {
            await opened.grabber.shutdown()
        }
    }

    private func slot(of time: Double) -> Int {
        Int((max(0, time) / options.interval).rounded(.down))
    }

    private func remember(_ thumbnail: Thumbnail, slot: Int) {
        state.withLockedValue { state in
            if state.pictures.updateValue(thumbnail, forKey: slot) == nil { state.order.append(slot) }
            while state.order.count > max(1, options.memoryLimit) {
                state.pictures[state.order.removeFirst()] = nil
            }
        }
    }

    /// Makes the grabber and opens the media, once for every request.
    private func open() async throws(ThumbnailError) -> Opened {
        let task = state.withLockedValue { (state) -> Task<Result<Opened, ThumbnailError>, Never>? in
            if state.isShutDown { return nil }
            if let task = state.opening { return task }
            let (url, options) = (url, options)
            let task = Task { () -> Result<Opened, ThumbnailError> in
                do throws(PlayerError) {
                    let grabber = try FrameGrabber(configuration: options.configuration, width: options.width)
                    do throws(PlayerError) {
                        return .success((grabber, try await grabber.open(url)))
                    } catch {
                        await grabber.shutdown()
                        return .failure(ThumbnailError(error))
                    }
                } catch {
                    return .failure(ThumbnailError(error))
                }
            }
            state.opening = task
            return task
        }
        guard let task else { throw ThumbnailError(.cancelled, message: "The thumbnail provider was shut down.") }
        let opened = try await task.value.get()
        let isShutDown = state.withLockedValue { state in
            state.grabber = opened.grabber
            return state.isShutDown
        }
        if isShutDown {
            await opened.grabber.shutdown()
            throw ThumbnailError(.cancelled, message: "The thumbnail provider was shut down.")
        }
        return opened
    }
}
