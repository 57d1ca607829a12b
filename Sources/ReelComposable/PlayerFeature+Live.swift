import Foundation
import ReelCore

extension PlayerFeature {
    /// How a live stream that runs dry is reloaded: when a live item ends (its playlist stopped
    /// growing, or its source went away), the player opens it again at its live edge, up to
    /// ``maximumAttempts`` times in a row; then the item fails with
    /// ``/ReelCore/PlayerError/Code/liveStreamStopped``. The count starts again once a reloaded
    /// stream has played ``recovery`` seconds, or when the user opens an item.
    public struct LiveReload: Hashable, Sendable {
        /// Reloads in a row before the item fails.
        public var maximumAttempts: Int
        /// Seconds of media a reloaded stream plays before it counts as recovered.
        public var recovery: TimeInterval

        /// Creates a policy.
        public init(maximumAttempts: Int, recovery: TimeInterval) {
            self.maximumAttempts = max(0, maximumAttempts)
            self.recovery = recovery
        }

        /// Three reloads in a row; recovered after a minute of media.
        public static let standard = LiveReload(maximumAttempts: 3, recovery: 60)
        /// No reloads: a live stream that ends fails at once.
        public static let never = LiveReload(maximumAttempts: 0, recovery: 60)
    }

    /// The reloads of the current live stream.
    public struct LiveReloads: Equatable, Sendable {
        /// Reloads in a row so far.
        public var attempts = 0
        /// Where the reloaded stream began to play (for ``LiveReload/recovery``).
        public var playingSince: TimeInterval?

        /// None yet.
        public init() {}
    }

    /// What can be asked of a live or adaptive stream (``Action/live(_:)``).
    public enum LiveAction: Equatable, Sendable {
        /// Jump to a live stream's live edge and play (``/ReelCore/PlaybackInfo/liveEdge``).
        case goLiveRequested
        /// The engine's choice of an adaptive stream's variants, or one variant fixed, was
        /// selected.
        case qualitySelected(StreamingQuality)
    }

    /// The live child: a live stream's edge and an adaptive stream's variants, and the reloads
    /// of a live stream that runs dry (``LiveReload``).
    ///
    /// It reduces the feature's whole state, not a part of it: going live seeks and plays
    /// through the playback state, and a reload reopens the queue's current entry. It owns
    /// ``State/liveReloads``.
    struct LiveFeature: Reducer {
        typealias State = PlayerFeature.State
        typealias Action = PlayerFeature.Action

        let feature: PlayerFeature

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
            guard case .live(let action) = action else { return .none }
            switch action {
            case .goLiveRequested:
                guard !state.requiresLinearPlayback, let edge = state.playback.liveEdge else { return .none }
                var effects = [feature.command(.seek(.absolute(edge), precision: .keyframe), in: &state)]
                if !state.playback.intent.playWhenReady { effects.append(feature.command(.play, in: &state)) }
                return .merge(effects)
            case .qualitySelected(let quality):
                return feature.command(.setStreamingQuality(quality), in: &state)
            }
        }

        /// The current live item ended: open it again at its live edge, or give up.
        func liveStreamEnded(in state: inout State) -> Effect<Action> {
            guard let id = state.playback.itemID, let entry = state.queue.current else { return .none }
            let queue = QueueFeature(feature: feature)
            if state.liveReloads.attempts < feature.liveReload.maximumAttempts {
                state.liveReloads.attempts += 1
                state.liveReloads.playingSince = nil
                state.queue.update(entry.id) { $0.resumePosition = nil }
                guard let fresh = state.queue.current else { return .none }
                return queue.open(fresh, autoplay: true, in: &state)
            }
            let error = PlayerError(.liveStreamStopped)
            PlaybackReducer.reduce(&state.playback, .gaveUp(id, error), at: feature.now())
            state.liveReloads = LiveReloads()
            return queue.entryEnded(.failed(error), in: &state)
        }

        /// A reloaded live stream that plays on for ``LiveReload/recovery`` seconds is well again.
        func noteRecovery(in state: inout State) {
            guard state.liveReloads.attempts > 0, state.playback.isLive, state.playerState == .playing else {
                return
            }
            guard let since = state.liveReloads.playingSince else {
                state.liveReloads.playingSince = state.elapsedTime
                return
            }
            if state.elapsedTime - since >= feature.liveReload.recovery { state.liveReloads = LiveReloads() }
        }
    }
}

extension PlayerFeature.State {
    /// The times the seek bar spans: a live stream's window (``/ReelCore/PlaybackInfo/liveWindow``),
    /// or zero to the duration; nil when neither is known.
    public var seekRange: TimeRange? {
        if let window = playback.liveWindow { return window }
        guard let duration = playback.duration, duration > 0 else { return nil }
        return TimeRange(start: 0, end: duration)
    }

    /// How many seconds playback is behind a live stream's edge; nil unless live.
    public var behindLive: TimeInterval? {
        playback.liveEdge.map { max(0, $0 - seekBarPosition) }
    }

    /// Whether a live stream plays at (or near) its live edge: the "go live" control is lit.
    public var isAtLiveEdge: Bool {
        behindLive.map { $0 <= PlaybackInfo.liveEdgeTolerance } == true
    }

    /// "LIVE" at the live edge, "-0:12" behind it; nil unless live.
    public var liveLabel: String? { liveLabel(live: "LIVE") }

    /// `live` at the live edge (a window passes its own language's word), "-0:12" behind it;
    /// nil unless live.
    public func liveLabel(live: String) -> String? {
        guard let behind = behindLive else { return isLive ? live : nil }
        return behind <= PlaybackInfo.liveEdgeTolerance
            ? live : "-" + TimeLabel.format(behind, withHours: behind >= 3600)
    }
}
