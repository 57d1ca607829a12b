import Foundation
import NIOConcurrencyHelpers
import ReelCore

/// Thumbnails from a server's WebVTT thumbnail track: each cue names an image or a region of a
/// sprite sheet (`#xywh=`); sheets are fetched once (over HTTP(S) or from files) and cropped.
///
/// ```swift
/// let provider = try SpriteThumbnailProvider(track: URL(string: "https://cdn.example/v/thumbs.vtt")!)
/// let thumbnail = try await provider.thumbnail(at: 42)   // the cue at 42 s, cropped from its sheet
/// ```
///
/// The picture for a time is the cue that covers it (else the nearest cue); ``Thumbnail/time``
/// is the cue's start. Sheets stay decoded in memory, the most recently used
/// ``sheetLimit`` of them; concurrent requests for one sheet share one download.
///
/// ## Threading
/// Safe to use from any task. Downloads run in `URLSession`; decoding runs on a Dispatch thread,
/// never on Swift's cooperative pool.
///
/// ## Security
/// The track's address and every image address pass the ``/ReelCore/URLPolicy``; a track served over
/// HTTP(S) may only name HTTP(S) images, never local files. A sheet of more than
/// ``maximumSheetPixels`` is refused from its header, before it is decoded: a few kilobytes of PNG
/// can declare a picture of gigabytes.
public final class SpriteThumbnailProvider: ThumbnailProvider {
    /// The track's address, when it is read from one.
    public let trackURL: URL?
    /// How many decoded sheets stay in memory.
    public let sheetLimit: Int
    /// The most pixels one sheet may have (each costs 4 bytes while it is in memory).
    ///
    /// The default, 16 777 216 (4096 × 4096, 64 MiB decoded), holds 256 thumbnails of 256 × 256;
    /// the sheets players publish are usually under 2 million.
    public let maximumSheetPixels: Int

    /// The default of ``maximumSheetPixels``.
    public static let defaultMaximumSheetPixels = 1 << 24

    private let loader: ResourceLoader
    private let state = NIOLockedValueBox(State())

    private struct State {
        var track: Task<Result<ThumbnailTrack, ThumbnailError>, Never>?
        var sheets: [URL: Task<Result<Bitmap, ThumbnailError>, Never>] = [:]
        var recent: [URL] = []
        var downloads = 0
    }

    /// Creates a provider for the track at `track` (read on first use).
    /// - Throws: ``ThumbnailError/Code/refusedScheme(_:)`` when the policy refuses the address.
    public init(
        track: URL, policy: URLPolicy = .standard, timeout: Double = 20, sheetLimit: Int = 8,
        maximumSheetPixels: Int = defaultMaximumSheetPixels
    ) throws(ThumbnailError) {
        do {
            try policy.check(track)
        } catch {
            throw ThumbnailError(error)
        }
        trackURL = track
        self.sheetLimit = max(1, sheetLimit)
        self.maximumSheetPixels = max(1, maximumSheetPixels)
        loader = ResourceLoader(policy: policy, timeout: timeout)
    }

    /// Creates a provider for a track already parsed.
    public init(
        track: ThumbnailTrack, policy: URLPolicy = .standard, timeout: Double = 20, sheetLimit: Int = 8,
        maximumSheetPixels: Int = defaultMaximumSheetPixels
    ) {
        trackURL = nil
        self.sheetLimit = max(1, sheetLimit)
        self.maximumSheetPixels = max(1, maximumSheetPixels)
        loader = ResourceLoader(policy: policy, timeout: timeout)
        state.withLockedValue { $0.track = Task { .success(track) } }
    }

    /// How many files (track and sheets) the provider has read so far.
    public var downloads: Int { state.withLockedValue { $0.downloads } }

    /// The track, read and parsed on first use.
    /// - Throws: the errors of reading the track, and ``ThumbnailError/Code/invalidThumbnailTrack``.
    public func track() async throws(ThumbnailError) -> ThumbnailTrack {
        let task = state.withLockedValue { state in
            if let task = state.track { return task }
            let task = Task { await self.readTrack() }
            state.track = task
            return task
        }
        return try await task.value.get()
    }

    /// The end of the track's last cue.
    public func duration() async throws(ThumbnailError) -> Double? {
        try await track().duration
    }

    /// The picture of the cue that covers `time` (else the nearest cue), cropped from its sheet.
    /// - Throws: the errors of reading the track or the sheet (``ThumbnailError/Code/httpStatus(_:)``,
    ///   ``ThumbnailError/Code/networkUnreachable``, …), ``ThumbnailError/Code/unsupportedFormat``
    ///   for a sheet that is not an image, ``ThumbnailError/Code/tooLarge`` for a sheet of more than
    ///   ``maximumSheetPixels``, ``ThumbnailError/Code/invalidThumbnailTrack`` for a region outside
    ///   its sheet.
    public func thumbnail(at time: Double) async throws(ThumbnailError) -> Thumbnail {
        guard time.isFinite else { throw ThumbnailError(.invalidArgument, message: "A thumbnail needs a finite time.") }
        let track = try await track()
        guard let cue = track.cue(at: time) else { throw ThumbnailError(.invalidThumbnailTrack) }
        let sheet = try await sheet(cue.image)
        if Task.isCancelled { throw ThumbnailError(.cancelled) }
        let picture: Bitmap
        if let region = cue.region {
            let rect = region.pixels(imageWidth: sheet.width, imageHeight: sheet.height)
            guard let cropped = sheet.cropped(x: rect.x, y: rect.y, width: rect.width, height: rect.height) else {
                throw ThumbnailError(
                    .invalidThumbnailTrack,
                    message:
                        "The region \(rect) lies outside the \(sheet.width)×\(sheet.height) image \(cue.image.lastPathComponent)."
                )
            }
            picture = cropped
        } else {
            picture = sheet
        }
        return Thumbnail(time: cue.start, requestedTime: time, bitmap: picture)
    }

    private func readTrack() async -> Result<ThumbnailTrack, ThumbnailError> {
        guard let url = trackURL else { return .failure(ThumbnailError(.invalidThumbnailTrack)) }
        do throws(ThumbnailError) {
            let data = try await loader.data(from: url)
            state.withLockedValue { $0.downloads += 1 }
            guard let text = String(data: data, encoding: .utf8) else {
                throw ThumbnailError(.invalidThumbnailTrack, message: "The thumbnail track is not UTF-8 text.")
            }
            let track = try ThumbnailTrack(parsing: text, relativeTo: url)
            if !url.isFileURL, let local = track.images.first(where: \.isFileURL) {
                throw ThumbnailError(
                    .refusedScheme("file"),
                    message: "A remote thumbnail track may not name the local file \(local.path).")
            }
            return .success(track)
        } catch {
            // A failed read is not kept: the next request tries again.
            state.withLockedValue { $0.track = nil }
            return .failure(error)
        }
    }

    /// The decoded sheet at `url`: from memory, or read once for every task that waits for it.
    private func sheet(_ url: URL) async throws(ThumbnailError) -> Bitmap {
        let task = state.withLockedValue { state in
            state.recent.removeAll { $0 == url }
            state.recent.append(url)
            if let task = state.sheets[url] { return task }
            let (loader, pixels) = (loader, maximumSheetPixels)
            let task = Task { () -> Result<Bitmap, ThumbnailError> in
                do throws(ThumbnailError) {
                    let data = try await loader.data(from: url)
                    return await Bitmap.decodedInBackground(data, maximumPixels: pixels)
                } catch {
                    return .failure(error)
                }
            }
            state.sheets[url] = task
            state.downloads += 1
            while state.recent.count > sheetLimit {
                state.sheets[state.recent.removeFirst()] = nil
            }
            return task
        }
        let result = await task.value
        // A failure that another read would repeat (a sheet too large, or not an image) is kept,
        // so that hovering over the seek bar does not fetch it again and again; others (the
        // network) are tried again next time.
        if case .failure(let error) = result, error.code != .tooLarge, error.code != .unsupportedFormat {
            state.withLockedValue { state in
                if state.sheets[url] == task { state.sheets[url] = nil }
            }
        }
        return try result.get()
    }
}
