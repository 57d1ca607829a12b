import Foundation
import Logging
import ReelCore
import ReelIsolation
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

    /// Whether `media` is decoded in a worker process: as asked (`--isolate`, `--no-isolate`),
    /// otherwise for every address but a local file, which the user chose.
    static func isolates(_ media: URL, asked: Bool?) -> Bool { asked ?? !media.isFileURL }

    /// In a worker (``IsolatedThumbnailProvider``, each request killed after `timeout`) when
    /// `isolation` is given; otherwise in-process: FFmpeg in parallel for a local file, a headless
    /// libmpv (keyframes only, no quantising) for an http(s) address.
    /// - Throws: ``ThumbnailError`` for a missing file, a refused address or a bad width.
    init(
        media: URL, width: Int, exact: Bool, cache: ThumbnailCache?, isolation: Isolation? = nil,
        timeout: Duration = .seconds(120), logger: Logger = CLILogging.logger("reel.mpv", verbose: false)
    ) throws(ThumbnailError) {
        if let isolation {
            // Refused addresses fail here, in this process, as they do without a worker.
            do {
                try URLPolicy.standard.check(media)
            } catch {
                throw ThumbnailError(.refusedScheme(media.scheme ?? ""), message: error.message)
            }
            provider = IsolatedThumbnailProvider(
                url: media, width: width, exact: exact, isolation: isolation, timeout: timeout)
        } else if media.isFileURL {
            let options = LocalThumbnailProvider.Options(
                width: width, precision: exact ? .exact : .keyframe, cache: cache)
            provider = try LocalThumbnailProvider(file: media, options: options)
        } else {
            var configuration = MPVConfiguration.headless
            configuration.logger = logger
            provider = try RemoteThumbnailProvider(
                url: media, options: .init(width: width, interval: 0.001, configuration: configuration))
        }
    }

    /// Releases a remote provider's libmpv instance.
    func shutdown() async {
        if let remote = provider as? RemoteThumbnailProvider { await remote.shutdown() }
    }
}
