import CSDL2
import Dispatch
import ReelComposable
import ReelContainer
import ReelCore
import ReelDrawing
import ReelMPV
import ReelPlayer
import ReelPreview

/// An SDL2 window that shows a ``/ReelPlayer/Player``'s video with Reel's controls (a
/// ``/ReelContainer/PlayerContainer`` on the player's store, or any ``/ReelCanvas/OverlayHost``) drawn on top,
/// and routes input to them.
///
/// ```swift
/// let player = Player(engine: try MPVEngine(configuration: .standard))
/// let window = try PlayerWindow(player: player)   // before loading media
/// try player.load(MediaItem(url: clip))
/// await window.run()                              // until the window is closed
/// await player.shutdown()
/// ```
///
/// ## Presentation
/// The player's ``/ReelPlayer/Player/presentation`` is the one owner of fullscreen and picture in
/// picture: the window follows it (whoever changed it: the app, the controls' button and key,
/// MPRIS's `Fullscreen`), and reports what changes by itself (the window manager, the
/// picture-in-picture window's buttons, closing).
///
/// ## Players
/// A window shows one player at a time, and can move to another: ``show(_:)`` (a feed's swipe).
/// ``prepare(_:)`` readies one before it loads, so its paused first frame shows at once; each
/// player keeps its renderer and its controls until the window closes.
///
/// ## Rendering
/// The ``RenderPath`` is chosen once, at creation: OpenGL when a probe context reports a
/// hardware `GL_RENDERER`, the software render API otherwise (``Options/renderPath`` or the
/// `REEL_RENDER_PATH` environment variable can force either). The window redraws when something
/// changed, and sleeps otherwise: the video when libmpv has a new frame, the overlays when the
/// overlay host asks (``/ReelCanvas/OverlayHost/onNeedsDisplay``: the player's state changed,
/// an image arrived), after input, when one of its timers falls due
/// (``/ReelCanvas/OverlayHost/nextUpdate``), at most 60 times a second while it animates, and
/// when the size changes. A paused window with nothing animating wakes for nothing. The video
/// goes where ``/ReelCanvas/OverlayHost/videoFrame`` says.
/// Overlays are drawn with cairo (``/ReelDrawing/CairoCanvas``) at the drawable's device pixels, `scale` being
/// the drawable's width over the window's (2 on a HiDPI screen).
///
/// ## Input
/// SDL events become ``/ReelCanvas/InputEvent``s in logical pixels, stamped with `SDL_GetTicks64` seconds,
/// and go to the overlay host first; a `tick` goes to it whenever the window wakes for anything
/// else (a redraw asked for, a timer, a window event). Input the host does not consume goes to ``onUnhandledInput``; without that handler, `f` toggles full
/// screen and Escape leaves it.
///
/// ## Threading
/// The type lives on the main actor, but it makes no SDL, X11 or OpenGL call there: one
/// process-wide render thread (`RenderThread`) owns SDL's video, every window, every OpenGL
/// context and every render call. On Linux the main actor is not an OS thread (after
/// `dispatch_main()` libdispatch drains the main queue on whichever worker thread is free), and
/// SDL and Mesa do not survive being called from one thread, then another. The overlay host
/// draws on the main actor into a cairo surface whose changed pixels are copied, under a lock,
/// to the render thread; input comes back as ``/ReelCanvas/InputEvent``s through an `AsyncStream`. ``run()``
/// waits on that stream, so other main-actor work (a `Player`, a `Store`) keeps running.
///
/// ## Lifetime
/// ``close()`` (also the window's close button, and deinit) frees the video renderer on the
/// render thread with its OpenGL context current, then destroys the window; shut the engine
/// down after.
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
        /// Whether the default container's seek bar shows previews of the player's items
        /// (``/ReelPreview/SeekPreviews``); unused with an overlay of the app's.
        public var seekPreviews: Bool

        /// Creates options.
        public init(
            title: String = "Reel", size: Size = Size(width: 1280, height: 720),
            renderPath: RenderPath.Preference? = nil, fullscreen: Bool = false, resizable: Bool = true,
            seekPreviews: Bool = true
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
            self.seekPreviews = seekPreviews
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
    /// Receives input the overlay host did not consume; replaces the default key bindings.
    public var onUnhandledInput: ((InputEvent) -> Void)?
    /// Whether ``close()`` ran.
    public private(set) var isClosed = false
    /// The container the window made for the player it shows (`init(player:)` without an
    /// overlay); each player the window shows has its own (see ``show(_:)``).
    public internal(set) var container: PlayerContainer?
    /// The default container's seek previews (``Options/seekPreviews``); stopped when the window
    /// closes (await their ``/ReelPreview/SeekPreviews/shutdown()`` to wait until their models are
    /// released).
    public internal(set) var seekPreviews: SeekPreviews?
    /// The default container's artwork (``/ReelPreview/ArtworkCache``): each item's
    /// ``/ReelCore/MediaItem/artworkURL`` loaded once, with the engine's address policy, its
    /// failures logged to the engine's logger; stopped when the window closes.
    public internal(set) var artwork: ArtworkCache?

    let surface: WindowSurface
    /// What is drawn over the video and gets input: the app's overlay, or the container of the
    /// player shown now.
    var overlay: any OverlayHost
    /// Every player the window can show (``prepare(_:)``), with what it made for each.
    var screens: [Screen] = []
    /// Whether the window makes Reel's controls for each player (no overlay of the app's).
    var makesControls = false
    /// Whether the controls it makes show seek previews.
    let showsSeekPreviews: Bool
    /// What the picture-in-picture window draws and routes input to.
    let pictureInPictureOverlay = PictureInPictureOverlay()
    /// Whether the video shows in the picture-in-picture window.
    var inPictureInPicture = false
    /// The player whose video this is; nil for a bare engine (tests and benchmarks).
    public internal(set) var player: Player?
    /// The player's presentation, followed (see ``follow(_:)``).
    var presentationObservation: StoreObservation?
    /// The overlays of the window that shows the video now.
    private var activeOverlay: any OverlayHost { inPictureInPicture ? pictureInPictureOverlay : overlay }
    private let layer = OverlayLayer()
    private let messages: AsyncStream<WindowMessage>
    private let continuation: AsyncStream<WindowMessage>.Continuation
    private var titleText: String
    private var fullscreen: Bool
    private var logicalSize = Size.zero
    private var pixelSize = (width: 0, height: 0)
    var layoutDirty = true
    private var overlayDraws = 0
    private var overlayDrawSeconds = 0.0
    private var lastDraw = -Double.infinity
    /// Whether a `.redraw` message waits in the stream (one is enough).
    private var redrawPending = false
    /// Whether ``run()`` is handling a message: a redraw asked for meanwhile needs no message,
    /// the loop draws next anyway.
    private var isHandlingMessage = false
    /// The loop's timer: a tick at the overlay host's next update, or the next frame of an
    /// animation. One dispatch source, rescheduled (never a sleeping task per deadline).
    private var timer: (any DispatchSourceTimer)?
    /// When the timer fires (SDL ticks); nil while it is off.
    private var timerDeadline: Double?

    /// What woke the window's loop: input, a redraw the overlay host asked for, the loop's
    /// timer, or a window event (a resize, a close).
    package enum WakeUp: Sendable { case input, redraw, timer, window }
    /// How often the loop woke up (each message ``run()`` handled): the measure of an idle
    /// window, which should not move.
    package private(set) var wakeUps = 0
    /// Called at each wake-up of the loop, after the message was handled (tests).
    package var onWakeUp: ((WakeUp) -> Void)?
    /// Called after each redraw of the overlays (tests).
    package var onOverlayDraw: (() -> Void)?
    /// How often the process's render thread (every window's SDL, X11 and video work) woke up.
    package static var renderThreadWakeUps: Int { RenderThread.shared.wakeUps }

    /// Opens a window for `player` and sets up its video output; call it before loading media.
    ///
    /// - Parameters:
    ///   - player: a player on a ``/ReelMPV/VideoRenderingEngine`` (an ``/ReelMPV/MPVEngine``) made with
    ///     the render API or with no video output (its video is switched to the window's renderer);
    ///     not with mpv's own window.
    ///   - overlay: what is drawn over the video and receives input; by default Reel's controls
    ///     (``container``: a ``/ReelContainer/PlayerContainer`` on the player's store, with
    ///     ``seekPreviews`` when ``Options/seekPreviews`` is on). `q` in the controls closes the
    ///     window.
    ///   - options: the title, size, render path and seek previews.
    /// - Throws: ``/ReelDrawing/HostError`` (``/ReelDrawing/HostError/Code/renderer``) when the player's
    ///   engine is not a ``/ReelMPV/VideoRenderingEngine``, or when SDL, OpenGL (if forced) or the
    ///   renderer cannot be set up.
    public convenience init(player: Player, overlay: (any OverlayHost)? = nil, options: Options = Options())
        throws(HostError)
    {
        let engine = try Self.renderingEngine(of: player)
        guard let overlay else {
            let (container, previews, artwork) = Self.makeControls(
                for: player, engine: engine, seekPreviews: options.seekPreviews)
            do {
                try self.init(engine: engine, overlay: container, options: options)
            } catch {
                previews?.stop()
                throw error
            }
            makesControls = true
            self.container = container
            seekPreviews = previews
            self.artwork = artwork
            adopt(Screen(player: player, renderer: 0, container: container, seekPreviews: previews, artwork: artwork))
            connect(player)
            return
        }
        try self.init(engine: engine, overlay: overlay, options: options)
        adopt(Screen(player: player, renderer: 0, container: nil, seekPreviews: nil, artwork: nil))
        connect(player)
    }

    /// Opens the window on a bare engine, without a player: tests and benchmarks.
    package init(
        engine: any VideoRenderingEngine, overlay: any OverlayHost, options: Options = Options()
    ) throws(HostError) {
        let (messages, continuation) = AsyncStream<WindowMessage>.makeStream()
        let made = RenderThread.shared.sync { () -> Result<WindowSurface, HostError> in
            do throws(HostError) {
                return .success(try WindowSurface(engine: engine, options: options, messages: continuation))
            } catch {
                return .failure(error)
            }
        }
        surface = try made.get()
        self.messages = messages
        self.continuation = continuation
        self.overlay = overlay
        renderPath = surface.renderPath
        glRenderer = surface.glRenderer
        titleText = options.title
        fullscreen = options.fullscreen
        showsSeekPreviews = options.seekPreviews
        connectPictureInPicture()
        connect(overlay: overlay)
        connect(overlay: pictureInPictureOverlay)
    }

    isolated deinit {
        close()
    }

    /// What the window draws `player`'s video with: its engine, as a
    /// ``/ReelMPV/VideoRenderingEngine``.
    /// - Throws: ``/ReelDrawing/HostError/Code/renderer`` when the engine is not one (a fake engine).
    static func renderingEngine(of player: Player) throws(HostError) -> any VideoRenderingEngine {
        guard let engine = player.engine as? any VideoRenderingEngine else {
            throw HostError(
                .renderer,
                message: "A window draws the video of a VideoRenderingEngine (such as MPVEngine); this player's "
                    + "engine, \(type(of: player.engine)), draws none.")
        }
        return engine
    }

    /// Counters since the window opened.
    public var statistics: Statistics {
        var statistics = surface.statistics
        statistics.overlayDraws = overlayDraws
        statistics.overlayDrawSeconds = overlayDrawSeconds
        return statistics
    }

    // MARK: - Window

    /// The title bar's text.
    public var title: String {
        get { titleText }
        set {
            titleText = newValue
            let surface = surface
            RenderThread.shared.post { surface.apply { WindowTitle.set(newValue, on: $0) } }
        }
    }

    /// Whether the window fills the screen. Apps read the player's
    /// ``/ReelPlayer/Player/presentation``, the one owner.
    package var isFullscreen: Bool { !isClosed && fullscreen }

    /// Enters or leaves full screen (the desktop's resolution, no mode change), and reports it
    /// to the player shown. Apps set the player's presentation, which the window follows.
    package func setFullscreen(_ fullscreen: Bool) {
        guard !isClosed else { return }
        if fullscreen, inPictureInPicture { setPictureInPicture(false) }
        self.fullscreen = fullscreen
        defer { reportPresentation() }
        let surface = surface
        RenderThread.shared.post {
            surface.apply { SDL_SetWindowFullscreen($0, fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0) }
        }
    }

    /// Shows the window above the others and gives it the focus (the picture-in-picture window
    /// while that is open).
    public func raise() {
        guard !isClosed else { return }
        let surface = surface
        RenderThread.shared.post { surface.raise() }
    }

    /// Toggles full screen (the `f` key of a window that shows no player).
    package func toggleFullscreen() { setFullscreen(!isFullscreen) }

    /// The window's size in logical pixels, as the render thread last reported it.
    public var size: Size { logicalSize }

    /// Resizes the window to `size` logical pixels.
    public func resize(to size: Size) {
        guard !isClosed else { return }
        let surface = surface
        RenderThread.shared.post {
            surface.apply { SDL_SetWindowSize($0, Int32(size.width.rounded()), Int32(size.height.rounded())) }
        }
    }

    /// Frees the video renderer (on the render thread, OpenGL context current), then destroys
    /// the window; ``run()`` returns. Idempotent.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        inPictureInPicture = false
        let surface = surface
        RenderThread.shared.sync { surface.destroy() }
        continuation.finish()
        reportPresentation()
        presentationObservation?.cancel()
        for screen in screens {
            screen.seekPreviews?.stop()
            screen.artwork?.stop()
        }
    }

    // MARK: - Loop

    /// Handles input and redraws the overlays until the window closes. Returns at once if it
    /// is closed.
    ///
    /// The loop sleeps until something happens: input, a window event, a redraw the overlay host
    /// asks for (``/ReelCanvas/OverlayHost/onNeedsDisplay``), or its timer, set to the host's
    /// ``/ReelCanvas/OverlayHost/nextUpdate`` and, while the host still needs display after a
    /// draw (an animation), to the next frame (at most 60 a second). Every wake-up but input
    /// sends the host a `tick` first.
    public func run() async {
        guard !isClosed else { return }
        let continuation = continuation
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler(handler: RendererCallbacks.timerFired(continuation))
        timer.schedule(deadline: .distantFuture)
        timer.resume()
        self.timer = timer
        timerDeadline = nil
        defer {
            timer.cancel()
            self.timer = nil
        }
        deliver(.tick(time: SDLVideo.ticks()))
        refresh()
        schedule()
        for await message in messages {
            guard !isClosed else { break }
            wakeUps += 1
            isHandlingMessage = true
            let wakeUp = handle(message)
            isHandlingMessage = false
            guard !isClosed else { break }
            refresh()
            schedule()
            onWakeUp?(wakeUp)
        }
    }

    /// Handles one message of the loop; returns what woke it.
    private func handle(_ message: WindowMessage) -> WakeUp {
        switch message {
        case .input(let input):
            deliver(input)
            return .input
        case .resized(let size, let pixelWidth, let pixelHeight):
            logicalSize = size
            pixelSize = (pixelWidth, pixelHeight)
            layoutDirty = true
            deliver(.tick(time: SDLVideo.ticks()))
            return .window
        case .closeRequested:
            close()
            return .window
        case .pictureInPictureCloseRequested:
            closePictureInPicture()
            return .window
        case .redraw:
            redrawPending = false
            deliver(.tick(time: SDLVideo.ticks()))
            return .redraw
        case .timer:
            timerDeadline = nil
            deliver(.tick(time: SDLVideo.ticks()))
            return .timer
        }
    }

    /// Sets the loop's timer: the next frame while the overlay host still needs display (an
    /// animation, or a redraw held back to 60 a second), else its next update, else off.
    private func schedule() {
        guard let timer else { return }
        let overlay = activeOverlay
        var deadline = overlay.nextUpdate
        if overlay.needsDisplay { deadline = min(deadline ?? .infinity, lastDraw + Self.frameInterval) }
        guard deadline != timerDeadline else { return }
        timerDeadline = deadline
        guard let deadline else {
            timer.schedule(deadline: .distantFuture)
            return
        }
        // SDL's ticks count whole milliseconds: a millisecond more, so that the tick is not early.
        let delay = max(0, deadline - SDLVideo.ticks()) + 0.001
        timer.schedule(deadline: .now() + delay)
    }

    /// The shortest time between two redraws of the overlays.
    static let frameInterval = 1.0 / 60

    /// Gives `host` the window's clock, and wakes the loop when it asks for a redraw while it is
    /// the overlay drawn.
    func connect(overlay host: any OverlayHost) {
        host.clock = { SDLVideo.ticks() }
        host.onNeedsDisplay = { [weak self, weak host] in
            guard let self, let host, host === self.activeOverlay else { return }
            self.requestRedraw()
        }
    }

    /// Queues one `.redraw` for the loop, unless one waits or the loop draws next anyway.
    private func requestRedraw() {
        guard !isClosed, !isHandlingMessage, !redrawPending else { return }
        redrawPending = true
        continuation.yield(.redraw)
    }

    /// Draws what the window shows now into a new frame buffer (video and overlays), for
    /// screenshots and tests; nil when closed or hidden.
    public func captureFrame() -> FrameBuffer? {
        guard !isClosed else { return nil }
        refresh(force: true)
        let surface = surface
        nonisolated(unsafe) var frame: FrameBuffer?
        RenderThread.shared.sync { frame = surface.capture() }
        return frame
    }

    private func deliver(_ input: InputEvent) {
        guard !isClosed, !activeOverlay.handle(input) else { return }
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

    /// Lays out after a size change, redraws the overlays when they ask (at most 60 times a
    /// second, unless `force`), and hands what changed to the render thread.
    func refresh(force: Bool = false) {
        guard !isClosed else { return }
        if layoutDirty {
            relayout()
        } else if activeOverlay.needsDisplay {
            let now = SDLVideo.ticks()
            if force || now - lastDraw >= Self.frameInterval - 0.0005 { redrawOverlay(at: now) }
        }
    }

    private func relayout() {
        layoutDirty = false
        let logical = logicalSize
        let (width, height) = pixelSize
        guard logical.width > 0, width > 0, height > 0 else { return }
        let scale = Double(width) / logical.width
        let overlay = activeOverlay
        overlay.layout(size: logical, scale: scale)
        let frame = overlay.videoFrame
        let videoRect = PixelRect(
            covering: (frame.minX * scale, frame.minY * scale, frame.maxX * scale, frame.maxY * scale)
        ).intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        do {
            try layer.resize(pixelWidth: width, pixelHeight: height, scale: scale)
        } catch {
            // Without an overlay surface the video still plays.
        }
        redrawOverlay(at: SDLVideo.ticks())
        let surface = surface
        RenderThread.shared.post { surface.setVideoRect(videoRect) }
    }

    private func redrawOverlay(at now: Double) {
        let started = SDLVideo.seconds()
        layer.redraw(activeOverlay)
        lastDraw = now
        overlayDraws += 1
        overlayDrawSeconds += SDLVideo.seconds() - started
        onOverlayDraw?()
        guard let canvas = layer.canvas else { return }
        surface.overlay.publish(canvas.target, region: layer.region, changed: layer.changed)
        let surface = surface
        RenderThread.shared.post { surface.overlayChanged() }
    }
}
