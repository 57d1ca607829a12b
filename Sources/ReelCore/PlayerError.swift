import Foundation

/// Why playback or a command failed, in words a user understands, keeping the engine's own code.
///
/// A failed item leaves the player in ``PlayerState/paused(reason:)`` with
/// ``PauseReason/error(_:)``; a refused command throws it synchronously.
public struct PlayerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Code: Hashable, Sendable {
        /// The local file does not exist or cannot be read.
        case fileNotFound
        /// The data is not a format the engine can play (empty, corrupt, truncated, or not media).
        case unsupportedFormat
        /// The media holds no audio or video stream that can be played.
        case nothingToPlay
        /// The host could not be reached (refused, reset, DNS, or timed out).
        case networkUnreachable
        /// The server answered with an HTTP error status.
        case httpStatus(Int)
        /// The connection dropped before the media's end (and could not be opened again where
        /// it stopped, ``BufferingPolicy/reconnectsHTTP``); playback stopped at `at` seconds.
        case connectionLost(at: TimeInterval)
        /// A decoder or output could not be set up.
        case decoderFailure
        /// The URL's scheme is not on the allowlist, or the URL is unsafe.
        case refusedScheme(String)
        /// The engine was shut down; the call happened after teardown.
        case engineGone
        /// An argument was out of range or malformed.
        case invalidArgument
        /// The engine rejected a command (for example a track that does not exist).
        case commandFailed
        /// The item did not become ready within the player's deadline (a demuxer that never
        /// returns, a server that sends headers and then nothing).
        case timedOut
        /// A live stream stopped bringing new media, and reloading it at its live edge did not
        /// bring it back.
        case liveStreamStopped
        /// Anything else.
        case unknown
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence for the user.
    public var message: String
    /// The engine's numeric code (for libmpv an `MPV_ERROR_*` value), when there is one.
    public var engineCode: Int?
    /// The engine's own words, for logs.
    public var engineDetail: String?

    /// Creates an error.
    public init(_ code: Code, message: String? = nil, engineCode: Int? = nil, engineDetail: String? = nil) {
        self.code = code
        self.message = message ?? Self.defaultMessage(for: code)
        self.engineCode = engineCode
        self.engineDetail = engineDetail
    }

    public var description: String {
        var text = message
        if let engineCode { text += " (engine code \(engineCode))" }
        return text
    }

    static func defaultMessage(for code: Code) -> String {
        switch code {
        case .fileNotFound: "The file could not be found."
        case .unsupportedFormat: "The file is not in a format that can be played."
        case .nothingToPlay: "The media contains no audio or video that can be played."
        case .networkUnreachable: "The server could not be reached."
        case .httpStatus(let status): "The server answered with HTTP status \(status)."
        case .connectionLost(let position):
            "The connection to the server was lost at \(String(format: "%.1f", position)) s."
        case .decoderFailure: "The media could not be decoded."
        case .refusedScheme(let scheme): "Playing \"\(scheme)\" addresses is not allowed."
        case .engineGone: "The player has been shut down."
        case .invalidArgument: "An argument was out of range."
        case .commandFailed: "The player could not carry out the command."
        case .timedOut: "The media did not become ready in time."
        case .liveStreamStopped: "The live stream stopped sending new media."
        case .unknown: "Playback failed."
        }
    }
}

extension PlayerError.Code {
    /// The case's name, without its value: `fileNotFound`, `httpStatus`, `connectionLost`… (the
    /// JSON of `reel` and the metrics' labels).
    package var identifier: String {
        switch self {
        case .fileNotFound: "fileNotFound"
        case .unsupportedFormat: "unsupportedFormat"
        case .nothingToPlay: "nothingToPlay"
        case .networkUnreachable: "networkUnreachable"
        case .httpStatus: "httpStatus"
        case .connectionLost: "connectionLost"
        case .decoderFailure: "decoderFailure"
        case .refusedScheme: "refusedScheme"
        case .engineGone: "engineGone"
        case .invalidArgument: "invalidArgument"
        case .commandFailed: "commandFailed"
        case .timedOut: "timedOut"
        case .liveStreamStopped: "liveStreamStopped"
        case .unknown: "unknown"
        }
    }
}
