import CSDL2
import ReelCore
import ReelDrawing
import ReelMPV

/// The OpenGL path: libmpv renders into the window's default framebuffer (or, when the video
/// rectangle is smaller than the window, into a framebuffer object that is then blitted into
/// place), the overlays are blended on top by ``GLOverlayQuad``, then the buffers swap.
///
/// Why not SDL_Renderer on the same context: SDL's OpenGL renderer caches GL state (bound
/// program, textures, blend mode) that libmpv changes behind its back, and it owns the context's
/// framebuffer setup; keeping both correct needs `SDL_RenderFlush` plus state resets that SDL
/// does not document. Our own quad is about sixty lines, touches only state it restores, and
/// uploads just the overlay pixels that changed.
///
/// Render thread only (see ``RenderThread``): its context is made current there and stays
/// usable only there.
final class GLPresenter {
    let gl: GLFunctions
    /// The window presentations go to (see ``retarget(to:)``).
    private(set) var window: OpaquePointer
    private let context: SDL_GLContext
    private let quad: GLOverlayQuad
    private var offscreen: (framebuffer: UInt32, texture: UInt32, width: Int, height: Int)?

    /// Makes an OpenGL context for `window` (created with `SDL_WINDOW_OPENGL`) and makes it
    /// current on this thread, with vsync when the driver offers it.
    init(window: OpaquePointer) throws(HostError) {
        guard let context = SDL_GL_CreateContext(window) else {
            throw HostError(.openGL, message: "No OpenGL context could be made: \(SDLVideo.lastError).")
        }
        guard SDL_GL_MakeCurrent(window, context) == 0 else {
            SDL_GL_DeleteContext(context)
            throw HostError(.openGL, message: "The OpenGL context could not be made current: \(SDLVideo.lastError).")
        }
        _ = SDL_GL_SetSwapInterval(1)
        // The context stays current for the caller's set-up; it releases it (see makeCurrent()).
        do {
            let gl = try GLFunctions()
            quad = try GLOverlayQuad(gl: gl)
            self.gl = gl
        } catch {
            SDL_GL_DeleteContext(context)
            throw error
        }
        self.window = window
        self.context = context
    }

    /// Presents into `window` from now on (the picture-in-picture window and back). It must be
    /// made with `SDL_WINDOW_OPENGL`, like the first, so the same context can draw into it.
    func retarget(to window: OpaquePointer) {
        self.window = window
    }

    /// The drawable size in device pixels.
    var outputSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GL_GetDrawableSize(window, &width, &height)
        return (Int(width), Int(height))
    }

    /// Makes this presenter's context current on this thread (before any GL or render call).
    ///
    /// Every window's context lives on the one render thread; several windows take turns, so
    /// each stretch of GL work makes its context current first.
    func makeCurrent() {
        _ = SDL_GL_MakeCurrent(window, context)
    }

    /// Releases the context from this thread (see ``makeCurrent()``).
    func release() {
        _ = SDL_GL_MakeCurrent(window, nil)
    }

    /// Draws the current video frame in `videoRect` and the overlays, without presenting.
    /// Returns the seconds spent uploading and blending the overlays.
    func draw(_ renderer: VideoRenderer, videoRect: PixelRect, overlay: OverlayTransfer.Frame?)
        throws(PlayerError) -> Double
    {
        let (width, height) = outputSize
        guard width > 0, height > 0 else { return 0 }
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        let area = videoRect.intersection(full)
        if area == full {
            try renderer.renderOpenGL(framebuffer: 0, width: width, height: height, flipY: true)
        } else {
            gl.bindFramebuffer(UInt32(GL_FRAMEBUFFER), 0)
            gl.viewport(0, 0, Int32(width), Int32(height))
            gl.clearColor(0, 0, 0, 1)
            gl.clear(UInt32(GL_COLOR_BUFFER_BIT))
            gl.clearColor(0, 0, 0, 0)
            if !area.isEmpty, let target = offscreenTarget(width: area.width, height: area.height) {
                // Same orientation as the default framebuffer, so the blit copies rows as they are.
                try renderer.renderOpenGL(
                    framebuffer: Int32(target), width: area.width, height: area.height, flipY: true)
                gl.bindFramebuffer(UInt32(GL_READ_FRAMEBUFFER), target)
                gl.bindFramebuffer(UInt32(GL_DRAW_FRAMEBUFFER), 0)
                let bottom = Int32(height - area.maxY)
                gl.blitFramebuffer(
                    0, 0, Int32(area.width), Int32(area.height), Int32(area.x), bottom, Int32(area.maxX),
                    bottom + Int32(area.height), UInt32(GL_COLOR_BUFFER_BIT), UInt32(GL_NEAREST))
                gl.bindFramebuffer(UInt32(GL_FRAMEBUFFER), 0)
            }
        }
        guard let overlay, overlay.surface.width == width, overlay.surface.height == height else { return 0 }
        let started = SDLVideo.seconds()
        if !overlay.changed.isEmpty { quad.upload(overlay.surface, changed: overlay.changed) }
        quad.draw(region: overlay.bounds, width: width, height: height)
        return SDLVideo.seconds() - started
    }

    /// Shows what ``draw(_:videoRect:overlay:)`` drew.
    func swap() {
        SDL_GL_SwapWindow(window)
    }

    /// Reads the back buffer (after a draw, before the swap) into a frame buffer.
    func readBack() -> FrameBuffer? {
        let (width, height) = outputSize
        guard width > 0, height > 0 else { return nil }
        let frame = FrameBuffer(width: width, height: height)
        gl.pixelStorei(UInt32(GL_PACK_ROW_LENGTH), Int32(frame.stride / 4))
        gl.readPixels(0, 0, Int32(width), Int32(height), UInt32(GL_BGRA), UInt32(GL_UNSIGNED_BYTE), frame.pixels)
        gl.pixelStorei(UInt32(GL_PACK_ROW_LENGTH), 0)
        // OpenGL's rows run bottom to top.
        var row = [UInt8](repeating: 0, count: frame.stride)
        for y in 0..<height / 2 {
            let top = frame.address(x: 0, y: y)
            let bottom = frame.address(x: 0, y: height - 1 - y)
            row.withUnsafeMutableBytes { scratch in
                scratch.baseAddress!.copyMemory(from: top, byteCount: frame.stride)
                top.copyMemory(from: bottom, byteCount: frame.stride)
                bottom.copyMemory(from: scratch.baseAddress!, byteCount: frame.stride)
            }
        }
        return frame
    }

    /// Deletes the GL objects and the context (after the video renderer was freed), with the
    /// context current.
    func destroy() {
        quad.destroy()
        if var offscreen {
            gl.deleteFramebuffers(1, &offscreen.framebuffer)
            gl.deleteTextures(1, &offscreen.texture)
        }
        offscreen = nil
        release()
        SDL_GL_DeleteContext(context)
    }

    /// A framebuffer object with a `width` × `height` colour texture, made anew when the size
    /// changes; nil when the driver refuses it.
    private func offscreenTarget(width: Int, height: Int) -> UInt32? {
        if let offscreen, offscreen.width == width, offscreen.height == height { return offscreen.framebuffer }
        if var old = offscreen {
            gl.deleteFramebuffers(1, &old.framebuffer)
            gl.deleteTextures(1, &old.texture)
        }
        var texture: UInt32 = 0
        gl.genTextures(1, &texture)
        gl.bindTexture(UInt32(GL_TEXTURE_2D), texture)
        gl.texImage2D(
            UInt32(GL_TEXTURE_2D), 0, GL_RGBA8, Int32(width), Int32(height), 0, UInt32(GL_RGBA),
            UInt32(GL_UNSIGNED_BYTE), nil)
        gl.bindTexture(UInt32(GL_TEXTURE_2D), 0)
        var framebuffer: UInt32 = 0
        gl.genFramebuffers(1, &framebuffer)
        gl.bindFramebuffer(UInt32(GL_FRAMEBUFFER), framebuffer)
        gl.framebufferTexture2D(
            UInt32(GL_FRAMEBUFFER), UInt32(GL_COLOR_ATTACHMENT0), UInt32(GL_TEXTURE_2D), texture, 0)
        let complete = gl.checkFramebufferStatus(UInt32(GL_FRAMEBUFFER)) == UInt32(GL_FRAMEBUFFER_COMPLETE)
        gl.bindFramebuffer(UInt32(GL_FRAMEBUFFER), 0)
        offscreen = (framebuffer, texture, width, height)
        return complete ? framebuffer : nil
    }
}
