import ReelCore
import Synchronization

/// The engine's hold on its one ``VideoRenderer``: libmpv allows one render context per core,
/// and it must be freed before the core is destroyed.
final class VideoRendererSlot: Sendable {
    private struct State {
        var isClosed = false
        var renderer: VideoRenderer?
    }

    private let state = Mutex(State())

    /// Makes a renderer with `make` and keeps it, unless the engine is shutting down or already
    /// has a live renderer. `make` runs under the slot's lock, so ``close()`` cannot overtake it.
    func install(_ make: () throws(PlayerError) -> VideoRenderer) throws(PlayerError) -> VideoRenderer {
        try state.withLock { (state) throws(PlayerError) -> VideoRenderer in
            guard !state.isClosed else { throw PlayerError(.engineGone) }
            if let existing = state.renderer, !existing.isFreed {
                throw PlayerError(
                    .invalidArgument, message: "The engine already has a video renderer; free it before making another."
                )
            }
            let renderer = try make()
            state.renderer = renderer
            return renderer
        }
    }

    /// Frees the renderer, if one is alive, and refuses new ones. Idempotent.
    func close() {
        let renderer = state.withLock { state in
            state.isClosed = true
            let renderer = state.renderer
            state.renderer = nil
            return renderer
        }
        renderer?.free()
    }
}

extension MPVEngine {
    /// Makes the renderer that draws this engine's video into a host's pixels or OpenGL
    /// framebuffer.
    ///
    /// Make it before loading media: libmpv sets video up when an item starts, and without a
    /// renderer the item plays without video. One renderer at a time; ``VideoRenderer/free()``
    /// it before making another. ``shutdown()`` frees a renderer still alive (an OpenGL host
    /// frees its own first, on the GL thread). For ``VideoRenderer/Backend/openGL(getProcAddress:)``,
    /// call this on the GL thread with the context current.
    ///
    /// - Throws: ``PlayerError/Code/invalidArgument`` unless the engine was configured with
    ///   ``MPVConfiguration/VideoOutput/renderAPI``, or while another renderer is alive;
    ///   ``PlayerError/Code/engineGone`` after ``shutdown()``; ``PlayerError/Code/decoderFailure``
    ///   when libmpv cannot set the backend up (for example no usable OpenGL).
    public func makeVideoRenderer(_ backend: VideoRenderer.Backend) throws(PlayerError) -> VideoRenderer {
        guard configuration.video == .renderAPI else {
            throw PlayerError(
                .invalidArgument, message: "A video renderer needs an engine configured with video = .renderAPI.")
        }
        return try renderers.install { () throws(PlayerError) in try VideoRenderer(handle: handle, backend: backend) }
    }
}
