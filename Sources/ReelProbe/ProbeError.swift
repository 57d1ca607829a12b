import Foundation

/// Why ``MediaProbe`` could not read an address: only addresses libavformat cannot open (or may
/// not open) fail; media that opens but cannot be played here is a ``ProbedMedia`` whose
/// ``ProbedMedia/isPlayable`` is false.
public struct ProbeError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Code: Hashable, Sendable, Codable {
        /// The address's scheme is not allowed (the probe's `URLPolicy`, or not `file`, `http`
        /// or `https`).
        case refusedScheme(String)
        /// The local file does not exist.
        case fileNotFound
        /// The local file exists but may not be read.
        case permissionDenied
        /// No demuxer recognises the data, or its header cannot be read: empty, truncated,
        /// damaged, a folder, or not media at all.
        case notMedia
        /// The server answered with an HTTP error: the status when FFmpeg names it (400, 401,
        /// 403, 404), nil when it only says "another 4xx" or "a 5xx".
        case httpStatus(Int?)
        /// The host could not be reached: refused, reset, unreachable or unresolved.
        case networkUnreachable
        /// The address did not open within the probe's ``MediaProbe/timeout``.
        case timedOut
        /// The task that asked was cancelled.
        case cancelled
        /// Anything else (out of memory, an I/O error); ``ProbeError/ffmpegCode`` says which.
        case failed
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence for the user.
    public var message: String
    /// FFmpeg's own error code (a negative `AVERROR`), when FFmpeg failed.
    public var ffmpegCode: Int?
    /// FFmpeg's words for its code, for logs.
    public var detail: String?

    /// Creates an error.
    public init(_ code: Code, message: String, ffmpegCode: Int? = nil, detail: String? = nil) {
        self.code = code
        self.message = message
        self.ffmpegCode = ffmpegCode
        self.detail = detail
    }

    public var description: String {
        var text = message
        if let ffmpegCode { text += " (FFmpeg error \(ffmpegCode))" }
        return text
    }
}
