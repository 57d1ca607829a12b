import ReelCore

extension ThumbnailError {
    /// The thumbnail error for an error of ReelCore's URL policy or ReelMPV's frame grabber.
    ///
    /// A refused scheme gets this module's own sentence ("Reading … addresses is not allowed");
    /// the other codes keep the player's sentence, which names the file or the status.
    init(_ error: PlayerError) {
        let code: Code =
            switch error.code {
            case .fileNotFound: .fileNotFound
            case .unsupportedFormat: .unsupportedFormat
            case .nothingToPlay: .noVideo
            case .networkUnreachable, .connectionLost, .timedOut, .liveStreamStopped: .networkUnreachable
            case .httpStatus(let status): .httpStatus(status)
            case .refusedScheme(let scheme): .refusedScheme(scheme)
            case .engineGone: .cancelled
            case .invalidArgument: .invalidArgument
            case .decoderFailure, .commandFailed: .decodingFailed
            case .unknown: .unknown
            }
        if case .refusedScheme = code {
            self.init(code, detail: error.message)
        } else {
            self.init(code, message: error.message, detail: error.engineDetail)
        }
    }
}
