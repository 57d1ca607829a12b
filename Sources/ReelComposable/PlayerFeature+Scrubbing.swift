import Foundation
import ReelCore

extension PlayerFeature {
    /// A scrub in progress.
    public struct Scrub: Equatable, Sendable {
        /// Where the finger is, in seconds.
        public var position: TimeInterval
        /// Whether playback should resume when the scrub ends.
        public var resumesPlayback: Bool

        /// Creates a scrub.
        public init(position: TimeInterval, resumesPlayback: Bool) {
            self.position = position
            self.resumesPlayback = resumesPlayback
        }
    }

    /// What a finger (or a key held) does on the seek bar (``Action/scrub(_:)``).
    public enum ScrubAction: Equatable, Sendable {
        /// A finger went down on the seek bar.
        case began
        /// The finger moved to a time.
        case changed(to: TimeInterval)
        /// The finger lifted: seek there.
        case ended
        /// The scrub was abandoned (the pointer left the window): no seek; playback resumes.
        case cancelled
    }

    /// The scrubbing child: a finger (or a key held) on the seek bar. Scrubbing is optimistic:
    /// the labels follow the finger, the seek is sent on release, and playback resumes if it was
    /// playing.
    ///
    /// It reduces the feature's whole state, not a part of it: a scrub starts where the player
    /// shows the time, is kept within the item's range, and pauses, seeks and plays through the
    /// playback state. It owns ``State/scrub``.
    struct ScrubbingFeature: Reducer {
        typealias State = PlayerFeature.State
        typealias Action = PlayerFeature.Action

        let feature: PlayerFeature

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
            guard case .scrub(let action) = action else { return .none }
            switch action {
            case .began:
                guard !state.requiresLinearPlayback else { return .none }
                let resumes = state.playback.intent.playWhenReady && state.playback.status != .ended
                state.scrub = Scrub(position: state.elapsedTime, resumesPlayback: resumes)
                return resumes ? feature.command(.pause, in: &state) : .none
            case .changed(let time):
                guard state.scrub != nil else { return .none }
                let position = state.clamped(time)
                state.scrub?.position = position
                return .none
            case .ended:
                guard let scrub = state.scrub else { return .none }
                state.scrub = nil
                let seek = feature.command(.seek(.absolute(scrub.position), precision: .exact), in: &state)
                return scrub.resumesPlayback ? .merge(seek, feature.command(.play, in: &state)) : seek
            case .cancelled:
                guard let scrub = state.scrub else { return .none }
                state.scrub = nil
                return scrub.resumesPlayback ? feature.command(.play, in: &state) : .none
            }
        }
    }
}
