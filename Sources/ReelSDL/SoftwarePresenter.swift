import CSDL2
import ReelCore
import ReelMPV

/// The software path: libmpv renders into a ``FrameBuffer`` on the CPU; each presentation copies
/// it into an SDL streaming texture, composites the overlays' covered pixels over it with cairo
/// (pixman), and presents through SDL's software renderer (a blit to the X server, no OpenGL).
///
/// Render thread only (see ``RenderThread``).
final class SoftwarePresenter {
    private let sdlRenderer: OpaquePointer
    private var texture: OpaquePointer?
    private var textureSize = (width: 0, height: 0)
    /// The last video frame, the size of the video rectangle.
    private var video: FrameBuffer?

    /// Creates SDL's software renderer for `window`.
    init(window: OpaquePointer) throws(HostError) {
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            throw HostError(.sdl, message: "The window's renderer could not be made: \(SDLVideo.lastError).")
        }
        sdlRenderer = renderer
    }

    /// The drawable size in device pixels.
    var outputSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetRendererOutputSize(sdlRenderer, &width, &height)
        return (Int(width), Int(height))
    }

    /// Renders libmpv's current frame into the video buffer (made anew when `size` changed).
    func renderVideo(_ renderer: VideoRenderer, size: PixelRect) throws(PlayerError) {
        guard !size.isEmpty else { return }
        if video?.width != size.width || video?.height != size.height {
            video = FrameBuffer(width: size.width, height: size.height)
        }
        guard let video else { return }
        try renderer.renderSoftware(
            into: video.pixels, width: video.width, height: video.height, stride: video.stride,
            format: FrameBuffer.pixelFormat)
    }

    /// Presents the last video frame in `videoRect` with the overlays on top; returns the seconds
    /// spent compositing the overlays.
    func present(videoRect: PixelRect, overlay: OverlayTransfer.Frame?) throws(HostError) -> Double {
        let (width, height) = outputSize
        guard width > 0, height > 0 else { return 0 }
        if texture == nil || textureSize != (width, height) {
            if let texture { SDL_DestroyTexture(texture) }
            texture = SDL_CreateTexture(
                sdlRenderer, SDL_PIXELFORMAT_RGB888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                Int32(width), Int32(height))
            textureSize = (width, height)
        }
        guard let texture else {
            throw HostError(.sdl, message: "The video texture could not be made: \(SDLVideo.lastError).")
        }
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, nil, &pixels, &pitch) == 0, let pixels else {
            throw HostError(.sdl, message: "The video texture could not be locked: \(SDLVideo.lastError).")
        }
        let seconds = compose(
            into: pixels, stride: Int(pitch), width: width, height: height, videoRect: videoRect,
            overlay: overlay)
        SDL_UnlockTexture(texture)
        SDL_RenderCopy(sdlRenderer, texture, nil, nil)
        SDL_RenderPresent(sdlRenderer)
        return seconds
    }

    /// What ``present(videoRect:overlay:)`` shows, as a new frame buffer.
    func capture(videoRect: PixelRect, overlay: OverlayTransfer.Frame?) -> FrameBuffer? {
        let (width, height) = outputSize
        guard width > 0, height > 0 else { return nil }
        let frame = FrameBuffer(width: width, height: height)
        _ = compose(
            into: frame.pixels, stride: frame.stride, width: width, height: height, videoRect: videoRect,
            overlay: overlay)
        return frame
    }

    /// Releases the texture and the renderer.
    func destroy() {
        if let texture { SDL_DestroyTexture(texture) }
        texture = nil
        SDL_DestroyRenderer(sdlRenderer)
    }

    /// Writes every pixel of a `width` × `height` picture: black, the video in `videoRect`, the
    /// overlays over both. Returns the seconds the overlay composite took.
    private func compose(
        into pixels: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int, videoRect: PixelRect,
        overlay: OverlayTransfer.Frame?
    ) -> Double {
        let area = videoRect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        for y in 0..<height {
            let row = pixels + y * stride
            guard let video, !area.isEmpty, y >= area.y, y < area.maxY else {
                row.initializeMemory(as: UInt8.self, repeating: 0, count: width * 4)
                continue
            }
            if area.x > 0 { row.initializeMemory(as: UInt8.self, repeating: 0, count: area.x * 4) }
            let sourceRow = y - videoRect.y
            let sourceColumn = area.x - videoRect.x
            let count = min(area.width, video.width - sourceColumn)
            if sourceRow < video.height, count > 0 {
                (row + area.x * 4).copyMemory(from: video.address(x: sourceColumn, y: sourceRow), byteCount: count * 4)
            }
            if area.maxX < width {
                (row + area.maxX * 4).initializeMemory(as: UInt8.self, repeating: 0, count: (width - area.maxX) * 4)
            }
        }
        guard let overlay, overlay.surface.width == width, overlay.surface.height == height else { return 0 }
        let started = SDLVideo.seconds()
        overlay.surface.composite(region: overlay.bounds, onto: pixels, stride: stride)
        return SDLVideo.seconds() - started
    }
}
