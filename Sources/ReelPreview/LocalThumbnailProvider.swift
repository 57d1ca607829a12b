import Foundation
import NIOConcurrencyHelpers

/// Thumbnails of a local file, decoded in-process with FFmpeg (libavformat, libavcodec,
/// libswscale) by a few parallel workers, optionally through a ``ThumbnailCache``.
///
/// ```swift
/// let provider = try LocalThumbnailProvider(file: URL(fileURLWithPath: "movie.mkv"))
/// let duration = try await provider.duration() ?? 0
/// for try await thumbnail in provider.thumbnails(at: ThumbnailTimes.evenlySpaced(count: 100, duration: duration)) {
///     show(thumbnail)   // in completion order, about 5 ms each for 1080p H.264 per core
/// }
/// ```
///
/// With ``Precision/keyframe`` (the default) a thumbnail is the keyframe at or before the
/// requested time: one seek and one decoded packet, the decoder skipping everything else and
/// drained at once. ``Precision/exact`` decodes on to the requested frame, which costs about half
/// a keyframe interval of decoding more.
///
/// ## Threading
/// Safe to use from any task. The FFmpeg work runs on Dispatch threads (never blocking Swift's
/// cooperative pool), on up to ``Options/workers`` opened copies of the file at once, each used
/// by one worker at a time.
///
/// ## Errors
/// ``ThumbnailError/Code/fileNotFound``, ``ThumbnailError/Code/unsupportedFormat`` (empty,
/// truncated, not media), ``ThumbnailError/Code/noVideo`` (audio only),
/// ``ThumbnailError/Code/decodingFailed`` and ``ThumbnailError/Code/cancelled``.
public final class LocalThumbnailProvider: ThumbnailProvider {
    /// How close to the requested time a thumbnail is.
    public enum Precision: String, Hashable, Sendable {
        /// The keyframe at or before the requested time: fast, and what seek previews need.
        case keyframe
        /// The first frame at or after the requested time (the last frame past the end).
        case exact
        /// The last frame at or before the requested time, the one a player shows then (the
        /// first frame for a time before it, the last frame past the end).
        case exactAtOrBefore
    }

    /// How thumbnails are made.
    public struct Options: Sendable {
        /// The thumbnail width in pixels; the height follows the picture's display aspect ratio.
        public var width: Int
        /// Keyframes or exact frames.
        public var precision: Precision
        /// How many copies of the file are decoded in parallel.
        public var workers: Int
        /// Where thumbnails are kept between runs; nil keeps nothing.
        public var cache: ThumbnailCache?

        /// Creates options: 160 pixels wide, keyframes, one worker per core (at most 4), no cache.
        public init(
            width: Int = 160, precision: Precision = .keyframe, workers: Int = Options.defaultWorkers,
            cache: ThumbnailCache? = nil
        ) {
            self.width = width
            self.precision = precision
            self.workers = workers
            self.cache = cache
        }

        /// One worker per core, at most 4.
        public static var defaultWorkers: Int { min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)) }
    }

    /// What a file holds, as far as thumbnails go.
    public struct MediaInfo: Hashable, Sendable {
        /// Seconds; nil when unknown.
        public var duration: Double?
        /// The picture's display width in pixels (stretched by its sample aspect ratio).
        public var width: Int
        /// The picture's height in pixels.
        public var height: Int
        /// Frames per second; 0 when unknown.
        public var frameRate: Double
        /// The video codec's short name, such as `"h264"`.
        public var codec: String
        /// The size of the thumbnails this provider makes.
        public var thumbnailWidth: Int
        /// The size of the thumbnails this provider makes.
        public var thumbnailHeight: Int
    }

    /// What the provider has done so far.
    public struct Statistics: Hashable, Sendable {
        /// Pictures decoded (cache hits are not counted).
        public var decodedPictures: Int
        /// Thumbnails answered from the cache.
        public var cacheHits: Int
    }

    /// The file.
    public let file: URL
    /// How thumbnails are made.
    public let options: Options

    private let pool: DecoderPool
    private let opened = NIOLockedValueBox<Opened?>(nil)
    private let hits = NIOLockedValueBox(0)

    /// What the first opening found out.
    private struct Opened: Sendable {
        var info: MediaInfo
        var key: ThumbnailCache.MediaKey?
    }

    /// Creates a provider; nothing is opened until the first request.
    /// - Throws: ``ThumbnailError/Code/invalidArgument`` for an address that is not a file or a
    ///   width outside 2…4096, ``ThumbnailError/Code/fileNotFound`` when the file does not exist.
    public init(file: URL, options: Options = Options()) throws(ThumbnailError) {
        guard file.isFileURL else {
            throw ThumbnailError(.invalidArgument, message: "\(file.absoluteString) is not a local file.")
        }
        guard (2...4096).contains(options.width) else {
            throw ThumbnailError(.invalidArgument, message: "The thumbnail width must be between 2 and 4096 pixels.")
        }
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw ThumbnailError(.fileNotFound, message: "The file \"\(file.lastPathComponent)\" could not be found.")
        }
        self.file = file.standardizedFileURL
        self.options = options
        pool = DecoderPool(path: self.file.path, limit: options.workers)
    }

    /// What the provider has done so far.
    public var statistics: Statistics {
        Statistics(decodedPictures: pool.pictures, cacheHits: hits.withLockedValue { $0 })
    }

    /// Opens the file (once) and tells what it holds.
    public func info() async throws(ThumbnailError) -> MediaInfo {
        try await open().info
    }

    /// The file's duration; opens the file on first use.
    public func duration() async throws(ThumbnailError) -> Double? {
        try await info().duration
    }

    /// The keyframe at or before `time` (or the exact frame, with ``Precision/exact``), from the
    /// cache when it has it. `time` is clamped to the media.
    public func thumbnail(at time: Double) async throws(ThumbnailError) -> Thumbnail {
        guard time.isFinite else { throw ThumbnailError(.invalidArgument, message: "A thumbnail needs a finite time.") }
        if Task.isCancelled { throw ThumbnailError(.cancelled) }
        let opened = try await open()
        let info = opened.info
        let requested = min(max(0, time), info.duration ?? .infinity)
        if let key = opened.key, let cached = options.cache?.thumbnail(for: key, at: requested) {
            hits.withLockedValue { $0 += 1 }
            return cached
        }
        let thumbnail = try await grab(at: requested, precision: options.precision, info: info)
        if let key = opened.key { options.cache?.store(thumbnail, for: key) }
        return thumbnail
    }

    /// The thumbnails for `times`, made by ``Options/workers`` workers in parallel and delivered
    /// as each is ready. Cancelling the consuming task (or dropping the stream) stops the workers
    /// before their next picture.
    public func thumbnails(at times: [Double]) -> AsyncThrowingStream<Thumbnail, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Thumbnail, any Error>.makeStream()
        let task = Task {
            do throws(ThumbnailError) {
                try await inParallel(times) { (time) throws(ThumbnailError) in
                    continuation.yield(try await self.thumbnail(at: time))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Thumbnails for `times` that each show a different picture, as a contact sheet's tiles
    /// should, each stamped with the time it really shows.
    ///
    /// With ``Precision/keyframe`` every time first gets its keyframe (in parallel, one decoded
    /// packet each); then, in the order of the times, a thumbnail whose keyframe an earlier time
    /// already showed is decoded again, on from that keyframe to the frame a player shows at its
    /// time (``Precision/exactAtOrBefore``), so the extra cost is bounded by one keyframe interval
    /// per repeated tile, and only where keyframes are sparser than the times. The exact
    /// precisions pass the times through to ``thumbnails(at:)``. Times less than a frame apart
    /// may still share a picture. Nothing is cached.
    public func distinctThumbnails(at times: [Double]) -> AsyncThrowingStream<Thumbnail, any Error> {
        guard options.precision == .keyframe else { return thumbnails(at: times) }
        let (stream, continuation) = AsyncThrowingStream<Thumbnail, any Error>.makeStream()
        let task = Task {
            do throws(ThumbnailError) {
                let info = try await open().info
                let requested = times.map { min(max(0, $0), info.duration ?? .infinity) }
                let keyframes = NIOLockedValueBox([Thumbnail?](repeating: nil, count: times.count))
                try await inParallel(Array(requested.indices)) { (index) throws(ThumbnailError) in
                    let thumbnail = try await self.grab(at: requested[index], precision: .keyframe, info: info)
                    keyframes.withLockedValue { $0[index] = thumbnail }
                }
                let found = keyframes.withLockedValue { $0 }.compactMap { $0 }
                guard found.count == times.count else { throw ThumbnailError(.decodingFailed) }
                let repeated = ThumbnailTimes.repeatedPictures(found)
                for (index, thumbnail) in found.enumerated() where !repeated.contains(index) {
                    continuation.yield(thumbnail)
                }
                try await inParallel(repeated.sorted().map { found[$0].requestedTime }) {
                    (time) throws(ThumbnailError) in
                    continuation.yield(try await self.grab(at: time, precision: .exactAtOrBefore, info: info))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// One picture from a worker, sized as ``info()`` says.
    private func grab(at time: Double, precision: Precision, info: MediaInfo) async throws(ThumbnailError) -> Thumbnail
    {
        if Task.isCancelled { throw ThumbnailError(.cancelled) }
        let (width, height) = (info.thumbnailWidth, info.thumbnailHeight)
        return try await pool.withSource(countingPicture: true) { (source) throws(ThumbnailError) in
            try source.grab(at: time, precision: precision, width: width, height: height)
        }
    }

    /// Runs `body` for every element of `items`, on up to ``Options/workers`` tasks at once.
    private func inParallel<Item: Sendable>(
        _ items: [Item], _ body: @escaping @Sendable (Item) async throws(ThumbnailError) -> Void
    ) async throws(ThumbnailError) {
        let next = TicketCounter()
        let workers = min(options.workers, max(1, items.count))
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<workers {
                    group.addTask {
                        while true {
                            let index = next.take()
                            guard index < items.count else { return }
                            try await body(items[index])
                        }
                    }
                }
                try await group.waitForAll()
            }
        } catch let error as ThumbnailError {
            throw error
        } catch {
            throw ThumbnailError(.cancelled)
        }
    }

    /// Opens one copy of the file the first time and remembers what it found.
    private func open() async throws(ThumbnailError) -> Opened {
        if let opened = opened.withLockedValue({ $0 }) { return opened }
        let info = try await pool.withSource { source in source.info }
        let width = options.width
        let displayWidth = max(1, info.displayWidth)
        let height = max(2, Int((Double(width) * Double(info.displayHeight) / Double(displayWidth)).rounded()))
        let media = MediaInfo(
            duration: info.duration, width: info.displayWidth, height: info.displayHeight, frameRate: info.frameRate,
            codec: info.codec, thumbnailWidth: width, thumbnailHeight: height)
        let key = ThumbnailCache.MediaKey(file: file, width: width, variant: options.precision.rawValue)
        let result = Opened(info: media, key: options.cache == nil ? nil : key)
        opened.withLockedValue { if $0 == nil { $0 = result } }
        return result
    }
}

/// Hands out 0, 1, 2, … to concurrent workers.
private final class TicketCounter: Sendable {
    private let next = NIOLockedValueBox(0)

    func take() -> Int {
        next.withLockedValue { next in
            defer { next += 1 }
            return next
        }
    }
}
