/// Why a thumbnail (or an image: a sprite sheet, artwork) could not be made, in words a user
/// understands, with the library's detail.
///
/// A ``ThumbnailProvider`` throws it for one request; ``PreviewModel`` passes it on, except
/// ``Code/cancelled``, which it answers with the nearest thumbnail it already has.
public struct ThumbnailError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Code: Hashable, Sendable {
        /// The local file does not exist or cannot be read.
        case fileNotFound
        /// The media has no video stream (audio only, or only cover art).
        case noVideo
        /// The data is not media or an image that can be read (empty, truncated, damaged, other).
        case unsupportedFormat
        /// The media opened, but no picture could be decoded near the requested time.
        case decodingFailed
        /// The host could not be reached, or did not answer in time.
        case networkUnreachable
        /// The server answered with an HTTP error status.
        case httpStatus(Int)
        /// The address's scheme is not allowed.
        case refusedScheme(String)
        /// A WebVTT thumbnail track is malformed or holds no cues.
        case invalidThumbnailTrack
        /// The request was cancelled, or a newer one replaced it.
        case cancelled
        /// A picture could not be encoded as JPEG or PNG.
        case encodingFailed
        /// An argument was out of range or malformed.
        case invalidArgument
        /// The file, download or picture is larger than the reader allows (artwork and sprite
        /// sheets are bounded in bytes and in pixels).
        case tooLarge
        /// Anything else (for example, the frame grabber could not be created).
        case unknown
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence for the user.
    public var message: String
    /// The library's own words (FFmpeg's, libmpv's or the server's), for logs.
    public var detail: String?

    /// Creates an error.
    public init(_ code: Code, message: String? = nil, detail: String? = nil) {
        self.code = code
        self.message = message ?? Self.defaultMessage(for: code)
        self.detail = detail
    }

    /// The message, with the detail in parentheses when there is one.
    public var description: String {
        guard let detail else { return message }
        return "\(message) (\(detail))"
    }

    /// The default sentence for `code`.
    static func defaultMessage(for code: Code) -> String {
        switch code {
        case .fileNotFound: "The file could not be found."
        case .noVideo: "The media has no video to take thumbnails from."
        case .unsupportedFormat: "The file is not in a format that can be read, or it is damaged."
        case .decodingFailed: "No picture could be decoded at that position."
        case .networkUnreachable: "The server could not be reached."
        case .httpStatus(let status): "The server answered with HTTP status \(status)."
        case .refusedScheme(let scheme): "Reading \"\(scheme)\" addresses is not allowed."
        case .invalidThumbnailTrack: "The thumbnail track is not a valid WebVTT file."
        case .cancelled: "The thumbnail request was cancelled."
        case .encodingFailed: "The picture could not be encoded."
        case .invalidArgument: "An argument was out of range."
        case .tooLarge: "The image is too large."
        case .unknown: "The thumbnail could not be made."
        }
    }
}
