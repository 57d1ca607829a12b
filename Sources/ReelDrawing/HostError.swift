/// A failure of the window host or of drawing: SDL, OpenGL, cairo or a file.
public struct HostError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which layer failed.
    public enum Code: Hashable, Sendable {
        /// SDL could not start, or make a window, renderer or texture.
        case sdl
        /// OpenGL is missing or unusable (no context, a shader that does not compile).
        case openGL
        /// cairo could not make a surface or write an image.
        case cairo
        /// The engine refused to make a video renderer (see `MPVEngine.makeVideoRenderer(_:)`).
        case renderer
    }

    /// Which layer failed.
    public var code: Code
    /// A sentence for the user, with the library's own words when it gave any.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
