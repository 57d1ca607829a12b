import ReelContainer
import ReelCore
import ReelDrawing

/// Composes one still picture: video where an ``/ReelCanvas/OverlayHost`` wants it, the host's overlays on
/// top: how `reel snapshot --controls` draws the player container over a frame.
///
/// ```swift
/// let composer = SnapshotComposer(overlay: PlayerContainer(store: store))
/// let frame = try composer.compose(width: 1280, height: 720) { (frame, rect) throws(PlayerError) in
///     try source.render(into: frame, rect: rect)
/// }
/// ```
@MainActor
public struct SnapshotComposer {
    /// What is drawn over the video; nil for the bare video.
    public var overlay: (any OverlayHost)?
    /// Device pixels per logical pixel: the overlay is laid out at `width / scale` logical pixels.
    public var scale: Double

    /// Creates a composer.
    public init(overlay: (any OverlayHost)? = nil, scale: Double = 1) {
        precondition(scale > 0, "The scale must be positive")
        self.overlay = overlay
        self.scale = scale
    }

    /// A `width` × `height` picture: black, then `video` asked to draw into the overlay's video
    /// rectangle (all of it without an overlay), then the overlay drawn with a ``/ReelDrawing/CairoCanvas``.
    /// - Throws: what `video` throws; ``/ReelDrawing/HostError`` as a ``/ReelCore/PlayerError/Code/unknown`` when cairo
    ///   cannot draw.
    public func compose(
        width: Int, height: Int, video: (FrameBuffer, PixelRect) throws(PlayerError) -> Void
    ) throws(PlayerError) -> FrameBuffer {
        let frame = FrameBuffer(width: width, height: height)
        guard let overlay else {
            try video(frame, frame.bounds)
            return frame
        }
        overlay.layout(size: Size(width: Double(width) / scale, height: Double(height) / scale), scale: scale)
        let area = overlay.videoFrame
        let rect = PixelRect(
            covering: (area.minX * scale, area.minY * scale, area.maxX * scale, area.maxY * scale)
        ).intersection(frame.bounds)
        if !rect.isEmpty { try video(frame, rect) }
        do {
            let canvas = try CairoCanvas(frame: frame, scale: scale)
            overlay.draw(in: canvas)
        } catch {
            throw PlayerError(.unknown, message: error.message)
        }
        return frame
    }
}
