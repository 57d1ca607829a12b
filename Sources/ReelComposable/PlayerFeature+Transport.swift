import Foundation
import ReelCore

extension PlayerFeature {
    /// What can be asked of the transport (``Action/transport(_:)``).
    public enum TransportAction: Equatable, Sendable {
        /// Play, for a reason (a remote control, an interruption ending, …); at the end of the
        /// item, from the start.
        case playRequested(reason: IntentReason = .user)
        /// Pause, for a reason.
        case pauseRequested(reason: IntentReason = .user)
        /// The play/pause button (or key) was toggled: pause when the player wants to play; play
        /// otherwise (from the start when the item has ended).
        case playPauseToggled(reason: IntentReason = .user)
        /// Seek to a time, kept within the item (0…duration, or a live stream's window). A time
        /// that is no finite number is refused.
        case seekRequested(to: TimeInterval, precision: SeekPrecision = .exact)
        /// Move by seconds (negative goes back), to a keyframe unless asked otherwise.
        case skipRequested(by: TimeInterval, precision: SeekPrecision = .keyframe)
        /// Seek exactly to a frame, counted from 0 at the container's frame rate
        /// (``/ReelCore/PlaybackInfo/frameRate``): frame `n` shows at `n / rate` seconds. Refused
        /// while the frame rate is unknown.
        case frameSeekRequested(Int)
        /// Pause and show the next frame, or the one before.
        case frameStepRequested(forward: Bool)
        /// The speed was changed (0.01…100).
        case rateChanged(Double)
        /// The volume was changed: 0…1, or above 1 to amplify up to the engine's maximum (which
        /// the engine enforces). A negative volume is 0; a slider keeps its own range.
        case volumeChanged(Double)
        /// The mute button was toggled.
        case muteToggled
        /// Muting was turned on or off.
        case mutedChanged(Bool)
        /// The A-B loop was set or cleared.
        case abLoopChanged(ABLoop)
        /// The A-B loop moves on: A at the position shown, then B there, then off (mpv's `l`).
        case abLoopCycled
        /// How the engine buffers was changed (``/ReelCore/BufferingPolicy``).
        case bufferingPolicyChanged(BufferingPolicy)
        /// Stop and unload, for a reason.
        case stopRequested(reason: IntentReason = .user)
        /// The error's retry button was tapped: the failed item opens again where it stopped.
        case retryTapped
        /// Turns linear playback on or off (``State/requiresLinearPlayback``).
        case linearPlaybackChanged(Bool)
        /// To the next chapter's start, or back: to the current chapter's start, or the previous
        /// chapter's within ``PlayerFeature/chapterRestartThreshold`` of it (mpv's `add chapter`
        /// and its `chapter-seek-threshold`). Past the last chapter, nothing.
        case chapterSkipRequested(forward: Bool)
    }

    /// The transport child: play and pause, seeks, skips and frames, speed, volume and mute, the
    /// A-B loop, buffering, stop and retry.
    ///
    /// It reduces the feature's whole state, not a part of it: a transport command is recorded
    /// in the playback state (the intent it expresses, the volume the engine is asked for), and
    /// reads it (a toggle pauses what plays; a play at the end replays). It owns no field of its
    /// own; a stop also ends a scrub and forgets the prepared entry.
    struct TransportFeature: Reducer {
        typealias State = PlayerFeature.State
        typealias Action = PlayerFeature.Action

        let feature: PlayerFeature

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
            guard case .transport(let action) = action else { return .none }
            if state.requiresLinearPlayback, action.seeks { return .none }
            switch action {
            case .playPauseToggled(let reason):
                if state.playback.intent.playWhenReady && state.playback.status != .ended {
                    return feature.command(.pause, reason: reason, in: &state)
                }
                return play(reason: reason, in: &state)
            case .playRequested(let reason):
                return play(reason: reason, in: &state)
            case .pauseRequested(let reason):
                return feature.command(.pause, reason: reason, in: &state)
            case .skipRequested(let seconds, let precision):
                return feature.command(.seek(.relative(seconds), precision: precision), in: &state)
            case .seekRequested(let time, let precision):
                // A time that is no number is the engine command's to refuse, not to clamp.
                let target = time.isFinite ? state.clamped(time) : time
                return feature.command(.seek(.absolute(target), precision: precision), in: &state)
            case .frameSeekRequested(let frame):
                do {
                    let time = try PlayerFeature.time(ofFrame: frame, in: state.playback)
                    return feature.command(.seek(.absolute(time), precision: .exact), in: &state)
                } catch {
                    return feature.refuse(error, in: &state)
                }
            case .frameStepRequested(let forward):
                return feature.command(.stepFrame(forward: forward), in: &state)
            case .chapterSkipRequested(let forward):
                guard
                    let start = PlayerFeature.chapterStart(
                        from: state.elapsedTime, forward: forward, in: state.playback)
                else { return .none }
                return feature.command(.seek(.absolute(start), precision: .exact), in: &state)
            case .abLoopChanged(let loop):
                return feature.command(.setABLoop(loop), in: &state)
            case .abLoopCycled:
                let position = state.seekBarPosition
                let next: ABLoop =
                    switch (state.playback.abLoop.a, state.playback.abLoop.b) {
                    case (nil, _): ABLoop(a: position, b: nil)
                    case (let a?, nil): ABLoop(a: a, b: position)
                    case (_?, _?): .off
                    }
                return feature.command(.setABLoop(next), in: &state)
            case .bufferingPolicyChanged(let policy):
                return feature.command(.setBufferingPolicy(policy), in: &state)
            case .rateChanged(let speed):
                return feature.command(.setSpeed(speed), in: &state)
            case .volumeChanged(let volume):
                return feature.command(.setVolume(volume.isFinite ? max(0, volume) : volume), in: &state)
            case .muteToggled:
                return feature.command(.setMuted(!state.playback.isMuted), in: &state)
            case .mutedChanged(let muted):
                return feature.command(.setMuted(muted), in: &state)
            case .linearPlaybackChanged(let required):
                state.requiresLinearPlayback = required
                if required, state.playback.abLoop != .off { return feature.command(.setABLoop(.off), in: &state) }
                return .none
            case .retryTapped:
                guard var item = state.playback.item else { return .none }
                item.startPosition = state.elapsedTime > 0 ? state.elapsedTime : item.startPosition
                state.commandError = nil
                let request = LoadRequest(item: item, autoplay: true, id: feature.makeItemID())
                return feature.command(.load(request), in: &state)
            case .stopRequested(let reason):
                state.scrub = nil
                state.preparedNext = nil
                return feature.command(.stop, reason: reason, in: &state)
            }
        }

        /// Plays: a queue not opened yet (or stopped) opens its current item, an ended item
        /// plays again from the start.
        func play(reason: IntentReason, in state: inout State) -> Effect<Action> {
            if state.playback.status == .idle, let entry = state.queue.current {
                return QueueFeature(feature: feature).open(entry, autoplay: true, in: &state)
            }
            if state.playback.status == .ended {
                return .merge(
                    feature.command(.seek(.absolute(0), precision: .keyframe), in: &state),
                    feature.command(.play, reason: reason, in: &state))
            }
            return feature.command(.play, reason: reason, in: &state)
        }
    }
}

extension PlayerFeature.TransportAction {
    /// Whether the action moves playback other than forward at its own pace: what linear
    /// playback ignores (``PlayerFeature/State/requiresLinearPlayback``).
    var seeks: Bool {
        switch self {
        case .seekRequested, .skipRequested, .frameSeekRequested, .frameStepRequested, .abLoopChanged, .abLoopCycled,
            .chapterSkipRequested:
            true
        default: false
        }
    }
}

extension PlayerFeature {
    /// Seconds into a chapter within which a skip back goes to the chapter before, not to this
    /// one's start: 5, mpv's `chapter-seek-threshold`.
    public static let chapterRestartThreshold: TimeInterval = 5

    /// Where a chapter skip from `position` goes (``TransportAction/chapterSkipRequested(forward:)``);
    /// nil when it goes nowhere (no chapters, or none after the position).
    package static func chapterStart(
        from position: TimeInterval, forward: Bool, in playback: PlaybackInfo
    ) -> TimeInterval? {
        let starts = playback.chapters.map(\.start).sorted()
        guard !starts.isEmpty else { return nil }
        if forward { return starts.first { $0 > position + 0.001 } }
        guard let current = starts.lastIndex(where: { $0 <= position + 0.001 }) else { return 0 }
        if position - starts[current] > chapterRestartThreshold || current == 0 { return starts[current] }
        return starts[current - 1]
    }
}
