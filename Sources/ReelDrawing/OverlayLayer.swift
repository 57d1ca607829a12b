import ReelCanvas

/// The overlays of an ``/ReelCanvas/OverlayHost``, drawn with cairo into a transparent surface the size of
/// the window's drawable, redrawn only when the host asks (`needsDisplay`) or the size changes.
@MainActor
package final class OverlayLayer {
    /// The surface; nil before the first ``resize(pixelWidth:pixelHeight:scale:)``.
    package private(set) var canvas: CairoCanvas?
    /// The device pixels the overlays cover now (what to composite each frame).
    package private(set) var region = PixelRegion()
    /// The device pixels that may have changed in the last ``redraw(_:)``: the old region and
    /// the new (every other pixel was and stays transparent).
    package private(set) var changed = PixelRegion()

    /// A layer without a surface yet.
    package init() {}

    /// Makes a new surface when the size or scale changed; true when it did.
    @discardableResult
    package func resize(pixelWidth: Int, pixelHeight: Int, scale: Double) throws(HostError) -> Bool {
        if let canvas, canvas.pixelWidth == pixelWidth, canvas.pixelHeight == pixelHeight, canvas.scale == scale {
            return false
        }
        canvas = try CairoCanvas(pixelWidth: max(1, pixelWidth), pixelHeight: max(1, pixelHeight), scale: scale)
        region = PixelRegion()
        changed = PixelRegion([PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)])
        return true
    }

    /// Clears the surface and lets `host` draw every overlay.
    package func redraw(_ host: any OverlayHost) {
        guard let canvas else { return }
        let previous = region
        canvas.clear()
        host.draw(in: canvas)
        region = canvas.drawnRegion
        changed = previous
        changed.formUnion(region)
    }
}
