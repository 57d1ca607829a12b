import Foundation
import ReelCore

extension PlayerFeature {
    /// The transport child: play and pause, seeks, skips and frames, speed, volume and mute, the
    /// A-B loop, buffering, stop and retry.
    ///
    /// It reduces the feature's whole state, not a part of it: a transport command is recorded
    /// in the playback state (the intent it expresses, the volume the engine is asked for), and
    /// reads it (a toggle pauses what plays; a play at the end replays). It owns no field of its
    /// own; ``Action/stop`` also ends a scrub and forgets the prepared entry.
    struct TransportFeature: Reducer {
        typealias State = PlayerFeature.State
        typealias Action = PlayerFeature.Action

        let feature: PlayerFeature

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .togglePlayPause(let reason):
                if state.playback.intent.playWhenReady && state.playback.status != .ended {
                    return feature.command(.pause, reason: reason, in: &state)
                }
                return play(reason: reason, in: &state)
            case .play(let reason):
                return play(reason: reason, in: &state)
            case .pause(let reason):
                return feature.command(.pause, reason: reason, in: &state)
            case .skipTapped(let seconds):
                return feature.command(.seek(.relative(seconds), precision: .keyframe), in: &state)
            case .skip(let seconds, let precision):
                return feature.command(.seek(.relative(seconds), precision: precision), in: &state)
            case .seek(let time, let precision):
                // A time that is no number is the engine command's to refuse, not to clamp.
                let target = time.isFinite ? state.clamped(time) : time
                return feature.command(.seek(.absolute(target), precision: precision), in: &state)
            case .seekToFrame(let frame):
                do {
                    let time = try PlayerFeature.time(ofFrame: frame, in: state.playback)
                    return feature.command(.seek(.absolute(time), precision: .exact), in: &state)
                } catch {
                    return feature.refuse(error, in: &state)
                }
            case .frameStepped(let forward):
                return feature.command(.stepFrame(forward: forward), in: &state)
            case .abLoopSet(let loop):
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
            case .bufferingPolicySet(let policy):
                return feature.command(.setBufferingPolicy(policy), in: &state)
            case .speedSelected(let speed):
                return feature.command(.setSpeed(speed), in: &state)
            case .volumeChanged(let volume):
                return feature.command(.setVolume(volume.isFinite ? max(0, volume) : volume), in: &state)
            case .muteToggled:
                return feature.command(.setMuted(!state.playback.isMuted), in: &state)
            case .muteSet(let muted):
                return feature.command(.setMuted(muted), in: &state)
            case .retryTapped:
                guard var item = state.playback.item else { return .none }
                item.startPosition = state.elapsedTime > 0 ? state.elapsedTime : item.startPosition
                state.commandError = nil
                let request = LoadRequest(item: item, autoplay: true, id: feature.makeItemID())
                return feature.command(.load(request), in: &state)
            case .stop(let reason):
                state.scrub = nil
                state.preparedNext = nil
                return feature.command(.stop, reason: reason, in: &state)
            default:
                return .none
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
