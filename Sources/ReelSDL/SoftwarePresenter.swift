import CSDL2
import ReelCore
import ReelDrawing
import ReelMPV

/// The software path: libmpv renders on the CPU, the overlays' covered pixels are composited over
/// the video with cairo (pixman), and the window's own surface goes to the window system (on X11
/// an `XShmPutImage`: no OpenGL, no SDL renderer).
///
/// When the video fills the window (the usual case) libmpv renders straight into the window's
/// surface, so a frame is never copied; libmpv letterboxes it itself. Otherwise (a squeezing
/// panel, a surface of another pixel format) it renders into a ``FrameBuffer`` that each
/// presentation copies into place. SDL would back window surfaces with an OpenGL texture by
/// default; ``SDLVideo/start()`` turns that off, since on a software OpenGL (llvmpipe) that costs
/// more than the whole rest of the window.
///
/// Render thread only (see ``RenderThread``).
final class SoftwarePresenter {
    /// What one presentation did.
    struct Presentation {
        /// Seconds libmpv spent rendering video; nil when it rendered none.
        var videoSeconds: Double?
        /// Seconds spent compositing the overlays.
        var compositeSeconds: Double
        /// libmpv failed to render (its engine is gone): present without video from now on.
        var videoFailed: Bool
    }

    /// The window presentations go to (see ``retarget(to:)``).
    private(set) var window: OpaquePointer
    /// The last video frame, the size of the video rectangle (copying path only).
    private var video: FrameBuffer?
    /// The composed picture, when the window surface's pixel format is not Reel's own.
    private var converted: FrameBuffer?

    /// Prepares to present into `window`'s surface.
    init(window: OpaquePointer) throws(HostError) {
        guard SDL_GetWindowSurface(window) != nil else {
            throw HostError(.sdl, message: "The window's surface could not be made: \(SDLVideo.lastError).")
        }
        self.window = window
    }

    /// Presents into `window`'s surface from now on (the picture-in-picture window and back).
    func retarget(to window: OpaquePointer) {
        self.window = window
        converted = nil
    }

    /// The drawable size in device pixels.
    var outputSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &width, &height)
        return (Int(width), Int(height))
    }

    /// Presents the video in `videoRect` with the overlays on top. The overlay's lock is held for
    /// the composite only, never while libmpv renders.
    ///
    /// - Parameters:
    ///   - renderer: libmpv's renderer; nil once it failed, which shows black instead of video.
    ///   - newFrame: libmpv has a new frame. Without one the copying path reuses its last frame;
    ///     the direct path renders the current frame again (the overlay covered the last one).
    func present(
        renderer: VideoRenderer?, newFrame: Bool, videoRect: PixelRect, overlay: OverlayTransfer
    ) throws(HostError) -> Presentation {
        // The surface is made anew after a resize; SDL returns the current one.
        guard let surface = SDL_GetWindowSurface(window), let format = surface.pointee.format else {
            throw HostError(.sdl, message: "The window's surface is gone: \(SDLVideo.lastError).")
        }
        let width = Int(surface.pointee.w)
        let height = Int(surface.pointee.h)
        var result = Presentation(videoSeconds: nil, compositeSeconds: 0, videoFailed: false)
        guard width > 0, height > 0 else { return result }
        guard SDL_LockSurface(surface) == 0, let pixels = surface.pointee.pixels else {
            throw HostError(.sdl, message: "The window's surface could not be locked: \(SDLVideo.lastError).")
        }
        let stride = Int(surface.pointee.pitch)
        let isNative = format.pointee.format == SDL_PIXELFORMAT_RGB888.rawValue
        if let renderer, isNative, videoRect == PixelRect(x: 0, y: 0, width: width, height: height) {
            video = nil
            let started = SDLVideo.seconds()
            do {
                try renderer.renderSoftware(
                    into: pixels, width: width, height: height, stride: stride, format: .bgr0)
                result.videoSeconds = SDLVideo.seconds() - started
            } catch {
                result.videoFailed = true
                pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
            }
            result.compositeSeconds = overlay.withFrame {
                composite($0, onto: pixels, stride: stride, width: width, height: height)
            }
        } else {
            if let renderer, newFrame || video == nil {
                let started = SDLVideo.seconds()
                do {
                    try renderVideo(renderer, size: videoRect)
                    result.videoSeconds = SDLVideo.seconds() - started
                } catch {
                    result.videoFailed = true
                    video = nil
                }
            }
            if isNative {
                result.compositeSeconds = overlay.withFrame {
                    compose(
                        into: pixels, stride: stride, width: width, height: height, videoRect: videoRect, overlay: $0)
                }
            } else {
                if converted?.width != width || converted?.height != height {
                    converted = FrameBuffer(width: width, height: height)
                }
                if let converted {
                    result.compositeSeconds = overlay.withFrame {
                        compose(
                            into: converted.pixels, stride: converted.stride, width: width, height: height,
                            videoRect: videoRect, overlay: $0)
                    }
                    SDL_ConvertPixels(
                        Int32(width), Int32(height), SDL_PIXELFORMAT_RGB888.rawValue, converted.pixels,
                        Int32(converted.stride), format.pointee.format, pixels, surface.pointee.pitch)
                }
            }
        }
        SDL_UnlockSurface(surface)
        guard SDL_UpdateWindowSurface(window) == 0 else {
            throw HostError(.sdl, message: "The window could not be updated: \(SDLVideo.lastError).")
        }
        return result
    }

    /// Renders libmpv's current frame into the video buffer (made anew when `size` changed).
    private func renderVideo(_ renderer: VideoRenderer, size: PixelRect) throws(PlayerError) {
        guard !size.isEmpty else { return }
        if video?.width != size.width || video?.height != size.height {
            video = FrameBuffer(width: size.width, height: size.height)
        }
        guard let video else { return }
        try renderer.renderSoftware(
            into: video.pixels, width: video.width, height: video.height, stride: video.stride,
            format: .bgr0)
    }

    /// A copy of the window's surface: exactly the picture the last presentation showed.
    func copySurface() -> FrameBuffer? {
        guard let surface = SDL_GetWindowSurface(window), let format = surface.pointee.format,
            surface.pointee.w > 0, surface.pointee.h > 0, SDL_LockSurface(surface) == 0
        else { return nil }
        defer { SDL_UnlockSurface(surface) }
        let frame = FrameBuffer(width: Int(surface.pointee.w), height: Int(surface.pointee.h))
        let copied = SDL_ConvertPixels(
            surface.pointee.w, surface.pointee.h, format.pointee.format, surface.pointee.pixels,
            surface.pointee.pitch, SDL_PIXELFORMAT_RGB888.rawValue, frame.pixels, Int32(frame.stride))
        return copied == 0 ? frame : nil
    }

    /// Releases the frame buffers; SDL frees the window's surface with the window.
    func destroy() {
        video = nil
        converted = nil
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
        return composite(overlay, onto: pixels, stride: stride, width: width, height: height)
    }

    /// Composites the overlays' covered pixels onto a `width` × `height` picture; returns the
    /// seconds it took (0 when the overlay does not have the picture's size).
    private func composite(
        _ overlay: OverlayTransfer.Frame?, onto pixels: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int
    ) -> Double {
        guard let overlay, overlay.surface.width == width, overlay.surface.height == height else { return 0 }
        let started = SDLVideo.seconds()
        overlay.surface.composite(region: overlay.region, onto: pixels, stride: stride)
        return SDLVideo.seconds() - started
    }
}
