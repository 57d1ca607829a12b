import Foundation
import ReelPreview

/// A ``/ReelPreview/ThumbnailProvider`` whose every request runs as a ``ThumbnailJob`` in a worker: for
/// addresses the app cannot vouch for, where FFmpeg or libmpv might hang or crash.
///
/// ``duration()`` and ``thumbnails(at:)`` start one worker each (``thumbnail(at:)`` is one
/// thumbnail's ``thumbnails(at:)``), so ask for many thumbnails at once. A worker still running
/// after `timeout` is killed: the request fails, and ``thumbnails(at:)`` has delivered what was
/// made before.
public struct IsolatedThumbnailProvider: ThumbnailProvider {
    /// The address.
    public let url: URL
    /// The width of each thumbnail.
    public let width: Int
    /// The exact frame at each time instead of the keyframe before it.
    public let exact: Bool
    /// The workers.
    public let isolation: Isolation
    /// The deadline of each worker.
    public let timeout: Duration

    /// Creates a provider; nothing runs until asked.
    public init(url: URL, width: Int = 160, exact: Bool = false, isolation: Isolation, timeout: Duration) {
        self.url = url
        self.width = width
        self.exact = exact
        self.isolation = isolation
        self.timeout = timeout
    }

    public func duration() async throws(ThumbnailError) -> Double? {
        let output = try await run(times: []) { _ in }
        return output.duration
    }

    public func thumbnail(at time: Double) async throws(ThumbnailError) -> Thumbnail {
        let found = Found()
        _ = try await run(times: [time]) { found.thumbnail = $0 }
        guard let thumbnail = found.thumbnail else { throw ThumbnailError(.decodingFailed) }
        return thumbnail
    }

    public func thumbnails(at times: [Double]) -> AsyncThrowingStream<Thumbnail, any Error> {
        stream(times, distinct: false)
    }

    /// The worker's ``/ReelPreview/ThumbnailProvider/distinctThumbnails(at:)``: a different picture per time
    /// for local files (``/ReelPreview/LocalThumbnailProvider/distinctThumbnails(at:)``), keyframes for
    /// addresses.
    public func distinctThumbnails(at times: [Double]) -> AsyncThrowingStream<Thumbnail, any Error> {
        stream(times, distinct: true)
    }

    private func stream(_ times: [Double], distinct: Bool) -> AsyncThrowingStream<Thumbnail, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Thumbnail, any Error>.makeStream()
        let task = Task {
            do throws(ThumbnailError) {
                _ = try await run(times: times, distinct: distinct) { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func run(
        times: [Double], distinct: Bool = false, deliver: @escaping @Sendable (Thumbnail) -> Void
    ) async throws(ThumbnailError) -> ThumbnailJob.Output {
        let job = ThumbnailJob(url: url, times: times, width: width, exact: exact, distinct: distinct)
        let output: ThumbnailJob.Output
        do {
            output = try await isolation.run(job, timeout: timeout) { progress in
                guard case .thumbnail(let time, let requested, let width, let height, let pixels) = progress,
                    width > 0, height > 0, pixels.count == width * height * 4
                else { return }
                deliver(
                    Thumbnail(time: time, requestedTime: requested, width: width, height: height, pixels: Array(pixels))
                )
            }.output
        } catch {
            if Task.isCancelled { throw ThumbnailError(.cancelled) }
            throw Self.thumbnailError(error)
        }
        if let error = output.error { throw error.error }
        return output
    }

    /// A worker's end as a ``ThumbnailError``.
    static func thumbnailError(_ error: IsolationError) -> ThumbnailError {
        let detail = error.diagnostics.suffix(3).joined(separator: " | ")
        return ThumbnailError(.unknown, message: error.description, detail: detail.isEmpty ? nil : detail)
    }
}

/// The one thumbnail of a ``IsolatedThumbnailProvider/thumbnail(at:)`` request.
private final class Found: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Thumbnail?

    var thumbnail: Thumbnail? {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
