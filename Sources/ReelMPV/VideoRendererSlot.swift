import CMPV
import NIOConcurrencyHelpers
import ReelCore

/// The engine's hold on its one ``VideoRenderer``: libmpv allows one render context per core,
/// and it must be freed before the core is destroyed.
final class VideoRendererSlot: Sendable {
    private struct State {
        var isClosed = false
        var renderer: VideoRenderer?
    }

    private let state = NIOLockedValueBox(State())

    /// Makes a renderer with `make` and keeps it, unless the engine is shutting down or already
    /// has a live renderer. `make` runs under the slot's lock, so ``close()`` cannot overtake it.
    func install(_ make: () throws(PlayerError) -> VideoRenderer) throws(PlayerError) -> VideoRenderer {
        try state.withLockedValue { state in
            Result { () throws(PlayerError) -> VideoRenderer in
                guard !state.isClosed else { throw PlayerError(.engineGone) }
                if let existing = state.renderer, !existing.isFreed {
                    throw PlayerError(
                        .invalidArgument,
                        message: "The engine already has a video renderer; free it before making another.")
                }
                let renderer = try make()
                state.renderer = renderer
                return renderer
            }
        }.get()
    }

    /// Frees the renderer, if one is alive, and refuses new ones. Idempotent.
    func close() {
        let renderer = state.withLockedValue { state in
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
    /// An engine made with ``MPVConfiguration/VideoOutput/none`` (such as ``MPVConfiguration/standard``)
    /// is switched to the render API here, as if it had been made with
    /// ``MPVConfiguration/VideoOutput/renderAPI``: `zimg-threads` becomes 1 (unless the app set it
    /// in ``MPVConfiguration/options``) and, once the render context exists, `vo` becomes
    /// `libmpv`. libmpv 0.35 takes that switch at run time, also while an item plays: its video is
    /// set up again, into this renderer. The engine stays on the render API afterwards.
    ///
    /// On an engine made with ``MPVConfiguration/VideoOutput/renderAPI``, make it before loading
    /// media: libmpv sets video up when an item starts, and without a renderer the item plays
    /// without video. One renderer at a time; ``VideoRenderer/free()`` it before making another.
    /// ``shutdown()`` frees a renderer still alive (an OpenGL host frees its own first, on the GL
    /// thread). For ``VideoRenderer/Backend/openGL(getProcAddress:)``, call this on the GL thread
    /// with the context current.
    ///
    /// - Throws: ``/ReelCore/PlayerError/Code/invalidArgument`` when the engine was made with
    ///   ``MPVConfiguration/VideoOutput/ownWindow``, while another renderer is alive, or when
    ///   libmpv refuses the switch to the render API; ``/ReelCore/PlayerError/Code/engineGone`` after
    ///   ``shutdown()``; ``/ReelCore/PlayerError/Code/decoderFailure`` when libmpv cannot set the backend up
    ///   (for example no usable OpenGL).
    public func makeVideoRenderer(_ backend: VideoRenderer.Backend) throws(PlayerError) -> VideoRenderer {
        if configuration.video == .ownWindow {
            throw PlayerError(
                .invalidArgument,
                message: "This engine shows its video in mpv's own window (video = .ownWindow); make the engine "
                    + "with video = .renderAPI or .none to draw its video yourself.")
        }
        return try renderers.install { () throws(PlayerError) in
            let switches = configuration.video == .none && !isSwitchedToRenderAPI
            if switches, configuration.options["zimg-threads"] == nil {
                try Self.switchCheck(
                    mpv_set_property_string(handle.pointer, "zimg-threads", Self.renderConversionThreads),
                    "set zimg-threads")
            }
            // The render context first: a `vo=libmpv` set while an item plays opens right away and,
            // finding no render context, turns the item's video off.
            let renderer = try VideoRenderer(handle: handle, backend: backend)
            if switches {
                do throws(PlayerError) {
                    try Self.switchCheck(mpv_set_property_string(handle.pointer, "vo", "libmpv"), "set vo=libmpv")
                } catch {
                    renderer.free()
                    throw error
                }
            }
            return renderer
        }
    }

    /// Whether libmpv already sends its video to the render API (`vo` is `libmpv`). Read under
    /// the renderer slot's lock, which keeps the handle alive (teardown closes the slot before it
    /// destroys the handle), and not through `propertyText(_:)`, whose lifecycle lock teardown
    /// holds while it closes the slot.
    private var isSwitchedToRenderAPI: Bool {
        guard let text = mpv_get_property_string(handle.pointer, "vo") else { return false }
        defer { mpv_free(text) }
        return String(cString: text) == "libmpv"
    }

    private static func switchCheck(_ status: Int32, _ action: String) throws(PlayerError) {
        guard status < 0 else { return }
        throw PlayerError(
            .invalidArgument,
            message: "The engine could not switch to the render API (\(action) failed); make it with "
                + "video = .renderAPI.",
            engineCode: Int(status), engineDetail: String(cString: mpv_error_string(status)))
    }
}
