import CSDL2
import ReelContainer
import ReelCore
import ReelMPV

/// An SDL2 window that shows an ``MPVEngine``'s video with an ``OverlayHost`` (the player
/// container, or any overlay) drawn on top, and routes input to it.
///
/// ```swift
/// var configuration = MPVConfiguration.standard
/// configuration.video = .renderAPI
/// let engine = try MPVEngine(configuration: configuration)
/// let window = try PlayerWindow(engine: engine, overlay: container)   // before loading media
/// try engine.send(.load(LoadRequest(item: MediaItem(url: clip))))
/// await window.run()                 // until the window is closed
/// await engine.shutdown()
/// ```
///
/// ## Rendering
/// The ``RenderPath`` is chosen once, at creation: OpenGL when a probe context reports a
/// hardware `GL_RENDERER`, the software render API otherwise (``Options/renderPath`` or the
/// `REEL_RENDER_PATH` environment variable can force either). The window redraws when libmpv
/// has a new frame, when the overlay host reports ``OverlayHost/needsDisplay`` (at most 60 times
/// a second) and when its size changes; the video goes where ``OverlayHost/videoFrame`` says.
/// Overlays are drawn with cairo (``CairoCanvas``) at the drawable's device pixels, `scale` being
/// the drawable's width over the window's (2 on a HiDPI screen).
///
/// ## Input
/// SDL events become ``InputEvent``s in logical pixels, stamped with `SDL_GetTicks64` seconds,
/// and go to the overlay host first; `tick` events follow every 100 ms without input. Input the
/// host does not consume goes to ``onUnhandledInput``; without that handler, `f` toggles full
/// screen and Escape leaves it.
///
/// ## Threading
/// Main actor only: SDL's events, the OpenGL context and every render call stay on the main
/// actor. ``run()`` waits for SDL events at most 8 ms at a time and yields between waits, so
/// other main-actor work (a `Player`, a `Store`) keeps running. libmpv's frame signal arrives
/// as an SDL user event posted from libmpv's thread. On Linux the main actor can move between
/// OS threads (after `dispatch_main()`, libdispatch drains the main queue on worker threads),
/// so the OpenGL context is made current for each frame and released after it.
///
/// ## Lifetime
/// ``close()`` (also the window's close button, and deinit) frees the video renderer on the main
/// thread with its OpenGL context current, then destroys the window; shut the engine down after.
@MainActor
public final class PlayerWindow {
    /// How the window is made.
    public struct Options: Sendable {
        /// The title bar's text.
        public var title: String
        /// The initial size in logical pixels.
        public var size: Size
        /// Which render path to use; by default `REEL_RENDER_PATH` when set, else automatic.
        public var renderPath: RenderPath.Preference
        /// Start in full screen (the desktop's resolution).
        public var fullscreen: Bool
        /// Whether the user may resize the window.
        public var resizable: Bool

        /// Creates options.
        public init(
            title: String = "Reel", size: Size = Size(width: 1280, height: 720),
            renderPath: RenderPath.Preference? = nil, fullscreen: Bool = false, resizable: Bool = true
        ) {
            self.title = title
            self.size = size
            self.renderPath =
                renderPath
                ?? RenderPath.preference(
                    fromEnvironment: getenv(RenderPath.environmentVariable).map { String(cString: $0) })
                ?? .automatic
            self.fullscreen = fullscreen
            self.resizable = resizable
        }
    }

    /// Counters since the window opened, for measurements.
    public struct Statistics: Hashable, Sendable {
        /// Pictures presented.
        public var presentedFrames = 0
        /// New video frames libmpv rendered.
        public var videoFrames = 0
        /// Times the overlay host drew.
        public var overlayDraws = 0
        /// Seconds libmpv spent rendering video frames (software path) or frames with overlays
        /// (OpenGL path, where rendering and drawing cannot be told apart).
        public var videoRenderSeconds = 0.0
        /// Seconds the overlay host spent drawing with cairo.
        public var overlayDrawSeconds = 0.0
        /// Seconds spent putting the overlay over the video: cairo's composite (software) or
        /// the texture upload and blend (OpenGL).
        public var overlayCompositeSeconds = 0.0
    }

    /// The path chosen at creation.
    public let renderPath: RenderPath
    /// The probe context's `GL_RENDERER`, when OpenGL was probed.
    public let glRenderer: String?
    /// Counters since the window opened.
    public private(set) var statistics = Statistics()
    /// Receives input the overlay host did not consume; replaces the default key bindings.
    public var onUnhandledInput: ((InputEvent) -> Void)?
    /// Whether ``close()`` ran.
    public private(set) var isClosed = false

    private enum Presenter {
        case software(SoftwarePresenter)
        case openGL(GLPresenter)
    }

    private let window: OpaquePointer
    private let presenter: Presenter
    private let videoRenderer: VideoRenderer
    private let overlay: any OverlayHost
    private let layer = OverlayLayer()
    private let frameEventType: UInt32
    private var translator = SDLInputTranslator()
    private var frameDue = false
    private var layoutDirty = true
    private var isHidden = false
    private var videoGone = false
    private var videoRect = PixelRect(x: 0, y: 0, width: 0, height: 0)
    private var lastInput = 0.0
    private var lastPresent = 0.0

    /// Opens the window and makes `engine`'s video renderer; call it before loading media.
    ///
    /// - Parameters:
    ///   - engine: an engine configured with ``MPVConfiguration/VideoOutput/renderAPI``.
    ///   - overlay: what is drawn over the video and receives input.
    /// - Throws: ``HostError`` when SDL, OpenGL (if forced) or the renderer cannot be set up.
    public init(engine: MPVEngine, overlay: any OverlayHost, options: Options = Options()) throws(HostError) {
        try SDLVideo.start()
        var cleanup: [() -> Void] = []
        defer { for step in cleanup.reversed() { step() } }

        let probed = options.renderPath == .software ? nil : SDLVideo.probeGLRenderer()
        if options.renderPath == .openGL, probed == nil {
            throw HostError(.openGL, message: "OpenGL was asked for, but no OpenGL context could be made.")
        }
        let path = RenderPath.choose(preference: options.renderPath, glRenderer: probed)
        var flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if options.resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
        if options.fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        if path == .openGL { flags |= SDL_WINDOW_OPENGL.rawValue }
        let centered = reel_sdl_windowpos_centered()
        guard
            let window = SDL_CreateWindow(
                options.title, centered, centered, Int32(options.size.width.rounded()),
                Int32(options.size.height.rounded()), flags)
        else {
            throw HostError(.sdl, message: "The window could not be made: \(SDLVideo.lastError).")
        }
        cleanup.append { SDL_DestroyWindow(window) }

        let presenter: Presenter
        switch path {
        case .software:
            let software = try SoftwarePresenter(window: window)
            cleanup.append { software.destroy() }
            presenter = .software(software)
        case .openGL:
            let openGL = try GLPresenter(window: window)
            cleanup.append { openGL.destroy() }
            presenter = .openGL(openGL)
        }
        let renderer: VideoRenderer
        do {
            renderer = try engine.makeVideoRenderer(
                path == .openGL ? .openGL(getProcAddress: RendererCallbacks.glProcAddress) : .software)
        } catch {
            throw HostError(.renderer, message: "The video renderer could not be made: \(error.message)")
        }
        if case .openGL(let openGL) = presenter { openGL.release() }
        frameEventType = SDL_RegisterEvents(1)
        renderer.setUpdateHandler(RendererCallbacks.frameSignal(eventType: frameEventType))
        SDL_StartTextInput()

        cleanup.removeAll()
        self.window = window
        self.presenter = presenter
        self.videoRenderer = renderer
        self.overlay = overlay
        renderPath = path
        glRenderer = probed
        lastInput = SDLVideo.ticks()
    }

    isolated deinit {
        close()
    }

    // MARK: - Window

    /// The title bar's text.
    public var title: String {
        get { String(cString: SDL_GetWindowTitle(window)) }
        set { if !isClosed { SDL_SetWindowTitle(window, newValue) } }
    }

    /// Whether the window fills the screen.
    public var isFullscreen: Bool {
        !isClosed && SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
    }

    /// Enters or leaves full screen (the desktop's resolution, no mode change).
    public func setFullscreen(_ fullscreen: Bool) {
        guard !isClosed else { return }
        SDL_SetWindowFullscreen(window, fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
        layoutDirty = true
    }

    /// Toggles full screen.
    public func toggleFullscreen() { setFullscreen(!isFullscreen) }

    /// The window's size in logical pixels.
    public var size: Size {
        var width: Int32 = 0
        var height: Int32 = 0
        if !isClosed { SDL_GetWindowSize(window, &width, &height) }
        return Size(width: Double(width), height: Double(height))
    }

    /// Resizes the window to `size` logical pixels.
    public func resize(to size: Size) {
        guard !isClosed else { return }
        SDL_SetWindowSize(window, Int32(size.width.rounded()), Int32(size.height.rounded()))
        layoutDirty = true
    }

    /// Frees the video renderer (on this thread, OpenGL context current), then destroys the
    /// window; ``run()`` returns. Idempotent.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        switch presenter {
        case .software(let software):
            videoRenderer.free()
            software.destroy()
        case .openGL(let openGL):
            openGL.makeCurrent()
            videoRenderer.free()
            openGL.destroy()
        }
        SDL_StopTextInput()
        SDL_DestroyWindow(window)
    }

    // MARK: - Loop

    /// Handles events and draws until the window closes. Returns at once if it is closed.
    public func run() async {
        var event = SDL_Event()
        while !isClosed {
            while !isClosed, SDL_PollEvent(&event) != 0 { dispatch(event) }
            guard !isClosed else { break }
            let now = SDLVideo.ticks()
            if now - lastInput >= 0.1 {
                deliver(.tick(time: now))
                lastInput = now
            }
            let overlayWantsFrame = overlay.needsDisplay && now - lastPresent >= 1.0 / 60
            if frameDue || layoutDirty || overlayWantsFrame { present(at: now) }
            await Task.yield()
            if !isClosed, !frameDue, SDL_WaitEventTimeout(&event, 8) != 0 { dispatch(event) }
        }
    }

    /// Draws what the window shows now into a new frame buffer (video and overlays), for
    /// screenshots and tests; nil when closed or hidden.
    public func captureFrame() -> FrameBuffer? {
        guard !isClosed, !isHidden else { return nil }
        if layoutDirty { relayout() }
        switch presenter {
        case .software(let software):
            return software.capture(videoRect: videoRect, overlay: layer)
        case .openGL(let openGL):
            openGL.makeCurrent()
            defer { openGL.release() }
            _ = try? openGL.draw(videoRenderer, videoRect: videoRect, overlay: layer, overlayChanged: false)
            return openGL.readBack()
        }
    }

    /// Runs a render call with the OpenGL context current (every libmpv render call needs it).
    private func withRenderContext<Result>(_ body: () -> Result) -> Result {
        guard case .openGL(let openGL) = presenter else { return body() }
        openGL.makeCurrent()
        defer { openGL.release() }
        return body()
    }

    private func dispatch(_ event: SDL_Event) {
        if event.type == frameEventType {
            if withRenderContext({ videoRenderer.update() }) { frameDue = true }
            return
        }
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            close()
            return
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_CLOSE:
                close()
                return
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_EXPOSED:
                layoutDirty = true
            case SDL_WINDOWEVENT_MINIMIZED, SDL_WINDOWEVENT_HIDDEN:
                isHidden = true
            case SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_MAXIMIZED:
                isHidden = false
                layoutDirty = true
            default: break
            }
        default: break
        }
        let now = SDLVideo.ticks()
        for input in translator.translate(event, time: now) {
            lastInput = now
            deliver(input)
        }
    }

    private func deliver(_ input: InputEvent) {
        guard !isClosed, !overlay.handle(input) else { return }
        if let onUnhandledInput {
            onUnhandledInput(input)
            return
        }
        switch input {
        case .keyDown(.character("f"), modifiers: [], _): toggleFullscreen()
        case .keyDown(.escape, _, _) where isFullscreen: setFullscreen(false)
        default: break
        }
    }

    // MARK: - Drawing

    private func relayout() {
        layoutDirty = false
        let logical = size
        let (width, height) =
            switch presenter {
            case .software(let software): software.outputSize
            case .openGL(let openGL): openGL.outputSize
            }
        guard logical.width > 0, width > 0, height > 0 else { return }
        let scale = Double(width) / logical.width
        overlay.layout(size: logical, scale: scale)
        let frame = overlay.videoFrame
        videoRect = PixelRect(
            covering: (frame.minX * scale, frame.minY * scale, frame.maxX * scale, frame.maxY * scale)
        ).intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        do {
            try layer.resize(pixelWidth: width, pixelHeight: height, scale: scale)
        } catch {
            // Without an overlay surface the video still plays.
        }
        redrawOverlay()
        frameDue = true
    }

    private func redrawOverlay() {
        let started = SDLVideo.seconds()
        layer.redraw(overlay)
        statistics.overlayDraws += 1
        statistics.overlayDrawSeconds += SDLVideo.seconds() - started
    }

    private func present(at now: Double) {
        if isHidden {
            if frameDue { withRenderContext { videoRenderer.skipFrame() } }
            frameDue = false
            return
        }
        var overlayChanged = layoutDirty
        if layoutDirty { relayout() }
        if overlay.needsDisplay {
            redrawOverlay()
            overlayChanged = true
        }
        let newFrame = frameDue
        frameDue = false
        lastPresent = now
        let started = SDLVideo.seconds()
        switch presenter {
        case .software(let software):
            if newFrame, !videoGone {
                do {
                    try software.renderVideo(videoRenderer, size: videoRect)
                    statistics.videoRenderSeconds += SDLVideo.seconds() - started
                    statistics.videoFrames += 1
                } catch {
                    videoGone = true
                }
            }
            do {
                statistics.overlayCompositeSeconds += try software.present(videoRect: videoRect, overlay: layer)
            } catch {
                return
            }
        case .openGL(let openGL):
            openGL.makeCurrent()
            do {
                let compositing = try openGL.draw(
                    videoRenderer, videoRect: videoRect, overlay: layer, overlayChanged: overlayChanged)
                statistics.overlayCompositeSeconds += compositing
                statistics.videoRenderSeconds += SDLVideo.seconds() - started - compositing
                if newFrame { statistics.videoFrames += 1 }
            } catch {
                videoGone = true
            }
            openGL.swap()
            videoRenderer.reportSwap()
            openGL.release()
            statistics.presentedFrames += 1
            return
        }
        videoRenderer.reportSwap()
        statistics.presentedFrames += 1
    }
}
