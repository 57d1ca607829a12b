import ReelContainer
import ReelPreview

/// Feeds the seek bar's preview from a ``PreviewModel``: the seek bar asks synchronously while
/// drawing; this answers from what it has and fetches the rest, asking for a redraw when an
/// image arrives. Requests for a time the pointer has left are cancelled by the model.
@MainActor
final class SeekPreview {
    private let model: PreviewModel
    private let redraw: @MainActor () -> Void
    private var images: [Int: RGBAImage] = [:]
    private var requested: Int?
    private var fetch: Task<Void, Never>?
    private let interval: Double

    /// Previews of `model`, grouped by `interval` seconds; `redraw` is called when one arrives.
    init(model: PreviewModel, interval: Double = 2, redraw: @escaping @MainActor () -> Void) {
        self.model = model
        self.interval = interval
        self.redraw = redraw
    }

    /// The preview for `time` if it is here, else the nearest one here (and the right one is fetched).
    func image(at time: Double) -> RGBAImage? {
        let key = Int((max(0, time) / interval).rounded(.down))
        if let image = images[key] { return image }
        if requested != key {
            requested = key
            fetch?.cancel()
            fetch = Task { [weak self, model] in
                guard let thumbnail = try? await model.thumbnail(at: time) else { return }
                self?.store(thumbnail, for: key)
            }
        }
        return images.min { abs($0.key - key) < abs($1.key - key) }?.value
    }

    /// Stops fetching and releases the model's resources.
    func shutdown() async {
        fetch?.cancel()
        await model.shutdown()
    }

    private func store(_ thumbnail: Thumbnail, for key: Int) {
        images[key] = RGBAImage(width: thumbnail.width, height: thumbnail.height, pixels: thumbnail.pixels)
        redraw()
    }
}
