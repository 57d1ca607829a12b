import ReelCore

/// Names of states, reasons and error codes for the command line: a symbol and words for
/// people, and stable camel-case identifiers for JSON.
extension PlayerState {
    /// `playing`, `paused` or `buffering`.
    var identifier: String {
        switch self {
        case .playing: "playing"
        case .paused: "paused"
        case .buffering: "buffering"
        }
    }

    /// The reason as an identifier (`endOfMedia`, `seeking`, …); nil while playing.
    var reasonIdentifier: String? {
        switch self {
        case .playing: nil
        case .paused(let reason):
            switch reason {
            case .userInitiated: "userInitiated"
            case .interrupted: "interrupted"
            case .endOfMedia: "endOfMedia"
            case .error: "error"
            }
        case .buffering(let reason):
            switch reason {
            case .unknown: "unknown"
            case .toMinimizeStalls: "toMinimizeStalls"
            case .evaluatingBufferRate: "evaluatingBufferRate"
            case .noItemToPlay: "noItemToPlay"
            case .seeking: "seeking"
            }
        }
    }

    /// One character that stands for the state.
    var symbol: String {
        switch self {
        case .playing: "▶"
        case .paused(.error): "✖"
        case .paused: "⏸"
        case .buffering: "⏳"
        }
    }

    /// The state with its reason in words: `▶ playing`, `⏸ paused (end of media)`,
    /// `✖ error: The file "x.mp4" could not be found.`
    var sentence: String {
        switch self {
        case .playing: "\(symbol) playing"
        case .paused(.error(let error)): "\(symbol) error: \(error.message)"
        case .paused(let reason):
            switch reason {
            case .userInitiated: "\(symbol) paused (requested)"
            case .interrupted: "\(symbol) paused (interrupted)"
            case .endOfMedia: "\(symbol) paused (end of media)"
            case .error: "\(symbol) paused (error)"
            }
        case .buffering(let reason):
            switch reason {
            case .unknown: "\(symbol) buffering"
            case .toMinimizeStalls: "\(symbol) buffering (waiting for data)"
            case .evaluatingBufferRate: "\(symbol) buffering (opening)"
            case .noItemToPlay: "\(symbol) buffering (nothing loaded)"
            case .seeking: "\(symbol) buffering (seeking)"
            }
        }
    }
}

extension EndReason {
    /// `endOfMedia`, `stopped` or `failed`.
    var identifier: String {
        switch self {
        case .endOfMedia: "endOfMedia"
        case .stopped: "stopped"
        case .failed: "failed"
        }
    }
}

extension EngineCommand {
    /// The command's name, such as `seek` or `play`, for error reports.
    var identifier: String {
        switch self {
        case .load: "load"
        case .prepareNext: "prepareNext"
        case .playPrepared: "playPrepared"
        case .setVideoFraming: "setVideoFraming"
        case .stepFrame: "stepFrame"
        case .setVideoAdjustments: "setVideoAdjustments"
        case .setAudioDelay: "setAudioDelay"
        case .setSubtitleDelay: "setSubtitleDelay"
        case .setPitchCorrection: "setPitchCorrection"
        case .screenshot: "screenshot"
        case .stop: "stop"
        case .play: "play"
        case .pause: "pause"
        case .seek: "seek"
        case .setSpeed: "setSpeed"
        case .setVolume: "setVolume"
        case .setMuted: "setMuted"
        case .setSubtitleMargin: "setSubtitleMargin"
        case .setLoop: "setLoop"
        case .setABLoop: "setABLoop"
        case .selectTrack: "selectTrack"
        case .addSubtitle: "addSubtitle"
        case .setBufferingPolicy: "setBufferingPolicy"
        case .setStreamingQuality: "setStreamingQuality"
        case .reportStatistics: "reportStatistics"
        case .setAudioDevice: "setAudioDevice"
        case .setSubtitleStyle: "setSubtitleStyle"
        case .selectSecondarySubtitle: "selectSecondarySubtitle"
        }
    }
}
