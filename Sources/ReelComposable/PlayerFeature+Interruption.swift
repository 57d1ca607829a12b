import Foundation
import ReelCore

extension PlayerFeature {
    /// The interruption in progress, and what happens at its end.
    public struct Interruption: Equatable, Sendable {
        /// What happens when an interruption ends (default ``/ReelCore/InterruptionPolicy/ifWasPlaying``).
        public var policy = InterruptionPolicy.ifWasPlaying
        /// Whether an interruption began and has not ended.
        public var isActive = false
        /// Whether the player wanted to play when the interruption began.
        public var wasPlaying = false
        /// The intent right after the interruption began: any other at its end means someone acted.
        public var intentAfterBegin: PlayIntent?
        /// Whether something during the interruption (the audio output going away) ruled out
        /// resuming.
        public var resumeForfeited = false

        /// No interruption, with the default policy.
        public init() {}
    }

    /// What the system does to playback (``Action/interruption(_:)``).
    public enum InterruptionAction: Equatable, Sendable {
        /// The system takes playback away (it is about to sleep): a playing player pauses with
        /// the reason ``/ReelCore/IntentReason/interruption``.
        case began
        /// The interruption is over; `shouldResume` is the system's word. With it, the policy
        /// decides whether playback resumes.
        case ended(shouldResume: Bool)
        /// The system took playback away for good (the audio output went away): a playing player
        /// pauses with the reason ``/ReelCore/IntentReason/interruption``, and nothing resumes it,
        /// not even the end of an interruption in progress.
        case audioOutputLost
        /// What happens when an interruption ends was changed.
        case policyChanged(InterruptionPolicy)
    }

    /// The interruption child: MPlayerKit's `beginInterruption`/`endInterruption` with a resume
    /// policy, and the audio output going away.
    ///
    /// It reduces the feature's whole state, not a part of it: whether an interruption pauses,
    /// and whether its end resumes, depends on the playback state (playing, the intent since),
    /// and the pause and play it sends are recorded there with the reason
    /// ``/ReelCore/IntentReason/interruption``. It owns ``State/interruption``.
    struct InterruptionFeature: Reducer {
        typealias State = PlayerFeature.State
        typealias Action = PlayerFeature.Action

        let feature: PlayerFeature

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
            guard case .interruption(let action) = action else { return .none }
            let playback = state.playback
            let playable = playback.status == .loading || playback.status == .ready
            switch action {
            case .began:
                let wasPlaying = playback.intent.playWhenReady && playable
                let effect = wasPlaying ? feature.command(.pause, reason: .interruption, in: &state) : .none
                state.interruption.isActive = true
                state.interruption.wasPlaying = wasPlaying
                state.interruption.intentAfterBegin = state.playback.intent
                state.interruption.resumeForfeited = false
                return effect
            case .ended(let shouldResume):
                guard state.interruption.isActive else { return .none }
                state.interruption.isActive = false
                let interruption = state.interruption
                let resumes =
                    switch interruption.policy {
                    case .never: false
                    case .ifWasPlaying: interruption.wasPlaying
                    case .always: true
                    }
                guard shouldResume, !interruption.resumeForfeited, playback.intent == interruption.intentAfterBegin,
                    playable, resumes
                else { return .none }
                return feature.command(.play, reason: .interruption, in: &state)
            case .audioOutputLost:
                if state.interruption.isActive {
                    state.interruption.resumeForfeited = true
                    return .none
                }
                return playback.intent.playWhenReady
                    ? feature.command(.pause, reason: .interruption, in: &state) : .none
            case .policyChanged(let policy):
                state.interruption.policy = policy
                return .none
            }
        }
    }
}
