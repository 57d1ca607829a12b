import Foundation
import Logging
import ReelCore
import ReelMPV
import ReelPlayer

/// Opens an address and plays its first seconds as fast as it decodes (headless, untimed): does
/// it play, fail with a typed error, or hang? What `reel check` does for each file.
///
/// ```swift
/// let run = try await isolation.run(MediaCheck(url: file, seconds: 3, timeout: 20), timeout: .seconds(21))
/// if run.output.result == .ok { … }
/// ```
public struct MediaCheck: IsolatedJob {
    public static let name = "check"

    /// The address to check (any the standard ``/ReelCore/URLPolicy`` allows).
    public var url: URL
    /// Seconds of media to play.
    public var seconds: Double
    /// Seconds after which the job gives up on its own and answers ``Report/Result/timeout`` with
    /// what it knew. Inside a worker, the isolation's deadline is the hard limit behind it: a
    /// library that never returns is killed there.
    public var timeout: Double

    /// Creates a check.
    public init(url: URL, seconds: Double = 3, timeout: Double = 20) {
        self.url = url
        self.seconds = seconds
        self.timeout = timeout
    }

    /// How far a check got.
    public struct Progress: Codable, Sendable, Hashable {
        /// The steps of a check.
        public enum Stage: String, Codable, Sendable, Hashable {
            /// The engine is opening the address.
            case opening
            /// The media is open: duration and tracks are known.
            case loaded
            /// Frames are being decoded.
            case playing
        }

        /// The step reached.
        public var stage: Stage
        /// The duration in seconds, once known.
        public var duration: Double?
        /// The number of tracks, once known.
        public var tracks: Int?
        /// The position reached, in seconds.
        public var position: Double?

        /// Creates a report.
        public init(stage: Stage, duration: Double? = nil, tracks: Int? = nil, position: Double? = nil) {
            self.stage = stage
            self.duration = duration
            self.tracks = tracks
            self.position = position
        }
    }

    /// What a check found.
    public struct Report: Codable, Sendable, Hashable {
        /// The verdict.
        public enum Result: String, Codable, Sendable, Hashable {
            /// It opened and played.
            case ok
            /// It failed with a typed error (``Report/code``).
            case error
            /// It did not finish in time.
            case timeout
        }

        /// The verdict.
        public var result: Result
        /// The duration in seconds, when known (nil for live media too).
        public var duration: Double?
        /// The number of tracks, when known.
        public var tracks: Int?
        /// The ``/ReelCore/PlayerError/Code`` of an error, as text (`unsupportedFormat`, `httpStatus(404)`, …).
        public var code: String?
        /// The error's sentence, or what a timeout had reached.
        public var message: String?
        /// How far the check got.
        public var stage: Progress.Stage?

        /// Creates a report.
        public init(
            result: Result, duration: Double? = nil, tracks: Int? = nil, code: String? = nil, message: String? = nil,
            stage: Progress.Stage? = nil
        ) {
            self.result = result
            self.duration = duration
            self.tracks = tracks
            self.code = code
            self.message = message
            self.stage = stage
        }

        /// A failure with `error`.
        public static func failed(_ error: PlayerError, stage: Progress.Stage? = nil) -> Report {
            // Where a connection was lost is in the message, in words.
            let code = if case .connectionLost = error.code { error.code.identifier } else { "\(error.code)" }
            return Report(result: .error, code: code, message: error.message, stage: stage)
        }

        /// A timeout with what `progress` knew.
        public static func timedOut(after progress: Progress?) -> Report {
            Report(
                result: .timeout, duration: progress?.duration, tracks: progress?.tracks,
                message: "stuck while \(progress?.stage.words ?? "starting")", stage: progress?.stage)
        }
    }

    @MainActor
    public func run(in context: IsolatedContext<MediaCheck>) async -> Report {
        var configuration = MPVConfiguration.headless
        configuration.options = ["untimed": "yes", "ao-null-untimed": "yes"]
        configuration.logger = context.logger
        let player: Player
        do {
            player = Player(engine: try MPVEngine(configuration: configuration))
        } catch {
            return .failed(error)
        }
        var progress = Progress(stage: .opening)
        context.report(progress)
        do {
            try player.load(MediaItem(url: url))
        } catch {
            await finish(player, context)
            return .failed(error, stage: .opening)
        }
        let seconds = seconds
        let done: (PlaybackInfo) -> Bool = { state in
            switch state.status {
            case .failed, .ended: true
            case .ready: state.position() >= seconds
            default: false
            }
        }
        // The position moves without state changes (it is extrapolated), so look again often.
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(timeout * 1000)))
        var settled = false
        while !settled, ContinuousClock.now < deadline {
            settled = await player.wait(timeout: .milliseconds(50), until: done)
            let state = player.playback
            var now = progress
            if state.status == .ready {
                now.stage = state.position() > 0 ? .playing : .loaded
                now.duration = state.duration
                now.tracks = state.tracks.count
                now.position = (state.position() * 10).rounded() / 10
            }
            if now != progress {
                progress = now
                context.report(progress)
            }
        }
        let state = player.playback
        await finish(player, context)
        switch state.status {
        case .failed(let error): return .failed(error, stage: progress.stage)
        case .ended, .ready:
            guard settled else { return .timedOut(after: progress) }
            return Report(result: .ok, duration: state.duration, tracks: state.tracks.count, stage: progress.stage)
        default: return .timedOut(after: progress)
        }
    }

    /// Shuts the engine down, or, in a worker, leaves it to the process's exit: a demuxer stuck in
    /// a C library keeps libmpv from quitting, and the answer must not wait for that.
    @MainActor private func finish(_ player: Player, _ context: IsolatedContext<MediaCheck>) async {
        if context.processEndsAfterJob {
            Task.detached { await player.shutdown() }
        } else {
            await player.shutdown()
        }
    }
}

extension MediaCheck.Progress.Stage {
    /// A few words for a timeout's message.
    var words: String {
        switch self {
        case .opening: "opening"
        case .loaded: "starting to play"
        case .playing: "playing"
        }
    }
}
