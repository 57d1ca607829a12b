import Foundation
import ReelCore
import ReelMPV

/// What a seek bar asks while the user scrubs: the thumbnail for a position, from whichever
/// source the media has, with the scrub's stale work cancelled.
///
/// ```swift
/// let previews = try PreviewModel(media: movieURL, thumbnailTrack: spritesURL)  // track optional
/// // While the pointer moves over the seek bar:
/// if let nearest = await previews.nearestThumbnail(to: time) { show(nearest) }   // at once
/// if let thumbnail = try await previews.thumbnail(at: time) { show(thumbnail) }  // the right one
/// // When the pointer rests:
/// await previews.prefetch(around: time)
/// ```
///
/// The source decides the provider: a thumbnail track → ``SpriteThumbnailProvider``; a local
/// file → ``LocalThumbnailProvider``; any other address → ``RemoteThumbnailProvider``.
///
/// Positions are quantised to ``Configuration/interval``: all positions in one interval share a
/// thumbnail, kept in memory. ``thumbnail(at:)`` for a new interval cancels the request for the
/// previous one (and any prefetch): the scrub has moved on. A cancelled or overtaken request
/// answers with the nearest thumbnail already in memory (or nil), never with an error.
///
/// ## Threading
/// An actor: call it from any task, the main actor included. The work runs in the providers
/// (FFmpeg on Dispatch threads, libmpv on its grabber thread), never on the caller's executor.
///
/// ## Lifetime
/// Call ``shutdown()`` when the media closes: it cancels everything and releases a remote
/// provider's libmpv instance.
public actor PreviewModel {
    /// Which kind of provider serves the previews.
    public enum Source: Hashable, Sendable {
        /// A WebVTT thumbnail track with sprite sheets.
        case thumbnailTrack
        /// A local file decoded with FFmpeg.
        case localFile
        /// Remote media through a headless libmpv.
        case remoteMedia
        /// A provider the app passed in.
        case custom
    }

    /// How previews are made.
    public struct Configuration: Sendable {
        /// The thumbnail width in pixels (sprite tracks have their own size).
        public var width: Int
        /// Seconds per thumbnail while scrubbing.
        public var interval: Double
        /// How many intervals ``prefetch(around:)`` fills, nearest first.
        public var prefetchCount: Int
        /// How many thumbnails stay in memory.
        public var memoryLimit: Int
        /// The disk cache for local files; nil keeps nothing on disk.
        public var cache: ThumbnailCache?
        /// Which addresses may be read (the track, its images and remote media).
        public var urlPolicy: URLPolicy

        /// Creates a configuration: 160 pixels wide, 1 s intervals, 10 prefetched, 600 kept in
        /// memory, no disk cache, the standard URL policy.
        public init(
            width: Int = 160, interval: Double = 1, prefetchCount: Int = 10, memoryLimit: Int = 600,
            cache: ThumbnailCache? = nil, urlPolicy: URLPolicy = .standard
        ) {
            self.width = width
            self.interval = interval
            self.prefetchCount = prefetchCount
            self.memoryLimit = memoryLimit
            self.cache = cache
            self.urlPolicy = urlPolicy
        }
    }

    /// Which kind of provider serves the previews.
    public nonisolated let source: Source
    /// The provider.
    public nonisolated let provider: any ThumbnailProvider
    /// Seconds per thumbnail.
    public nonisolated let interval: Double
    private let configuration: Configuration

    private var thumbnails: [Int: Thumbnail] = [:]
    private var order: [Int] = []
    private var current: (slot: Int, task: Task<Result<Thumbnail, ThumbnailError>, Never>)?
    private var prefetchTask: Task<Void, Never>?
    private var knownDuration: Double??

    /// Creates a model for `media`, with sprites from `thumbnailTrack` when there is one.
    /// - Throws: ``ThumbnailError/Code/refusedScheme(_:)`` when the policy refuses an address,
    ///   ``ThumbnailError/Code/fileNotFound`` for a missing local file,
    ///   ``ThumbnailError/Code/invalidArgument`` for a width or interval out of range.
    public init(media: URL, thumbnailTrack: URL? = nil, configuration: Configuration = Configuration())
        throws(ThumbnailError)
    {
        guard configuration.interval.isFinite, configuration.interval > 0 else {
            throw ThumbnailError(
                .invalidArgument, message: "The preview interval must be a positive number of seconds.")
        }
        if let thumbnailTrack {
            provider = try SpriteThumbnailProvider(track: thumbnailTrack, policy: configuration.urlPolicy)
            source = .thumbnailTrack
        } else if media.isFileURL {
            let options = LocalThumbnailProvider.Options(width: configuration.width, cache: configuration.cache)
            provider = try LocalThumbnailProvider(file: media, options: options)
            source = .localFile
        } else {
            var mpv = MPVConfiguration.headless
            mpv.urlPolicy = configuration.urlPolicy
            let options = RemoteThumbnailProvider.Options(
                width: configuration.width, interval: configuration.interval, configuration: mpv)
            provider = try RemoteThumbnailProvider(url: media, options: options)
            source = .remoteMedia
        }
        interval = configuration.interval
        self.configuration = configuration
    }

    /// Creates a model over any provider.
    public init(provider: any ThumbnailProvider, configuration: Configuration = Configuration()) {
        self.provider = provider
        source = .custom
        interval = configuration.interval.isFinite && configuration.interval > 0 ? configuration.interval : 1
        self.configuration = configuration
    }

    /// The thumbnail for the interval that holds `time`.
    ///
    /// From memory when it is there; otherwise it cancels the request for another interval (and
    /// any prefetch) and asks the provider. Returns the nearest thumbnail in memory (or nil) when
    /// this request is cancelled or overtaken by a newer one.
    /// - Throws: the provider's ``ThumbnailError`` for anything but cancellation (a missing
    ///   file, media without video, a network failure, …).
    public func thumbnail(at time: Double) async throws(ThumbnailError) -> Thumbnail? {
        guard time.isFinite else { throw ThumbnailError(.invalidArgument, message: "A preview needs a finite time.") }
        let slot = slot(of: time)
        if let hit = thumbnails[slot] { return hit }
        let task: Task<Result<Thumbnail, ThumbnailError>, Never>
        if let current, current.slot == slot {
            task = current.task
        } else {
            current?.task.cancel()
            prefetchTask?.cancel()
            prefetchTask = nil
            let provider = provider
            let target = Double(slot) * interval
            task = Task {
                do throws(ThumbnailError) {
                    return .success(try await provider.thumbnail(at: target))
                } catch {
                    return .failure(error)
                }
            }
            current = (slot, task)
        }
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        if current?.task == task { current = nil }
        switch result {
        case .success(let thumbnail):
            remember(thumbnail, slot: slot)
            return thumbnail
        case .failure(let error) where error.code == .cancelled:
            return nearestThumbnail(to: time)
        case .failure(let error):
            throw error
        }
    }

    /// The thumbnail in memory whose interval is nearest to `time`, without asking the provider.
    public func nearestThumbnail(to time: Double) -> Thumbnail? {
        let slot = slot(of: time)
        if let hit = thumbnails[slot] { return hit }
        return thumbnails.min { abs($0.key - slot) < abs($1.key - slot) }?.value
    }

    /// Makes sure the ``Configuration/prefetchCount`` intervals nearest to `time` (within the
    /// media) are in memory, in the background and nearest first, replacing the previous
    /// prefetch. A later ``thumbnail(at:)`` for an
    /// interval not in memory cancels it.
    public func prefetch(around time: Double) async {
        prefetchTask?.cancel()
        let duration = await mediaDuration()
        let center = slot(of: time)
        let last = duration.map { slot(of: max(0, $0 - 0.001)) } ?? Int.max
        // The nearest intervals within the media, nearest first; those in memory need no work.
        var nearest: [Int] = []
        var offset = 0
        while nearest.count < configuration.prefetchCount, offset <= max(center, last - center) {
            for candidate in offset == 0 ? [center] : [center + offset, center - offset]
            where candidate >= 0 && candidate <= last {
                nearest.append(candidate)
            }
            offset += 1
        }
        let slots = nearest.prefix(configuration.prefetchCount).filter { thumbnails[$0] == nil }
        guard !slots.isEmpty else { return }
        let stream = provider.thumbnails(at: slots.map { Double($0) * interval })
        prefetchTask = Task {
            do {
                for try await thumbnail in stream {
                    self.remember(thumbnail, slot: self.slot(of: thumbnail.requestedTime))
                }
            } catch {
                // A failed or cancelled prefetch leaves what it made; scrubbing reports errors.
            }
        }
    }

    /// Waits until the running prefetch has finished (or was cancelled).
    public func waitForPrefetch() async {
        await prefetchTask?.value
    }

    /// How many thumbnails are in memory.
    public var thumbnailCount: Int { thumbnails.count }

    /// Cancels the current request and the prefetch.
    public func cancel() {
        current?.task.cancel()
        current = nil
        prefetchTask?.cancel()
        prefetchTask = nil
    }

    /// Cancels everything and releases the provider's resources (a remote provider's libmpv).
    public func shutdown() async {
        cancel()
        if let remote = provider as? RemoteThumbnailProvider { await remote.shutdown() }
    }

    private func slot(of time: Double) -> Int { Int((max(0, time) / interval).rounded(.down)) }

    private func remember(_ thumbnail: Thumbnail, slot: Int) {
        if thumbnails.updateValue(thumbnail, forKey: slot) == nil { order.append(slot) }
        while order.count > max(1, configuration.memoryLimit) {
            thumbnails[order.removeFirst()] = nil
        }
    }

    private func mediaDuration() async -> Double? {
        if let knownDuration { return knownDuration }
        let duration = try? await provider.duration()
        knownDuration = .some(duration ?? nil)
        return duration ?? nil
    }
}
