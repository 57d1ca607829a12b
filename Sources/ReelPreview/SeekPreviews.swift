import ReelCanvas
import ReelComposable
import ReelCore
import ReelPlayer

/// The seek bar's previews for whatever a ``/ReelPlayer/Player`` plays: it follows the player's
/// current item, with a ``PreviewModel`` for each, and answers the seek bar synchronously.
///
/// ```swift
/// let previews = SeekPreviews(player: player)
/// let container = PlayerContainer(
///     store: player.store, configuration: .standard(previewImage: previews.image(at:)))
/// previews.onImage = { [weak container] in container?.context.setNeedsDisplay() }
/// // …
/// await previews.shutdown()
/// ```
///
/// `PlayerWindow(player:)` does this by itself (`PlayerWindow.Options.seekPreviews`).
///
/// ## Items
/// When the player's ``/ReelPlayer/Player/currentItem`` changes, the previews of the old item are
/// dropped (its model shut down, its requests cancelled) and a model is made for the new one by
/// `makeModel`, by default `PreviewModel(media: item.url, configuration:)`. An item it cannot
/// preview (a refused address, a missing file) gets none: ``image(at:)`` answers nil.
///
/// ## Asking
/// The seek bar asks while it draws, so ``image(at:)`` never waits: it answers with the image of
/// the interval that holds the time when it is here, and otherwise with the nearest one here (or
/// nil) while it fetches the right one. A request for another interval replaces the previous
/// one (the model cancels the stale work). When an image arrives, ``onImage`` is called: redraw
/// then. An item whose media has no picture (``ThumbnailError/Code/noVideo``) is not asked again.
/// The newest ``imageLimit`` images are kept.
///
/// ## Threading and lifetime
/// Main actor only. ``shutdown()`` (or ``stop()``, which does not wait) stops following the
/// player, cancels what runs and releases the models (a remote model's libmpv).
@MainActor
public final class SeekPreviews {
    /// The configuration of the models `init(player:configuration:)` makes: 160 pixels wide,
    /// one image per 2 s, nothing on disk.
    public static var defaultConfiguration: PreviewModel.Configuration { PreviewModel.Configuration(interval: 2) }

    /// Called on the main actor when a fetched image arrives: redraw the seek bar then.
    public var onImage: (@MainActor () -> Void)?
    /// The item the previews are for: the player's current item when last seen.
    public private(set) var item: MediaItem?
    /// The model of ``item``; nil without an item, for an item that cannot be previewed, and
    /// after ``shutdown()``.
    public private(set) var model: PreviewModel?
    /// Whether ``stop()`` or ``shutdown()`` was called.
    public private(set) var isShutDown = false
    /// How many images are kept here (the oldest go first).
    public static let imageLimit = 300

    private let makeModel: @MainActor (MediaItem) -> PreviewModel?
    private var observation: StoreObservation?
    /// The images of ``model`` here, by interval, and the intervals oldest first.
    private var images: [Int: RGBAImage] = [:]
    private var order: [Int] = []
    /// The interval being fetched.
    private var requested: Int?
    private var fetch: Task<Void, Never>?
    /// Whether ``model`` failed for good (media without a picture).
    private var exhausted = false
    /// Counts the models: a fetch for an earlier one stores nothing.
    private var generation = 0
    /// Old models shutting down, by their generation.
    private var retiring: [Int: Task<Void, Never>] = [:]

    /// Previews for `player`'s items, each from a `PreviewModel(media: item.url, configuration:)`.
    public convenience init(player: Player, configuration: PreviewModel.Configuration = defaultConfiguration) {
        self.init(player: player) { item in try? PreviewModel(media: item.url, configuration: configuration) }
    }

    /// Previews for `player`'s items, each from the model `makeModel` returns for it (nil: none
    /// for that item), such as one with the item's thumbnail track.
    public init(player: Player, makeModel: @escaping @MainActor (MediaItem) -> PreviewModel?) {
        self.makeModel = makeModel
        observation = player.store.observeChanges { [weak self] old, new in
            guard old.playback.item != new.playback.item else { return }
            self?.follow(new.playback.item)
        }
        follow(player.currentItem)
    }

    isolated deinit {
        observation?.cancel()
        fetch?.cancel()
        if let model { Task { await model.shutdown() } }
    }

    /// The image for the interval that holds `time` when it is here; otherwise the nearest one
    /// here, or nil, while the right one is fetched (``onImage`` says when it arrives).
    /// For a clipped item `time` counts from the clip's start, as the seek bar does.
    public func image(at timelineTime: Double) -> RGBAImage? {
        guard let model, timelineTime.isFinite else { return nil }
        let time = timelineTime + (item?.clip?.start ?? 0)
        let key = Self.key(of: time, interval: model.interval)
        if let image = images[key] { return image }
        if requested != key, !exhausted {
            requested = key
            fetch?.cancel()
            let generation = generation
            fetch = Task { [weak self] in
                do throws(ThumbnailError) {
                    // A cancelled or overtaken request answers with the nearest image: not this one.
                    guard let thumbnail = try await model.thumbnail(at: time), !Task.isCancelled,
                        Self.key(of: thumbnail.requestedTime, interval: model.interval) == key
                    else { return }
                    self?.store(thumbnail, for: key, generation: generation)
                } catch {
                    self?.failed(error, generation: generation)
                }
            }
        }
        return images.min { abs($0.key - key) < abs($1.key - key) }?.value
    }

    /// Stops following the player and cancels the fetch at once, and starts releasing the model:
    /// ``image(at:)`` answers nil from now on. Idempotent; ``shutdown()`` also waits.
    public func stop() {
        guard !isShutDown else { return }
        isShutDown = true
        observation?.cancel()
        observation = nil
        follow(nil)
    }

    /// ``stop()``, then waits until every model is released. Idempotent.
    public func shutdown() async {
        stop()
        for task in Array(retiring.values) { await task.value }
    }

    /// Drops the previews of the old item and makes a model for `item`.
    private func follow(_ item: MediaItem?) {
        fetch?.cancel()
        fetch = nil
        requested = nil
        images = [:]
        order = []
        exhausted = false
        generation += 1
        if let old = model {
            let id = generation
            retiring[id] = Task { [weak self] in
                await old.shutdown()
                self?.retiring[id] = nil
            }
        }
        self.item = item
        model = item.flatMap(makeModel)
    }

    private func store(_ thumbnail: Thumbnail, for key: Int, generation: Int) {
        guard generation == self.generation else { return }
        let image = RGBAImage(width: thumbnail.width, height: thumbnail.height, pixels: thumbnail.pixels)
        if images.updateValue(image, forKey: key) == nil { order.append(key) }
        while order.count > Self.imageLimit { images[order.removeFirst()] = nil }
        onImage?()
    }

    private func failed(_ error: ThumbnailError, generation: Int) {
        guard generation == self.generation else { return }
        // Another interval may work after a decoding or network failure; no picture never will.
        if error.code == .noVideo { exhausted = true }
    }

    /// The interval that holds `time`, as ``PreviewModel`` counts them.
    private nonisolated static func key(of time: Double, interval: Double) -> Int {
        Int((max(0, time) / interval).rounded(.down))
    }
}
