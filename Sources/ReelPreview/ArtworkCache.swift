import CFFmpeg
import Foundation
import Logging
import ReelCanvas
import ReelCore

/// The artwork a container draws, answered at once: each address is loaded once (by an
/// ``ArtworkLoader``, off the main actor) and kept, decoded, for as long as it is among the
/// ``imageLimit`` most recently asked, with copies scaled down to the sizes it is drawn at (the
/// longest side rounded up to a multiple of 64 pixels), so a small picture is never drawn from a
/// large one.
///
/// ```swift
/// let artwork = ArtworkCache(loader: ArtworkLoader(policy: engine.configuration.urlPolicy))
/// var configuration = ContainerConfiguration.standard
/// configuration.artworkImage = artwork.image(for:fitting:)
/// let container = PlayerContainer(player: player, configuration: configuration)
/// artwork.onImage = { [weak container] in container?.context.setNeedsDisplay() }
/// ```
///
/// `PlayerWindow(player:)` does this by itself, with the engine's address policy and logger.
///
/// ## Failures
/// An address that cannot be loaded (refused, missing, an error status, too large, not an image,
/// a server that does not answer in time) has no artwork: ``image(for:fitting:)`` answers nil for
/// it from then on, without asking again, and ``logger`` gets one warning line naming the address
/// and the ``ThumbnailError``.
///
/// ## Threading
/// Main actor only. ``stop()`` cancels the loads that run.
@MainActor
public final class ArtworkCache {
    /// How many decoded images are kept (the least recently asked go first).
    public static let imageLimit = 8
    /// How many failed addresses are remembered (and not asked again).
    public static let failureLimit = 64

    /// Called on the main actor when an image arrives: redraw then.
    public var onImage: (@MainActor () -> Void)?
    /// Where a failure is reported, one warning per address, with the metadata `reel.source`
    /// `artwork`.
    public let logger: Logger

    private let load: @Sendable (URL) async throws(ThumbnailError) -> Bitmap
    /// The decoded images, and their scaled copies by longest side.
    private var images: [URL: RGBAImage] = [:]
    private var copies: [URL: [Int: RGBAImage]] = [:]
    private var recent: [URL] = []
    private var loading: [URL: Task<Void, Never>] = [:]
    private var failures: [URL: ThumbnailError] = [:]
    private var failed: [URL] = []

    /// A cache that loads with `loader` and reports failures to `logger` (by default, nowhere).
    public convenience init(
        loader: ArtworkLoader = ArtworkLoader(),
        logger: Logger = Logger(label: "reel.artwork", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.init(logger: logger) { url throws(ThumbnailError) in try await loader.image(at: url) }
    }

    /// A cache that loads each address with `load` (tests, or an app's own loader).
    public init(logger: Logger, load: @escaping @Sendable (URL) async throws(ThumbnailError) -> Bitmap) {
        self.logger = logger
        self.load = load
    }

    isolated deinit {
        for task in loading.values { task.cancel() }
    }

    /// The artwork at `url` scaled down to fit `size` (device pixels) when it is here; otherwise
    /// nil, while it loads (``onImage`` says when it arrives) or for good when it could not be
    /// loaded.
    public func image(for url: URL, fitting size: Size) -> RGBAImage? {
        guard let image = images[url] else {
            startLoading(url)
            return nil
        }
        if recent.last != url {
            recent.removeAll { $0 == url }
            recent.append(url)
        }
        let longest = max(image.width, image.height)
        let wanted = max(size.width, size.height)
        let side = wanted.isFinite ? min(longest, max(64, Int((wanted / 64).rounded(.up)) * 64)) : longest
        guard side < longest else { return image }
        if let copy = copies[url]?[side] { return copy }
        let copy = Self.scaled(image, longestSide: side) ?? image
        copies[url, default: [:]][side] = copy
        return copy
    }

    private func startLoading(_ url: URL) {
        guard failures[url] == nil, loading[url] == nil else { return }
        let load = load
        loading[url] = Task { [weak self] in
            let result: Result<Bitmap, ThumbnailError>
            do throws(ThumbnailError) {
                result = .success(try await load(url))
            } catch {
                result = .failure(error)
            }
            self?.finished(url, result)
        }
    }

    /// `image` scaled down, keeping its aspect, so that its longest side is `side` pixels.
    private static func scaled(_ image: RGBAImage, longestSide side: Int) -> RGBAImage? {
        let factor = Double(side) / Double(max(image.width, image.height))
        let width = max(1, Int((Double(image.width) * factor).rounded()))
        let height = max(1, Int((Double(image.height) * factor).rounded()))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let status = image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                reel_av_scale_image(
                    source.baseAddress, Int32(image.width), Int32(image.height), target.baseAddress, Int32(width),
                    Int32(height))
            }
        }
        return status == 0 ? RGBAImage(width: width, height: height, pixels: pixels) : nil
    }

    /// Why the artwork at `url` could not be loaded, once it failed.
    public func failure(for url: URL) -> ThumbnailError? { failures[url] }

    /// Cancels the loads that run; what is here stays.
    public func stop() {
        for task in loading.values { task.cancel() }
        loading = [:]
    }

    private func finished(_ url: URL, _ result: Result<Bitmap, ThumbnailError>) {
        guard loading.removeValue(forKey: url) != nil else { return }
        switch result {
        case .success(let bitmap):
            images[url] = RGBAImage(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels)
            recent.append(url)
            while recent.count > Self.imageLimit {
                let oldest = recent.removeFirst()
                images[oldest] = nil
                copies[oldest] = nil
            }
            onImage?()
        case .failure(let error) where error.code == .cancelled:
            break
        case .failure(let error):
            failures[url] = error
            failed.append(url)
            while failed.count > Self.failureLimit { failures[failed.removeFirst()] = nil }
            logger.warning(
                "No artwork from \(url.absoluteString): \(error)", metadata: ["reel.source": "artwork"])
        }
    }
}
