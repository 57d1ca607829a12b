import CSDL2
import ReelDrawing

#if canImport(Glibc)
    import Glibc
#endif

/// SDL's video subsystem as ReelSDL uses it: started once per process, its errors, its clocks,
/// and the OpenGL probe that chooses the ``RenderPath``.
///
/// ``start()`` and ``probeGLRenderer()`` run on the render thread only (see ``RenderThread``),
/// which is what makes their unsynchronised flags safe.
enum SDLVideo {
    nonisolated(unsafe) private static var isStarted = false
    nonisolated(unsafe) private static var glLibraryLoaded = false

    /// Starts SDL's video and events, once per process: later calls do nothing.
    ///
    /// SDL is told to install no signal handlers: the host process keeps its own (`reel`
    /// restores the terminal on Ctrl-C). SDL is never shut down again: quitting its video and
    /// starting it anew in one process crashed now and then (SDL unloads and reloads its X11
    /// and OpenGL libraries, and Mesa does not survive that).
    ///
    /// Window surfaces (the software path) stay plain memory shown with `XShmPutImage`: SDL 2.26
    /// would otherwise back them with an OpenGL texture, which on llvmpipe took ~45 % of the
    /// window's CPU for 720p video.
    ///
    /// A click that gives a window the focus counts as a click: SDL 2.26 on X11 otherwise drops a
    /// left-button press that it handles within 10 ms of the window's focus, which is the click
    /// itself under a click-to-focus window manager (and any quick click in a window that just
    /// opened): the picture-in-picture window's buttons took two clicks.
    static func start() throws(HostError) {
        guard !isStarted else { return }
        enableXlibThreads()
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        guard SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            throw HostError(.sdl, message: "SDL could not start its video: \(lastError). Is DISPLAY set?")
        }
        isStarted = true
    }

    /// Calls Xlib's `XInitThreads` once, before SDL opens its X connection.
    ///
    /// Every SDL call runs on the render thread, but mpv's frame signal posts SDL events from
    /// libmpv's threads, and Mesa's GLX may use Xlib from its own; Xlib's locks make that safe.
    /// libX11 is loaded, not linked: SDL loads it itself.
    private static let xlibThreads: Void = {
        #if canImport(Glibc)
            typealias InitThreads = @convention(c) () -> Int32
            guard let library = dlopen("libX11.so.6", RTLD_NOW | RTLD_GLOBAL),
                let symbol = dlsym(library, "XInitThreads")
            else { return }
            _ = unsafeBitCast(symbol, to: InitThreads.self)()
        #endif
    }()

    private static func enableXlibThreads() { xlibThreads }

    /// The `GL_RENDERER` of a hidden probe window's context; nil without usable OpenGL.
    ///
    /// The OpenGL library stays loaded afterwards: SDL would unload it with the probe window,
    /// and Mesa does not survive being unloaded and loaded again in one process.
    static func probeGLRenderer() -> String? {
        if !glLibraryLoaded {
            guard SDL_GL_LoadLibrary(nil) == 0 else { return nil }
            glLibraryLoaded = true
        }
        let flags = SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_HIDDEN.rawValue
        guard let window = SDL_CreateWindow("Reel OpenGL probe", 0, 0, 16, 16, flags) else { return nil }
        defer { SDL_DestroyWindow(window) }
        guard let context = SDL_GL_CreateContext(window) else { return nil }
        defer { SDL_GL_DeleteContext(context) }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        guard SDL_GL_MakeCurrent(window, context) == 0, let address = SDL_GL_GetProcAddress("glGetString") else {
            return nil
        }
        let getString = unsafeBitCast(address, to: GetString.self)
        return getString(UInt32(GL_RENDERER)).map { String(cString: $0) }
    }

    /// SDL's last error message.
    static var lastError: String { String(cString: SDL_GetError()) }

    /// Seconds since SDL started, for ``InputEvent`` time stamps (`SDL_GetTicks64`).
    static func ticks() -> Double { Double(SDL_GetTicks64()) / 1000 }

    /// A high-resolution time in seconds, for measuring.
    static func seconds() -> Double {
        Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
    }
}
