import ReelCore

/// An engine whose video its host draws itself, through libmpv's render API: what a window
/// (ReelSDL's `PlayerWindow`) needs of its player's engine. ``MPVEngine`` is one.
///
/// A window asks its player's engine for this and nothing else; given a player on an engine
/// that is not one (a fake engine in tests), it refuses it with a `HostError` that says so
/// rather than opening a window without video.
public protocol VideoRenderingEngine: PlaybackEngine {
    /// How the engine was made: its video output, and what the host loads for its items
    /// follows the rest (``MPVConfiguration/urlPolicy``, ``MPVConfiguration/logger``).
    var configuration: MPVConfiguration { get }

    /// Makes the renderer that draws the engine's video into a host's pixels or OpenGL
    /// framebuffer (see ``MPVEngine/makeVideoRenderer(_:)``).
    func makeVideoRenderer(_ backend: VideoRenderer.Backend) throws(PlayerError) -> VideoRenderer
}

extension MPVEngine: VideoRenderingEngine {}
