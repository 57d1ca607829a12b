import NIOConcurrencyHelpers

/// The Swift side of a render context's two C callbacks: the update handler and OpenGL's
/// `get_proc_address`.
///
/// libmpv gets an unretained pointer to this object as each callback's context: the
/// ``VideoRenderer`` that owns it frees the render context (after which libmpv calls neither
/// callback) before it lets the object go.
final class VideoRendererCallbacks: Sendable {
    /// The update handler, boxed: a closure stored directly as a lock's value is wrapped in
    /// two more reabstraction thunks by every `withLockedValue` (the generic `inout` value is converted
    /// to the closure's own form and back), so each signal grew a chain that every later call
    /// walked, one stack frame per thunk: after 80 000 signals (45 minutes of 30 fps video) one
    /// signal took 0.8 ms, and the cost kept growing with the playback.
    private struct UpdateHandler: Sendable {
        let run: @Sendable () -> Void
    }

    private let updateHandler = NIOLockedValueBox<UpdateHandler?>(nil)
    private let getProcAddress: (@Sendable (String) -> UnsafeMutableRawPointer?)?

    init(backend: VideoRenderer.Backend) {
        switch backend {
        case .software: getProcAddress = nil
        case .openGL(let resolve): getProcAddress = resolve
        }
    }

    /// The context pointer for `mpv_render_context_set_update_callback`.
    var updateContext: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The context pointer for `mpv_opengl_init_params.get_proc_address_ctx`.
    var procAddressContext: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    func setUpdateHandler(_ handler: @escaping @Sendable () -> Void) {
        updateHandler.withLockedValue { $0 = UpdateHandler(run: handler) }
    }

    /// Runs the update handler outside the lock, so a slow handler never blocks a replacement.
    func signalUpdate() {
        let handler = updateHandler.withLockedValue { $0 }
        handler?.run()
    }

    func resolve(_ name: String) -> UnsafeMutableRawPointer? { getProcAddress?(name) }
}

// The C entry points. They are top-level functions in a module without default actor isolation,
// so they are nonisolated: a callback that Swift inferred as main-actor isolated (a closure
// written in a @MainActor context) traps at runtime when libmpv calls it from its own thread.

/// `mpv_render_update_fn`: called on a libmpv thread when the host should call `update()`.
func reelVideoRendererUpdate(_ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<VideoRendererCallbacks>.fromOpaque(context).takeUnretainedValue().signalUpdate()
}

/// `mpv_opengl_init_params.get_proc_address`: called on the GL thread while libmpv sets up.
func reelVideoRendererGetProcAddress(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<CChar>?
) -> UnsafeMutableRawPointer? {
    guard let context, let name else { return nil }
    return Unmanaged<VideoRendererCallbacks>.fromOpaque(context).takeUnretainedValue().resolve(String(cString: name))
}
