/// A source of preview pictures for one media item.
///
/// ```swift
/// let provider = try LocalThumbnailProvider(file: clipURL)
/// let thumbnail = try await provider.thumbnail(at: 42)
/// for try await thumbnail in provider.thumbnails(at: [0, 10, 20]) { show(thumbnail) }
/// ```
///
/// Reel has three: ``LocalThumbnailProvider`` (local files, decoded in-process with FFmpeg),
/// ``SpriteThumbnailProvider`` (a server's WebVTT thumbnail track with sprite sheets) and
/// ``RemoteThumbnailProvider`` (remote media without sprites, through a second headless libmpv).
/// ``PreviewModel`` picks one by source.
///
/// # Implementation requirements
/// - Every method is safe to call from any task, concurrently.
/// - ``thumbnail(at:)`` answers with the picture the provider has for `time`: the requested
///   time goes into ``Thumbnail/requestedTime``, the time the picture shows into
///   ``Thumbnail/time``. A time before the start or after the end is clamped.
/// - Cancelling the calling task stops the work as soon as the current step allows and throws
///   ``ThumbnailError/Code/cancelled``.
/// - ``thumbnails(at:)`` delivers each thumbnail as soon as it is ready (not necessarily in
///   order), finishes after the last, finishes with the first ``ThumbnailError`` on a failure,
///   and stops its work when the consumer stops iterating or its task is cancelled.
public protocol ThumbnailProvider: Sendable {
    /// The picture for `time` (seconds).
    func thumbnail(at time: Double) async throws(ThumbnailError) -> Thumbnail

    /// The pictures for `times`, delivered progressively.
    func thumbnails(at times: [Double]) -> AsyncThrowingStream<Thumbnail, any Error>

    /// The pictures for `times`, delivered progressively, each a different one where the
    /// provider can tell them apart (a contact sheet's tiles): see
    /// ``LocalThumbnailProvider/distinctThumbnails(at:)``. The default is ``thumbnails(at:)``.
    func distinctThumbnails(at times: [Double]) -> AsyncThrowingStream<Thumbnail, any Error>

    /// The media's duration in seconds; nil when unknown (a live stream). Opens the media (or
    /// reads the track) when it is not open yet.
    func duration() async throws(ThumbnailError) -> Double?
}

extension ThumbnailProvider {
    /// ``thumbnails(at:)``: for providers that cannot tell pictures apart or decode past a
    /// keyframe (sprites, a remote libmpv).
    public func distinctThumbnails(at times: [Double]) -> AsyncThrowingStream<Thumbnail, any Error> {
        thumbnails(at: times)
    }

    /// One request after the other, in the order given: the default for providers whose work
    /// cannot run in parallel.
    public func thumbnails(at times: [Double]) -> AsyncThrowingStream<Thumbnail, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Thumbnail, any Error>.makeStream()
        let task = Task {
            do throws(ThumbnailError) {
                for time in times {
                    if Task.isCancelled { throw ThumbnailError(.cancelled) }
                    continuation.yield(try await thumbnail(at: time))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

}
