import CSDL2
import Foundation
import ReelContainer
import ReelCore
import ReelDrawing
import ReelMPV

/// What a window's render-thread side tells its ``PlayerWindow`` on the main actor.
enum WindowMessage: Sendable {
    /// Input for the overlay host.
    case input(InputEvent)
    /// The window's size: logical pixels and the drawable's device pixels.
    case resized(Size, pixelWidth: Int, pixelHeight: Int)
    /// The user asked to close the window (close button, window manager).
    case closeRequested
    /// The user closed the picture-in-picture window from the window manager.
    case pictureInPictureCloseRequested
    /// The overlay host asked for a redraw (see ``PlayerWindow/run()``).
    case redraw
    /// The loop's timer: the overlay host's next update, or an animation's next frame.
    case timer
}

/// The render-thread side of one ``PlayerWindow``: the SDL window, its presenter, the video
/// renderer, and the state of the next presentation. Every method runs on the ``RenderThread``
/// except the lock-protected ``statistics`` and ``setVideoRect(_:)``'s plain handoff.
final class WindowSurface: @unchecked Sendable {
    enum Presenter {
        case software(SoftwarePresenter)
        case openGL(GLPresenter)
    }

    private nonisolated(unsafe) static var nextIdentifier: Int32 = 0

    /// The identifier libmpv's frame signal carries.
    let identifier: Int32
    /// SDL's window ID, for event routing.
    let sdlWindowID: UInt32
    let window: OpaquePointer
    let presenter: Presenter
    /// The renderer drawn now: that of the engine whose player the window shows.
    private(set) var renderer: VideoRenderer
    /// A renderer for every engine the window can show (libmpv allows one per engine), the
    /// first made with the window; all are kept until the window is destroyed.
    private var renderers: [VideoRenderer]
    let renderPath: RenderPath
    let glRenderer: String?
    let overlay = OverlayTransfer()
    private let messages: AsyncStream<WindowMessage>.Continuation
    private let statisticsLock = NSLock()
    private var counters = PlayerWindow.Statistics()
    private var translator = SDLInputTranslator()
    private var frameDue = false
    private var redrawDue = true
    /// An overlay-only redraw waits until then (SDL ticks) for a video frame to ride along.
    private var redrawNotBefore = 0.0
    /// When libmpv last had a new frame (SDL ticks).
    private var lastFrameAt = -Double.infinity
    private var isHidden = false
    private var videoGone = false
    private var isDestroyed = false
    private var videoRect = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// The picture-in-picture window while it is open.
    private var pictureInPicture: OpaquePointer?
    /// The window presentations go to: the picture-in-picture window while it is open.
    private var target: OpaquePointer { pictureInPicture ?? window }

    /// Makes the window, its presenter and `engine`'s renderer (render thread).
    init(
        engine: any VideoRenderingEngine, options: PlayerWindow.Options,
        messages: AsyncStream<WindowMessage>.Continuation
    ) throws(HostError) {
        let thread = RenderThread.shared
        try thread.startSDL()
        var cleanup: [() -> Void] = []
        defer { for step in cleanup.reversed() { step() } }

        let probes =
            options.renderPath == .openGL || (options.renderPath == .automatic && RenderPath.hasGraphicsDevice())
        let probed = probes ? SDLVideo.probeGLRenderer() : nil
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
        WindowTitle.set(options.title, on: window)

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
        let renderer = try Self.makeRenderer(for: engine, path: path)
        if case .openGL(let openGL) = presenter { openGL.release() }
        Self.nextIdentifier += 1
        identifier = Self.nextIdentifier
        renderer.setUpdateHandler(RendererCallbacks.frameSignal(eventType: thread.frameEventType, code: identifier))
        SDL_StartTextInput()

        cleanup.removeAll()
        sdlWindowID = SDL_GetWindowID(window)
        self.window = window
        self.presenter = presenter
        self.renderer = renderer
        renderers = [renderer]
        self.messages = messages
        renderPath = path
        glRenderer = probed
        thread.register(self)
        reportSize()
    }

    private static func makeRenderer(for engine: any VideoRenderingEngine, path: RenderPath) throws(HostError)
        -> VideoRenderer
    {
        do {
            return try engine.makeVideoRenderer(
                path == .openGL ? .openGL(getProcAddress: RendererCallbacks.glProcAddress) : .software)
        } catch {
            throw HostError(.renderer, message: "The video renderer could not be made: \(error.message)")
        }
    }

    /// Counters since the window opened (any thread).
    var statistics: PlayerWindow.Statistics {
        statisticsLock.lock()
        defer { statisticsLock.unlock() }
        return counters
    }

    private func count(_ update: (inout PlayerWindow.Statistics) -> Void) {
        statisticsLock.lock()
        update(&counters)
        statisticsLock.unlock()
    }

    /// How long an overlay change may wait for the next video frame while video plays: about one
    /// frame at 24–30 fps. Presenting it on its own would cost a whole extra picture (the direct
    /// software path renders the video again under it), for a change nobody sees sooner.
    static let overlayCoalescing = 0.05

    /// Whether a presentation is waiting.
    var isDue: Bool {
        !isDestroyed && (frameDue || (redrawDue && (redrawNotBefore == 0 || SDLVideo.ticks() >= redrawNotBefore)))
    }

    /// When an overlay redraw that waits for a video frame to ride along falls due (SDL ticks);
    /// nil when none waits. The render thread sleeps until then at the latest.
    var redrawDeadline: Double? {
        guard !isDestroyed, redrawDue, redrawNotBefore > 0 else { return nil }
        return redrawNotBefore
    }

    // MARK: - Requests from the main actor (run as render-thread jobs)

    /// Sets where the video goes and asks for a presentation.
    func setVideoRect(_ rect: PixelRect) {
        videoRect = rect
        frameDue = true
        redrawNow()
    }

    /// The overlay changed: present again, with the next video frame when one is coming soon.
    func overlayChanged() {
        guard !redrawDue else { return }
        redrawDue = true
        let now = SDLVideo.ticks()
        redrawNotBefore = now - lastFrameAt < 2 * Self.overlayCoalescing ? now + Self.overlayCoalescing : 0
    }

    private func redrawNow() {
        redrawDue = true
        redrawNotBefore = 0
    }

    /// Makes a renderer for another engine the window may show, and returns its number for
    /// ``showRenderer(_:)``. Its frames are skipped until it is shown; made before the engine
    /// loads, it holds the first frame of a paused item for the moment it is.
    func addRenderer(for engine: any VideoRenderingEngine) throws(HostError) -> Int {
        guard !isDestroyed else { throw HostError(.renderer, message: "The window is closed.") }
        let renderer = try withRenderContext { () throws(HostError) -> VideoRenderer in
            try Self.makeRenderer(for: engine, path: renderPath)
        }
        renderer.setUpdateHandler(
            RendererCallbacks.frameSignal(eventType: RenderThread.shared.frameEventType, code: identifier))
        renderers.append(renderer)
        return renderers.count - 1
    }

    /// Draws renderer `number` from now on (its current frame at once).
    func showRenderer(_ number: Int) {
        guard !isDestroyed, renderers.indices.contains(number), renderers[number] !== renderer else { return }
        renderer = renderers[number]
        videoGone = false
        frameDue = true
        redrawNow()
    }

    /// Applies a window change and reports the new size.
    func apply(_ change: (OpaquePointer) -> Void) {
        guard !isDestroyed else { return }
        change(window)
        reportSize()
        redrawNow()
    }

    /// Frees the renderer (OpenGL context current), then destroys the presenter and the window.
    func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        closePictureInPicture()
        RenderThread.shared.unregister(self)
        switch presenter {
        case .software(let software):
            for renderer in renderers { renderer.free() }
            software.destroy()
        case .openGL(let openGL):
            openGL.makeCurrent()
            for renderer in renderers { renderer.free() }
            openGL.destroy()
        }
        SDL_DestroyWindow(window)
        messages.finish()
    }

    /// What the window shows now, as a new frame buffer; nil when hidden or destroyed.
    func capture() -> FrameBuffer? {
        guard !isDestroyed, !isHidden else { return nil }
        switch presenter {
        case .software(let software):
            // What the window shows is its surface: present now, then copy it.
            redrawNow()
            presentIfDue(now: SDLVideo.ticks())
            return software.copySurface()
        case .openGL(let openGL):
            openGL.makeCurrent()
            defer { openGL.release() }
            redrawDue = true  // the whole overlay texture is uploaded again below
            _ = try? overlay.withFrame { try openGL.draw(renderer, videoRect: videoRect, overlay: $0) }
            return openGL.readBack()
        }
    }

    // MARK: - Picture in picture

    /// The usable width of the main window's display, in pixels (0 when SDL cannot tell).
    func displayUsableWidth() -> Int {
        var usable = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(max(0, SDL_GetWindowDisplayIndex(window)), &usable) == 0 else { return 0 }
        return Int(usable.w)
    }

    /// Raises the window that shows the video.
    func raise() {
        guard !isDestroyed else { return }
        SDL_RaiseWindow(target)
    }

    /// Whether the picture-in-picture window is open.
    var isPictureInPictureOpen: Bool { pictureInPicture != nil }

    /// Opens a borderless, always-on-top window of `width` × `height` logical pixels near the
    /// bottom-right corner of the main window's display, moves the video there and hides the
    /// main window. Returns whether the picture-in-picture window is open.
    func openPictureInPicture(width: Int, height: Int, title: String) -> Bool {
        guard !isDestroyed else { return false }
        guard pictureInPicture == nil else { return true }
        var flags =
            SDL_WINDOW_BORDERLESS.rawValue | SDL_WINDOW_ALWAYS_ON_TOP.rawValue | SDL_WINDOW_RESIZABLE.rawValue
            | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SKIP_TASKBAR.rawValue
        if renderPath == .openGL { flags |= SDL_WINDOW_OPENGL.rawValue }
        var usable = SDL_Rect()
        let display = max(0, SDL_GetWindowDisplayIndex(window))
        if SDL_GetDisplayUsableBounds(display, &usable) != 0 {
            usable = SDL_Rect(x: 0, y: 0, w: Int32(width) + 32, h: Int32(height) + 32)
        }
        let margin: Int32 = 16
        let x = max(usable.x, usable.x + usable.w - Int32(width) - margin)
        let y = max(usable.y, usable.y + usable.h - Int32(height) - margin)
        guard let window = SDL_CreateWindow(title, x, y, Int32(width), Int32(height), flags) else { return false }
        WindowTitle.set(title, on: window)
        retargetPresenter(to: window)
        pictureInPicture = window
        RenderThread.shared.route(windowID: SDL_GetWindowID(window), to: self)
        SDL_HideWindow(self.window)
        isHidden = false
        reportSize()
        frameDue = true
        redrawNow()
        return true
    }

    /// Points the presenter at `window` (the OpenGL presenter lets go of its context first).
    private func retargetPresenter(to window: OpaquePointer) {
        switch presenter {
        case .software(let software):
            software.retarget(to: window)
        case .openGL(let openGL):
            openGL.release()
            openGL.retarget(to: window)
        }
    }

    /// Moves the video back into the main window, shows it and destroys the picture-in-picture
    /// window. Does nothing when none is open.
    func closePictureInPicture() {
        guard let pictureInPicture else { return }
        retargetPresenter(to: window)
        RenderThread.shared.route(windowID: SDL_GetWindowID(pictureInPicture), to: nil)
        SDL_DestroyWindow(pictureInPicture)
        self.pictureInPicture = nil
        guard !isDestroyed else { return }
        SDL_ShowWindow(window)
        SDL_RaiseWindow(window)
        isHidden = false
        reportSize()
        frameDue = true
        redrawNow()
    }

    // MARK: - Events

    /// libmpv signalled: let every renderer work, present when the shown one has a new frame,
    /// and skip the others' frames so that their engines never wait for the window.
    func frameSignalled() {
        guard !isDestroyed else { return }
        let shown = renderer
        let newFrame = withRenderContext { () -> Bool in
            var shownHasFrame = false
            for renderer in renderers where renderer.update() {
                if renderer === shown { shownHasFrame = true } else { renderer.skipFrame() }
            }
            return shownHasFrame
        }
        if newFrame {
            frameDue = true
            lastFrameAt = SDLVideo.ticks()
        }
    }

    /// One SDL event for this window.
    func handle(_ event: SDL_Event) {
        guard !isDestroyed else { return }
        if event.type == SDL_WINDOWEVENT.rawValue {
            let fromPictureInPicture = pictureInPicture.map { event.window.windowID == SDL_GetWindowID($0) } ?? false
            // The main window hides while picture in picture shows: only the shown window counts.
            guard fromPictureInPicture || pictureInPicture == nil else { return }
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_CLOSE:
                messages.yield(fromPictureInPicture ? .pictureInPictureCloseRequested : .closeRequested)
                return
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED:
                reportSize()
                redrawNow()
            case SDL_WINDOWEVENT_EXPOSED:
                redrawNow()
            case SDL_WINDOWEVENT_MINIMIZED, SDL_WINDOWEVENT_HIDDEN:
                isHidden = true
            case SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_MAXIMIZED:
                isHidden = false
                reportSize()
                redrawNow()
            default: break
            }
        }
        for input in translator.translate(event, time: SDLVideo.ticks()) { messages.yield(.input(input)) }
    }

    private func reportSize() {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSize(target, &width, &height)
        let (pixelWidth, pixelHeight) = outputSize
        messages.yield(
            .resized(
                Size(width: Double(width), height: Double(height)), pixelWidth: pixelWidth, pixelHeight: pixelHeight))
    }

    private var outputSize: (width: Int, height: Int) {
        switch presenter {
        case .software(let software): software.outputSize
        case .openGL(let openGL): openGL.outputSize
        }
    }

    // MARK: - Drawing

    private func withRenderContext<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard case .openGL(let openGL) = presenter else { return try body() }
        openGL.makeCurrent()
        defer { openGL.release() }
        return try body()
    }

    /// Presents when a new video frame or an overlay change is waiting.
    func presentIfDue(now: Double) {
        guard isDue else { return }
        if isHidden {
            if frameDue { withRenderContext { renderer.skipFrame() } }
            frameDue = false
            redrawDue = false
            return
        }
        let newFrame = frameDue
        frameDue = false
        redrawDue = false
        redrawNotBefore = 0
        let started = SDLVideo.seconds()
        switch presenter {
        case .software(let software):
            let renderer = videoGone ? nil : renderer
            let presented = try? software.present(
                renderer: renderer, newFrame: newFrame, videoRect: videoRect, overlay: overlay)
            guard let presented else { return }
            if presented.videoFailed { videoGone = true }
            renderer?.reportSwap()
            count {
                if let seconds = presented.videoSeconds {
                    $0.videoRenderSeconds += seconds
                    if newFrame { $0.videoFrames += 1 }
                }
                $0.overlayCompositeSeconds += presented.compositeSeconds
                $0.presentedFrames += 1
            }
        case .openGL(let openGL):
            openGL.makeCurrent()
            defer { openGL.release() }
            do {
                let compositing = try overlay.withFrame { try openGL.draw(renderer, videoRect: videoRect, overlay: $0) }
                let seconds = SDLVideo.seconds() - started - compositing
                count {
                    $0.overlayCompositeSeconds += compositing
                    $0.videoRenderSeconds += seconds
                    if newFrame { $0.videoFrames += 1 }
                }
            } catch {
                videoGone = true
            }
            openGL.swap()
            renderer.reportSwap()
            count { $0.presentedFrames += 1 }
        }
    }
}
