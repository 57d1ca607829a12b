import CSDL2
import ReelDrawing
import Synchronization

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
        installXErrorHandler()
        isStarted = true
    }

    /// Replaces Xlib's default error handler, which prints the error and exits the process, with
    /// one that reports it on standard error (the first few) and goes on.
    ///
    /// An X protocol error arrives after the request that caused it, and the one seen in practice
    /// is harmless: SDL 2.26 wakes its event wait with a `ClientMessage` sent to the window it
    /// last waited on, and when that window has just been destroyed the server answers
    /// `BadWindow (X_SendEvent)` — which ended a whole test run (and would end an app) between
    /// closing one window and opening the next. GTK treats such errors the same way. A lost
    /// connection is an I/O error, not this, and still ends the process.
    private static func installXErrorHandler() {
        #if canImport(Glibc)
            typealias Handler = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32
            typealias SetHandler = @convention(c) (Handler?) -> Handler?
            guard let library = dlopen("libX11.so.6", RTLD_NOW | RTLD_GLOBAL),
                let symbol = dlsym(library, "XSetErrorHandler")
            else { return }
            _ = unsafeBitCast(symbol, to: SetHandler.self)(reportXError)
        #endif
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

    /// Seconds since SDL started, for ``/ReelCanvas/InputEvent`` time stamps (`SDL_GetTicks64`).
    static func ticks() -> Double { Double(SDL_GetTicks64()) / 1000 }

    /// A high-resolution time in seconds, for measuring.
    static func seconds() -> Double {
        Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
    }
}

/// Xlib's error handler (``SDLVideo/installXErrorHandler()``): `XErrorEvent` is `{ int type;
/// Display *display; XID resourceid; unsigned long serial; unsigned char error_code,
/// request_code, minor_code; }`, so on LP64 the codes sit at bytes 32 and 33. Xlib calls it on
/// whichever thread read the error (SDL has two connections): it only counts and writes.
private func reportXError(_ display: OpaquePointer?, _ event: UnsafeMutableRawPointer?) -> Int32 {
    let count = xErrorCount.add(1, ordering: .relaxed).newValue
    guard let event, count <= 5 else { return 0 }
    let resource = event.load(fromByteOffset: 16, as: UInt.self)
    let code = event.load(fromByteOffset: 32, as: UInt8.self)
    let request = event.load(fromByteOffset: 33, as: UInt8.self)
    let text = "reel: X error \(code) on request \(request) for resource 0x\(String(resource, radix: 16)) (ignored)\n"
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    return 0
}

/// How many X errors the process had: only the first five are printed.
let xErrorCount = Atomic<Int>(0)
