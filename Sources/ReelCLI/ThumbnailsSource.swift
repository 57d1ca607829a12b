import Foundation
import ReelMPV
import ReelPreview

/// The provider `reel thumbnails` and `reel contact-sheet` use for a file or an address.
struct ThumbnailSource {
    /// The provider.
    let provider: any ThumbnailProvider

    /// `reel`'s thumbnail cache: `thumbnails` in its cache directory, at most 200 MiB.
    static var defaultCache: ThumbnailCache {
        ThumbnailCache(directory: CacheDirectory.resolve().appendingPathComponent("thumbnails", isDirectory: true))
    }

    /// FFmpeg in parallel for a local file; a headless libmpv (keyframes only, no quantising) for
    /// an http(s) address.
    /// - Throws: ``ThumbnailError`` for a missing file, a refused address or a bad width.
    init(media: URL, width: Int, exact: Bool, cache: ThumbnailCache?) throws(ThumbnailError) {
        if media.isFileURL {
            let options = LocalThumbnailProvider.Options(
                width: width, precision: exact ? .exact : .keyframe, cache: cache)
            provider = try LocalThumbnailProvider(file: media, options: options)
        } else {
            provider = try RemoteThumbnailProvider(
                url: media, options: .init(width: width, interval: 0.001, configuration: .headless))
        }
    }

    /// Releases a remote provider's libmpv instance.
    func shutdown() async {
        if let remote = provider as? RemoteThumbnailProvider { await remote.shutdown() }
    }
}
