import CMPV
import NIOConcurrencyHelpers
import ReelCore

/// Draws an ``MPVEngine``'s video into a host's pixels: a libmpv render context, without any
/// libmpv type in its API.
///
/// ```swift
/// var configuration = MPVConfiguration.headless
/// configuration.video = .renderAPI
/// let engine = try MPVEngine(configuration: configuration)
/// let renderer = try engine.makeVideoRenderer(.software)   // before loading media
/// renderer.setUpdateHandler { wakeRenderThread() }         // on a libmpv thread: only signal
/// // On the render thread, after each signal:
/// if renderer.update() {
///     try renderer.renderSoftware(into: pixels, width: 1280, height: 720, stride: stride)
/// }
/// ```
///
/// ## Threading
/// - One render call at a time: ``update()``, ``renderSoftware(into:width:height:stride:format:)``,
///   ``renderOpenGL(framebuffer:width:height:flipY:)``, ``skipFrame()``, ``reportSwap()`` and
///   ``free()`` are serialised by a lock, so calling them from two threads is safe but pointless.
/// - With ``Backend/openGL(getProcAddress:)``, every call (creation and ``free()`` included) must
///   run on the thread where the OpenGL context the renderer was made with is current.
/// - The render thread must never wait for anything that waits for libmpv's core (for example
///   `MPVEngine.shutdown()` called synchronously from another thread while the render thread
///   blocks on it): the renderer uses libmpv's advanced control, where such a wait is a deadlock.
/// - Call ``update()`` promptly after every signal of the update handler, and render when it
///   returns true; keep doing so while seeking, also when paused. When the picture is hidden,
///   call ``skipFrame()`` instead of rendering, so playback never waits for the host.
///
/// ## Lifetime
/// ``free()`` releases the render context, exactly once; later render calls throw
/// ``/ReelCore/PlayerError/Code/engineGone`` and ``update()`` returns false. The engine frees a renderer
/// that is still alive when it shuts down, before it asks libmpv to quit and long before it
/// destroys libmpv, so forgetting is safe for the software backend. An OpenGL host must free it
/// itself, on its GL thread, before shutting the engine down: the engine's fallback runs on
/// another thread, where mpv's GL objects are released without a current context (with
/// libglvnd a leak, not a crash, but undefined by OpenGL).
public final class VideoRenderer: Sendable {
    /// Where frames are drawn.
    public enum Backend: Sendable {
        /// Into memory, by the CPU (`MPV_RENDER_API_TYPE_SW`): no display or GPU needed.
        case software
        /// Into an OpenGL framebuffer. `getProcAddress` resolves an OpenGL function's name in
        /// the host's context (for SDL: `SDL_GL_GetProcAddress`); it is called on the GL thread.
        case openGL(getProcAddress: @Sendable (String) -> UnsafeMutableRawPointer?)
    }

    /// The byte order of a software frame's pixels (4 bytes each, the fourth unused).
    public enum PixelFormat: String, Hashable, Sendable, CaseIterable {
        /// Red, green, blue, padding: what most image tools call RGBX.
        case rgb0
        /// Blue, green, red, padding: cairo's `RGB24` and SDL's `RGB888` on little-endian machines.
        case bgr0
    }

    /// Which kind of backend the renderer was made with.
    public enum Kind: Hashable, Sendable {
        /// ``Backend/software``.
        case software
        /// ``Backend/openGL(getProcAddress:)``.
        case openGL
    }

    /// The backend's kind.
    public let kind: Kind

    private let context: NIOLockedValueBox<RenderContextState>
    private let callbacks: VideoRendererCallbacks

    /// Creates the render context; `handle`'s `vo` must be `libmpv`, or become it right after.
    init(handle: MPVHandle, backend: Backend) throws(PlayerError) {
        let callbacks = VideoRendererCallbacks(backend: backend)
        let pointer = try Self.createContext(handle: handle, backend: backend, callbacks: callbacks)
        // With advanced control the update callback must be set at once, before the core can
        // wait for the host.
        mpv_render_context_set_update_callback(pointer, reelVideoRendererUpdate, callbacks.updateContext)
        switch backend {
        case .software: kind = .software
        case .openGL: kind = .openGL
        }
        self.callbacks = callbacks
        context = NIOLockedValueBox(RenderContextState(pointer: pointer))
    }

    deinit {
        free()
    }

    /// The stride ``renderSoftware(into:width:height:stride:format:)`` is fastest with: whole
    /// rows of 4-byte pixels, rounded up to 64 bytes (libmpv's SIMD alignment).
    public static func preferredStride(width: Int) -> Int { (width * 4 + 63) & ~63 }

    /// Whether ``free()`` has run (or the engine freed the renderer at shutdown).
    public var isFreed: Bool { context.withLockedValue { $0.pointer == nil } }

    /// Sets what runs when libmpv wants the host to call ``update()``, replacing the previous
    /// handler.
    ///
    /// The handler runs on a libmpv thread, possibly often and possibly with no new frame. It
    /// must only signal the render thread (post an event, resume a waiter): calling the renderer
    /// or the engine from it deadlocks.
    public func setUpdateHandler(_ handler: @escaping @Sendable () -> Void) {
        callbacks.setUpdateHandler(handler)
    }

    /// Lets libmpv process its pending render work and reports whether a new frame should be
    /// rendered now. False after ``free()``.
    public func update() -> Bool {
        context.withLockedValue { state in
            guard let pointer = state.pointer else { return false }
            return mpv_render_context_update(pointer) & UInt64(MPV_RENDER_UPDATE_FRAME.rawValue) != 0
        }
    }

    /// Renders the current frame into `pixels`, scaled to fit `width` × `height` with black bars
    /// (the video's aspect is kept), plus subtitles and libmpv's OSD. Never waits for the frame's
    /// display time.
    ///
    /// - Parameters:
    ///   - pixels: `height` rows of `stride` bytes; at least 4-byte aligned, ideally 64.
    ///   - width: the picture's width in pixels.
    ///   - height: the picture's height in pixels.
    ///   - format: how each pixel's 4 bytes are laid out.
    ///   - stride: bytes per row: a multiple of 4, at least `width × 4`; ideally
    ///     ``preferredStride(width:)``.
    /// - Throws: ``/ReelCore/PlayerError/Code/engineGone`` after ``free()``,
    ///   ``/ReelCore/PlayerError/Code/invalidArgument`` for a bad size or an OpenGL renderer,
    ///   ``/ReelCore/PlayerError/Code/commandFailed`` if libmpv fails.
    public func renderSoftware(
        into pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, format: PixelFormat = .bgr0
    ) throws(PlayerError) {
        guard kind == .software else {
            throw PlayerError(.invalidArgument, message: "An OpenGL renderer cannot render into memory.")
        }
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max), stride >= width * 4,
            stride % 4 == 0, Int(bitPattern: pixels) % 4 == 0
        else {
            throw PlayerError(
                .invalidArgument,
                message: "A software frame needs a positive size and 4-byte aligned rows of at least width × 4 bytes.")
        }
        var size: [Int32] = [Int32(width), Int32(height)]
        var rowBytes = stride
        var block: Int32 = 0
        let status = format.rawValue.withCString { formatName in
            size.withUnsafeMutableBufferPointer { size in
                withUnsafeMutablePointer(to: &rowBytes) { rowBytes in
                    withUnsafeMutablePointer(to: &block) { block in
                        var params = [
                            mpv_render_param(
                                type: MPV_RENDER_PARAM_SW_SIZE, data: UnsafeMutableRawPointer(size.baseAddress)),
                            mpv_render_param(
                                type: MPV_RENDER_PARAM_SW_FORMAT, data: UnsafeMutableRawPointer(mutating: formatName)),
                            mpv_render_param(type: MPV_RENDER_PARAM_SW_STRIDE, data: UnsafeMutableRawPointer(rowBytes)),
                            mpv_render_param(type: MPV_RENDER_PARAM_SW_POINTER, data: pixels),
                            mpv_render_param(
                                type: MPV_RENDER_PARAM_BLOCK_FOR_TARGET_TIME, data: UnsafeMutableRawPointer(block)),
                            mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
                        ]
                        return render(&params)
                    }
                }
            }
        }
        try check(status)
    }

    /// Renders the current frame into OpenGL framebuffer `framebuffer` (0: the window's), of
    /// `width` × `height` device pixels, with black bars. Never waits for the frame's display
    /// time. Call ``reportSwap()`` after presenting.
    ///
    /// - Parameters:
    ///   - framebuffer: the OpenGL framebuffer object to draw into; 0 is the window's.
    ///   - width: the framebuffer's width in device pixels.
    ///   - height: the framebuffer's height in device pixels.
    ///   - flipY: true for the default framebuffer, whose origin is at the bottom.
    /// - Throws: ``/ReelCore/PlayerError/Code/engineGone`` after ``free()``,
    ///   ``/ReelCore/PlayerError/Code/invalidArgument`` for a bad size or a software renderer,
    ///   ``/ReelCore/PlayerError/Code/commandFailed`` if libmpv fails.
    public func renderOpenGL(framebuffer: Int32, width: Int, height: Int, flipY: Bool) throws(PlayerError) {
        guard kind == .openGL else {
            throw PlayerError(.invalidArgument, message: "A software renderer cannot render into OpenGL.")
        }
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw PlayerError(.invalidArgument, message: "An OpenGL frame needs a positive size.")
        }
        var target = mpv_opengl_fbo(fbo: framebuffer, w: Int32(width), h: Int32(height), internal_format: 0)
        var flip: Int32 = flipY ? 1 : 0
        var block: Int32 = 0
        let status = withUnsafeMutablePointer(to: &target) { target in
            withUnsafeMutablePointer(to: &flip) { flip in
                withUnsafeMutablePointer(to: &block) { block in
                    var params = [
                        mpv_render_param(type: MPV_RENDER_PARAM_OPENGL_FBO, data: UnsafeMutableRawPointer(target)),
                        mpv_render_param(type: MPV_RENDER_PARAM_FLIP_Y, data: UnsafeMutableRawPointer(flip)),
                        mpv_render_param(
                            type: MPV_RENDER_PARAM_BLOCK_FOR_TARGET_TIME, data: UnsafeMutableRawPointer(block)),
                        mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
                    ]
                    return render(&params)
                }
            }
        }
        try check(status)
    }

    /// Consumes the current frame without drawing it, so playback goes on while the picture is
    /// hidden (a minimised window). Does nothing after ``free()``.
    public func skipFrame() {
        var skip: Int32 = 1
        _ = withUnsafeMutablePointer(to: &skip) { skip in
            var params = [
                mpv_render_param(type: MPV_RENDER_PARAM_SKIP_RENDERING, data: UnsafeMutableRawPointer(skip)),
                mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
            ]
            return render(&params)
        }
    }

    /// Tells libmpv that a rendered frame was presented (after the buffer swap), which improves
    /// its frame timing. Optional; does nothing after ``free()``.
    public func reportSwap() {
        context.withLockedValue { state in
            guard let pointer = state.pointer else { return }
            mpv_render_context_report_swap(pointer)
        }
    }

    /// Releases the render context; idempotent. Video output stops (libmpv shows no picture
    /// until a new renderer is made). For OpenGL, call it with the GL context current.
    public func free() {
        context.withLockedValue { state in
            guard let pointer = state.pointer else { return }
            state.pointer = nil
            mpv_render_context_free(pointer)
        }
    }

    // MARK: - Implementation

    /// `mpv_render_context_render` under the lock; `MPV_ERROR_UNINITIALIZED` after ``free()``.
    private func render(_ params: inout [mpv_render_param]) -> Int32 {
        context.withLockedValue { state in
            guard let pointer = state.pointer else { return MPV_ERROR_UNINITIALIZED.rawValue }
            return mpv_render_context_render(pointer, &params)
        }
    }

    private func check(_ status: Int32) throws(PlayerError) {
        guard status < 0 else { return }
        if status == MPV_ERROR_UNINITIALIZED.rawValue {
            throw PlayerError(.engineGone, message: "The video renderer has been freed.")
        }
        throw PlayerError(
            .commandFailed, message: "The video frame could not be rendered.", engineCode: Int(status),
            engineDetail: String(cString: mpv_error_string(status)))
    }

    private static func createContext(
        handle: MPVHandle, backend: Backend, callbacks: VideoRendererCallbacks
    ) throws(PlayerError) -> OpaquePointer {
        var pointer: OpaquePointer?
        var advancedControl: Int32 = 1
        let apiType =
            switch backend {
            case .software: MPV_RENDER_API_TYPE_SW
            case .openGL: MPV_RENDER_API_TYPE_OPENGL
            }
        var glParameters = mpv_opengl_init_params(
            get_proc_address: reelVideoRendererGetProcAddress, get_proc_address_ctx: callbacks.procAddressContext)
        let status = apiType.withCString { apiType in
            withUnsafeMutablePointer(to: &advancedControl) { advancedControl in
                withUnsafeMutablePointer(to: &glParameters) { glParameters in
                    var params = [
                        mpv_render_param(
                            type: MPV_RENDER_PARAM_API_TYPE, data: UnsafeMutableRawPointer(mutating: apiType)),
                        mpv_render_param(
                            type: MPV_RENDER_PARAM_ADVANCED_CONTROL, data: UnsafeMutableRawPointer(advancedControl)),
                    ]
                    if case .openGL = backend {
                        params.append(
                            mpv_render_param(
                                type: MPV_RENDER_PARAM_OPENGL_INIT_PARAMS, data: UnsafeMutableRawPointer(glParameters)))
                    }
                    params.append(mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil))
                    return mpv_render_context_create(&pointer, handle.pointer, &params)
                }
            }
        }
        guard status >= 0, let pointer else {
            throw PlayerError(
                .decoderFailure, message: "The video renderer could not be created.", engineCode: Int(status),
                engineDetail: String(cString: mpv_error_string(status)))
        }
        return pointer
    }
}

/// The render context behind ``VideoRenderer``'s lock; nil once freed.
///
/// `@unchecked Sendable` because the pointer is only read or used inside that lock, which is
/// what libmpv's "one render call at a time" rule asks for.
struct RenderContextState: @unchecked Sendable {
    var pointer: OpaquePointer?
}
