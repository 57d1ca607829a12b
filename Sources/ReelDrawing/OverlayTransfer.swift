import Foundation

/// The overlay pixels one window shows, handed from the main actor (where the ``/ReelCanvas/OverlayHost``
/// draws with cairo) to the window host's render thread (which composites or uploads them).
///
/// The main actor draws into its own ``CairoCanvas`` and then ``publish(_:region:changed:)``
/// copies the pixels that changed into this object's surface under a lock; the render thread
/// reads that surface under the same lock in ``withFrame(_:)``. Neither side ever waits for
/// the other longer than one copy or one composite.
package final class OverlayTransfer: @unchecked Sendable {
    /// What the render thread sees: the surface, the pixels overlays cover, and the pixels that
    /// changed since the render thread last looked (for a texture upload).
    package struct Frame {
        /// The overlay surface (premultiplied ARGB, the drawable's size).
        package let surface: CairoSurface
        /// The device pixels the overlays cover.
        package let region: PixelRegion
        /// The bounding rectangle of ``region``.
        package var bounds: PixelRect { region.bounds }
        /// The device pixels that changed since the last ``withFrame(_:)``.
        package let changed: PixelRect
    }

    private static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
    private let lock = NSLock()
    private var surface: CairoSurface?
    private var region = PixelRegion()
    private var changed = OverlayTransfer.empty

    /// A transfer with nothing published yet.
    package init() {}

    /// Copies `changed` of `source` (all of it when the size changed) and remembers `region`.
    /// Called on the main actor after the overlays drew.
    ///
    /// `changed` is the old region and the new, rectangle by rectangle, not their bounding
    /// rectangle: with a title bar and a control bar that would be nearly the whole picture.
    package func publish(_ source: CairoSurface, region: PixelRegion, changed: PixelRegion) {
        lock.lock()
        defer { lock.unlock() }
        var copied = changed.rects
        if surface?.width != source.width || surface?.height != source.height {
            surface = try? CairoSurface(width: source.width, height: source.height)
            copied = [PixelRect(x: 0, y: 0, width: source.width, height: source.height)]
        }
        guard let surface else { return }
        for rect in copied {
            surface.copy(rect, from: source)
            self.changed = self.changed.isEmpty ? rect : self.changed.union(rect)
        }
        self.region = region
    }

    /// Runs `body` with the current frame (nil before the first publish) under the lock, then
    /// forgets which pixels changed.
    package func withFrame<Result, Failure: Error>(_ body: (Frame?) throws(Failure) -> Result) throws(Failure) -> Result
    {
        lock.lock()
        defer {
            changed = Self.empty
            lock.unlock()
        }
        return try body(surface.map { Frame(surface: $0, region: region, changed: changed) })
    }
}
