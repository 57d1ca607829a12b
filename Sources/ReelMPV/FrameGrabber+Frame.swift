extension FrameGrabber {
    /// One picture that a ``FrameGrabber`` took, in RGBA.
    public struct Frame: Hashable, Sendable {
        /// The picture's position in the media, in seconds: the keyframe the seek landed on.
        public var time: Double
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
        /// `width × height × 4` bytes, row by row, red, green, blue, alpha (always 255).
        public var pixels: [UInt8]

        /// Creates a frame; `pixels` must hold `width × height × 4` bytes.
        public init(time: Double, width: Int, height: Int, pixels: [UInt8]) {
            precondition(pixels.count == width * height * 4, "A frame needs width × height × 4 bytes")
            self.time = time
            self.width = width
            self.height = height
            self.pixels = pixels
        }
    }

    /// What an opened item holds, as far as pictures go.
    public struct Media: Hashable, Sendable {
        /// The duration in seconds; nil for live streams and unknown lengths.
        public var duration: Double?
        /// The video's own width in pixels (before any scaling for thumbnails).
        public var width: Int
        /// The video's own height in pixels.
        public var height: Int

        /// Creates a description.
        public init(duration: Double?, width: Int, height: Int) {
            self.duration = duration
            self.width = width
            self.height = height
        }
    }
}

extension FrameGrabber.Frame: CustomStringConvertible {
    /// The time and size, not the pixels: `Frame(64×48 at 5.0 s)`.
    public var description: String { "Frame(\(width)×\(height) at \(time) s)" }
}
