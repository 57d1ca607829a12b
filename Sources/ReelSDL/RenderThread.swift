import CSDL2
import Foundation
import ReelDrawing

/// The one thread of the process that talks to SDL: it starts SDL's video, makes and destroys
/// every window, owns every OpenGL context, pumps SDL's events and renders and presents every
/// frame.
///
/// Why a thread of its own: on Linux the main actor is not an OS thread. After
/// `dispatch_main()` (every `async` main runs it) libdispatch drains the main queue on whichever
/// worker thread is free, so SDL, Xlib and OpenGL calls made from the main actor hop between OS
/// threads, which SDL's X11 backend and Mesa do not survive (heap corruption with two windows).
///
/// The main actor talks to it through a mailbox: ``post(_:)`` queues a job and wakes the thread
/// (an SDL user event, or a condition before SDL runs); ``sync(_:)`` also waits for the job's
/// result. Input flows back as ``WindowMessage``s through each window's `AsyncStream`. The
/// render thread never waits for the main actor.
final class RenderThread: @unchecked Sendable {
    /// The process's render thread, started on first use.
    static let shared = RenderThread()

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var wakeEventType: UInt32 = 0
    /// The loop's wake-ups (``wakeUps``), under `condition`.
    private var sleeps = 0
    private var thread: Thread?
    /// Render thread only: the open windows' surfaces.
    private var surfaces: [WindowSurface] = []
    /// Render thread only: which surface gets the events of an SDL window ID (a surface with a
    /// picture-in-picture window has two).
    private var routes: [UInt32: WindowSurface] = [:]
    /// Render thread only: user event type of libmpv's frame signals.
    private(set) var frameEventType: UInt32 = 0

    private init() {}

    /// Whether the caller runs on the render thread.
    var isCurrent: Bool { Thread.current === thread }

    /// Queues `job` for the render thread and returns at once.
    func post(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        if thread == nil {
            let thread = Thread { [unowned self] in self.main() }
            thread.name = "Reel render"
            thread.stackSize = 8 << 20
            self.thread = thread
            thread.start()
        }
        jobs.append(job)
        let wake = wakeEventType
        condition.signal()
        condition.unlock()
        if wake != 0 {
            var event = SDL_Event()
            event.type = wake
            _ = SDL_PushEvent(&event)
        }
    }

    /// Runs `job` on the render thread and returns its result; runs it at once when called on
    /// the render thread.
    func sync<Result>(_ job: @escaping () -> Result) -> Result {
        if isCurrent { return job() }
        let box = ResultBox<Result>(job)
        post { box.run() }
        return box.wait()
    }

    // MARK: - Render thread

    /// Adds a window's surface: it presents and gets its window's events (render thread).
    func register(_ surface: WindowSurface) {
        surfaces.append(surface)
        routes[surface.sdlWindowID] = surface
    }

    /// Removes a window's surface and every route to it (render thread).
    func unregister(_ surface: WindowSurface) {
        surfaces.removeAll { $0 === surface }
        routes = routes.filter { $0.value !== surface }
    }

    /// Routes the events of another SDL window (picture in picture) to `surface`, or stops
    /// routing them when `surface` is nil (render thread).
    func route(windowID: UInt32, to surface: WindowSurface?) { routes[windowID] = surface }

    /// Starts SDL once (render thread); registers the user events the loop uses.
    func startSDL() throws(HostError) {
        try SDLVideo.start()
        guard frameEventType == 0 else { return }
        let first = SDL_RegisterEvents(2)
        frameEventType = first
        condition.lock()
        wakeEventType = first + 1
        condition.unlock()
    }

    private func main() {
        var event = SDL_Event()
        while true {
            runJobs()
            guard wakeEventType != 0 else {
                condition.lock()
                while jobs.isEmpty { condition.wait() }
                condition.unlock()
                continue
            }
            while SDL_PollEvent(&event) != 0 { handle(event) }
            let now = SDLVideo.ticks()
            for surface in surfaces { surface.presentIfDue(now: now) }
            runJobs()
            guard !surfaces.contains(where: \.isDue) else { continue }
            let woken =
                if let timeout = waitMilliseconds(now: SDLVideo.ticks()) {
                    SDL_WaitEventTimeout(&event, timeout)
                } else {
                    SDL_WaitEvent(&event)
                }
            condition.lock()
            sleeps += 1
            condition.unlock()
            if woken != 0 { handle(event) }
        }
    }

    /// How many times the loop slept and woke up: the measure of an idle window, which should
    /// not move (any thread).
    var wakeUps: Int {
        condition.lock()
        defer { condition.unlock() }
        return sleeps
    }

    /// How long the loop may sleep: until the earliest waiting overlay redraw falls due; nil
    /// (until an event) when none waits. Jobs (an SDL user event each), libmpv's frame signals
    /// and window events all wake it, so it needs no timeout of its own: a fixed one would wake
    /// the thread (and pump X11) between every two frames of a playing video, and while paused,
    /// for nothing.
    private func waitMilliseconds(now: Double) -> Int32? {
        guard let deadline = surfaces.compactMap(\.redrawDeadline).min() else { return nil }
        let milliseconds = ((deadline - now) * 1000).rounded(.up)
        return Int32(min(Double(Int32.max), max(1, milliseconds)))
    }

    private func runJobs() {
        condition.lock()
        let pending = jobs
        jobs.removeAll()
        condition.unlock()
        for job in pending { job() }
    }

    private func handle(_ event: SDL_Event) {
        if event.type == frameEventType {
            surfaces.first { $0.identifier == event.user.code }?.frameSignalled()
            return
        }
        if event.type == wakeEventType || event.type == SDL_QUIT.rawValue { return }
        guard let id = Self.windowID(of: event), let surface = routes[id] else {
            // A drop's text is SDL's allocation, freed by whoever takes the event.
            if event.type == SDL_DROPFILE.rawValue || event.type == SDL_DROPTEXT.rawValue { SDL_free(event.drop.file) }
            return
        }
        surface.handle(event)
    }

    /// The SDL window an event belongs to (keyboard events: the focused window when unset;
    /// touchpad gestures, which name no window: the one under the pointer).
    static func windowID(of event: SDL_Event) -> UInt32? {
        let id: UInt32
        switch SDL_EventType(event.type) {
        case SDL_WINDOWEVENT: id = event.window.windowID
        case SDL_MOUSEMOTION: id = event.motion.windowID
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP: id = event.button.windowID
        case SDL_MOUSEWHEEL: id = event.wheel.windowID
        case SDL_KEYDOWN, SDL_KEYUP: id = event.key.windowID
        case SDL_TEXTINPUT: id = event.text.windowID
        case SDL_DROPFILE, SDL_DROPTEXT, SDL_DROPBEGIN, SDL_DROPCOMPLETE: id = event.drop.windowID
        case SDL_MULTIGESTURE: return SDL_GetMouseFocus().map { SDL_GetWindowID($0) }
        default: return nil
        }
        if id == 0, let focused = SDL_GetKeyboardFocus() { return SDL_GetWindowID(focused) }
        return id
    }
}

/// Carries one ``RenderThread/sync(_:)`` job and its result between two threads.
private final class ResultBox<Result>: @unchecked Sendable {
    private let job: () -> Result
    private let done = DispatchSemaphore(value: 0)
    private var result: Result?

    init(_ job: @escaping () -> Result) { self.job = job }

    func run() {
        result = job()
        done.signal()
    }

    func wait() -> Result {
        done.wait()
        return result!
    }
}
