import Foundation
import ReelCore

/// Loads an item's artwork (``/ReelCore/MediaItem/artworkURL``) for drawing: a local file, or an
/// HTTP(S) address the ``policy`` allows, decoded with FFmpeg (JPEG, PNG, WebP, GIF, BMP) and
/// scaled down to what a player draws.
///
/// ```swift
/// let loader = ArtworkLoader(policy: engine.configuration.urlPolicy)
/// let cover = try await loader.image(at: item.artworkURL!)   // at most 512 pixels a side
/// ```
///
/// ## Bounds
/// An artwork address is as untrusted as the media: the bytes read are bounded
/// (``maximumBytes``), an HTTP(S) read must end within ``timeout`` (a server that never answers
/// or trickles fails it), a picture of more than ``maximumPixels`` is refused before it is
/// decoded, and only regular files are read. Every failure is a ``ThumbnailError``.
///
/// ## Threading
/// Safe to use from any task. Decoding runs on a Dispatch thread, never on Swift's cooperative
/// pool; downloads run in `URLSession`.
public struct ArtworkLoader: Sendable {
    /// Which addresses may be read: the player's policy (its engine's ``/ReelMPV/MPVConfiguration/urlPolicy``);
    /// only its `file`, `http` and `https` addresses are ever read.
    public var policy: URLPolicy
    /// Seconds an HTTP(S) read may take, from the request to the last byte.
    public var timeout: Double
    /// The most bytes an artwork file or download may have.
    public var maximumBytes: Int
    /// The most pixels a picture may have (its own size, before scaling).
    public var maximumPixels: Int
    /// The longest side of the image returned: larger pictures are scaled down to it.
    public var maximumSide: Int

    /// Creates a loader: 10 s per download, 16 MiB, 40 megapixels, 512 pixels a side (the large
    /// artwork of an audio-only item on a HiDPI screen).
    public init(
        policy: URLPolicy = .standard, timeout: Double = 10, maximumBytes: Int = 16 << 20,
        maximumPixels: Int = 40_000_000, maximumSide: Int = 512
    ) {
        self.policy = policy
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.maximumPixels = maximumPixels
        self.maximumSide = maximumSide
    }

    /// The picture at `url`, scaled down to ``maximumSide``.
    /// - Throws: ``ThumbnailError/Code/refusedScheme(_:)``, ``ThumbnailError/Code/fileNotFound``,
    ///   ``ThumbnailError/Code/httpStatus(_:)``, ``ThumbnailError/Code/networkUnreachable`` (also
    ///   past ``timeout``), ``ThumbnailError/Code/tooLarge``, ``ThumbnailError/Code/unsupportedFormat``
    ///   (not an image, or damaged), ``ThumbnailError/Code/invalidArgument`` (a bound below 1) or
    ///   ``ThumbnailError/Code/cancelled``.
    public func image(at url: URL) async throws(ThumbnailError) -> Bitmap {
        guard timeout > 0, maximumBytes > 0, maximumPixels > 0, maximumSide > 0 else {
            throw ThumbnailError(.invalidArgument, message: "The artwork loader's bounds must be positive.")
        }
        let reader = ResourceLoader(policy: policy, timeout: timeout, maximumBytes: maximumBytes)
        let data = try await reader.data(from: url)
        if Task.isCancelled { throw ThumbnailError(.cancelled) }
        let decoded = await Bitmap.decodedInBackground(data, maximumSide: maximumSide, maximumPixels: maximumPixels)
        return try decoded.get()
    }
}
