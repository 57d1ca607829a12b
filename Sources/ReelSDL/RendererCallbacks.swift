import CSDL2

/// The closures ``PlayerWindow`` gives its video renderer, which libmpv calls on its own threads,
/// and its loop's timer, which Dispatch calls on a worker thread.
///
/// They are made here, in nonisolated code, on purpose: a closure written inside a main-actor
/// method can be inferred main-actor isolated, and such a closure traps at runtime when libmpv
/// calls it from another thread.
enum RendererCallbacks {
    /// An update handler that posts an SDL user event of `eventType` with `code` (the window's
    /// identifier), which wakes the render thread (`SDL_PushEvent` is thread-safe).
    static func frameSignal(eventType: UInt32, code: Int32) -> @Sendable () -> Void {
        {
            var event = SDL_Event()
            event.type = eventType
            event.user.code = code
            _ = SDL_PushEvent(&event)
        }
    }

    /// The handler of a window loop's timer, which fires on a Dispatch worker: it yields
    /// ``WindowMessage/timer`` to the loop's stream.
    static func timerFired(_ messages: AsyncStream<WindowMessage>.Continuation) -> @Sendable () -> Void {
        { messages.yield(.timer) }
    }

    /// Resolves OpenGL functions in the current SDL context.
    static let glProcAddress: @Sendable (String) -> UnsafeMutableRawPointer? = { name in
        SDL_GL_GetProcAddress(name)
    }
}
