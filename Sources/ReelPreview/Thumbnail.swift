/// One preview picture of a media item: RGBA pixels and the position they show.
///
/// ```swift
/// let thumbnail = try await provider.thumbnail(at: 42)
/// let image = RGBAImage(width: thumbnail.width, height: thumbnail.height, pixels: thumbnail.pixels)
/// ```
///
/// The layout is the one of ReelContainer's `RGBAImage`: `width × height × 4` bytes, row by
/// row, red, green, blue, alpha.
public struct Thumbnail: Hashable, Sendable {
    /// The position the picture shows, in seconds from the start: for keyframe thumbnails the
    /// keyframe at or before ``requestedTime``, for sprites the start of the cue.
    public var time: Double
    /// The position that was asked for, in seconds.
    public var requestedTime: Double
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width × height × 4` bytes, row by row: red, green, blue, alpha.
    public var pixels: [UInt8]

    /// Creates a thumbnail; `pixels` must hold `width × height × 4` bytes.
    public init(time: Double, requestedTime: Double? = nil, width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "A thumbnail needs width × height × 4 bytes")
        self.time = time
        self.requestedTime = requestedTime ?? time
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Creates a thumbnail that shows `bitmap`.
    public init(time: Double, requestedTime: Double? = nil, bitmap: Bitmap) {
        self.init(
            time: time, requestedTime: requestedTime, width: bitmap.width, height: bitmap.height,
            pixels: bitmap.pixels)
    }

    /// The picture alone (no copy: the pixel array is shared until one side changes it).
    public var bitmap: Bitmap { Bitmap(width: width, height: height, pixels: pixels) }
}

extension Thumbnail: CustomStringConvertible {
    /// The times and size, not the pixels: `Thumbnail(64×48 at 5.0 s for 6.0 s)`.
    public var description: String { "Thumbnail(\(width)×\(height) at \(time) s for \(requestedTime) s)" }
}
