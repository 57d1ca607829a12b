import Foundation
import ReelCore

extension PlayerFeature {
    /// What can be chosen of the tracks, subtitles, the audio output, the delays and the picture
    /// (``Action/outputs(_:)``).
    public enum OutputsAction: Equatable, Sendable {
        /// An audio track was selected, or none.
        case audioTrackSelected(id: Int?)
        /// A subtitle track was selected, or Off.
        case subtitleTrackSelected(id: Int?)
        /// A second subtitle track was selected, shown at the top of the picture, or none.
        case secondarySubtitleSelected(id: Int?)
        /// The next subtitle track was asked for, with Off after the last (mpv's `j`).
        case subtitleTrackCycled
        /// The next audio track was asked for, wrapping around (mpv's `#`).
        case audioTrackCycled
        /// A subtitle file was added to the current item, to show it.
        case subtitleAdded(ExternalSubtitle)
        /// The subtitles' style was changed.
        case subtitleStyleChanged(SubtitleStyle)
        /// The fraction (0…0.5) at the bottom of the picture kept free of subtitles changed, for
        /// controls that cover it; 0 gives the engine's default margin back.
        case subtitleMarginChanged(Double)
        /// An audio output was selected by name (``/ReelCore/AudioDevice/name``), or the system's
        /// default (``/ReelCore/AudioDevice/automaticName``).
        case audioDeviceSelected(String)
        /// The sound's delay was changed, in seconds (negative: earlier), to fix lip sync.
        case audioDelayChanged(TimeInterval)
        /// The sound's delay was moved by seconds (mpv's `+`/`-`: ±0.1).
        case audioDelayAdjusted(by: TimeInterval)
        /// The subtitles' delay was changed, in seconds (negative: earlier).
        case subtitleDelayChanged(TimeInterval)
        /// The subtitles' delay was moved by seconds (mpv's `z`/`Z`: ∓0.1).
        case subtitleDelayAdjusted(by: TimeInterval)
        /// Keeping the pitch at other speeds was turned on or off.
        case pitchCorrectionChanged(Bool)
        /// How the picture is framed (gravity, zoom, pan, aspect ratio) was changed.
        case videoFramingChanged(VideoFraming)
        /// The next gravity was asked for: fit, fill, stretch, fit…
        case gravityCycled
        /// The picture's zoom (``/ReelCore/VideoFraming/zoom``) was multiplied by a factor, kept
        /// within 0.125…8 (ctrl+wheel and pinches).
        case zoomMultiplied(by: Double)
        /// The picture's colours were adjusted (``/ReelCore/VideoAdjustments/neutral`` resets
        /// them).
        case videoAdjustmentsChanged(VideoAdjustments)
        /// A screenshot was asked for: the current frame, at the video's own size, goes to the
        /// PNG file `to`, with the subtitles shown on it or without (``screenshotName(_:)`` names
        /// one after the item and the time).
        case screenshotRequested(to: URL, includingSubtitles: Bool)
    }

    /// The tracks and outputs child: audio and subtitle tracks, subtitle files and style, the
    /// audio output, the sound's and the subtitles' delays, the picture's framing and colours,
    /// and screenshots.
    ///
    /// It reduces the feature's whole state, not a part of it: each choice is a command recorded
    /// in the playback state, checked against it first (an output or a track the engine does
    /// not list is refused) or computed from it (a delay moved by a step, the next gravity, a
    /// screenshot named after the item and the time). It owns no field of its own.
    struct OutputsFeature: Reducer {
        typealias State = PlayerFeature.State
        typealias Action = PlayerFeature.Action

        let feature: PlayerFeature

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
            guard case .outputs(let action) = action else { return .none }
            switch action {
            case .audioTrackSelected(let id):
                return feature.command(.selectTrack(.audio, id: id), in: &state)
            case .subtitleTrackSelected(let id):
                return feature.command(.selectTrack(.subtitle, id: id), in: &state)
            case .secondarySubtitleSelected(let id):
                if let id, state.playback.selectedTrack(.subtitle)?.id == id {
                    return feature.refuse(
                        PlayerError(.invalidArgument, message: "That subtitle track already shows as the main one."),
                        in: &state)
                }
                return feature.command(.selectSecondarySubtitle(id: id), in: &state)
            case .subtitleAdded(let subtitle):
                return feature.command(.addSubtitle(subtitle), in: &state)
            case .subtitleStyleChanged(let style):
                return feature.command(.setSubtitleStyle(style), in: &state)
            case .audioDeviceSelected(let name):
                // Once the engine has listed its outputs, a name it does not know is refused here
                // (libmpv would take any name and play nowhere).
                let devices = state.playback.audioDevices
                if !devices.isEmpty, !devices.contains(where: { $0.name == name }) {
                    let known = devices.map(\.name).joined(separator: ", ")
                    return feature.refuse(
                        PlayerError(
                            .invalidArgument, message: "There is no audio output named \"\(name)\" (\(known))."),
                        in: &state)
                }
                return feature.command(.setAudioDevice(name), in: &state)
            case .audioDelayAdjusted(let seconds):
                let delay = PlayerFeature.tenths(state.playback.audioDelay + seconds)
                return feature.command(.setAudioDelay(delay), in: &state)
            case .subtitleDelayAdjusted(let seconds):
                let delay = PlayerFeature.tenths(state.playback.subtitleDelay + seconds)
                return feature.command(.setSubtitleDelay(delay), in: &state)
            case .videoFramingChanged(let framing):
                return feature.command(.setVideoFraming(framing), in: &state)
            case .gravityCycled:
                var framing = state.playback.framing
                let all = VideoGravity.allCases
                framing.gravity = all[(all.firstIndex(of: framing.gravity)! + 1) % all.count]
                return feature.command(.setVideoFraming(framing), in: &state)
            case .zoomMultiplied(let factor):
                guard factor.isFinite, factor > 0 else { return .none }
                var framing = state.playback.framing
                let zoom = min(8, max(0.125, framing.zoom * factor))
                guard zoom != framing.zoom else { return .none }
                framing.zoom = zoom
                return feature.command(.setVideoFraming(framing), in: &state)
            case .subtitleTrackCycled:
                // The one after the selected one, Off after the last, the first after Off.
                let tracks = state.playback.tracks(.subtitle)
                guard !tracks.isEmpty else { return .none }
                var next: Int? = tracks[0].id
                if let index = tracks.firstIndex(where: \.isSelected) {
                    next = index + 1 < tracks.count ? tracks[index + 1].id : nil
                }
                return feature.command(.selectTrack(.subtitle, id: next), in: &state)
            case .audioTrackCycled:
                // The one after the selected one, wrapping around.
                let tracks = state.playback.tracks(.audio)
                guard tracks.count > 1 else { return .none }
                let index = tracks.firstIndex(where: \.isSelected).map { ($0 + 1) % tracks.count } ?? 0
                let next = tracks[index].id
                return feature.command(.selectTrack(.audio, id: next), in: &state)
            case .videoAdjustmentsChanged(let adjustments):
                return feature.command(.setVideoAdjustments(adjustments), in: &state)
            case .screenshotRequested(let file, let subtitles):
                return feature.command(.screenshot(to: file, includingSubtitles: subtitles), in: &state)
            case .audioDelayChanged(let seconds):
                return feature.command(.setAudioDelay(seconds), in: &state)
            case .subtitleDelayChanged(let seconds):
                return feature.command(.setSubtitleDelay(seconds), in: &state)
            case .pitchCorrectionChanged(let on):
                return feature.command(.setPitchCorrection(on), in: &state)
            case .subtitleMarginChanged(let fraction):
                return feature.command(.setSubtitleMargin(fraction), in: &state)
            }
        }

        /// The engine's outputs changed: a chosen output that went away is given up for the
        /// system's default, where the sound server has moved the stream (and where it stays when
        /// the device comes back), so that the state says which output plays.
        func audioDevicesChanged(in state: inout State) -> Effect<Action> {
            let playback = state.playback
            guard playback.audioDevice != AudioDevice.automaticName, !playback.audioDevices.isEmpty,
                playback.currentAudioDevice == nil
            else { return .none }
            return feature.command(.setAudioDevice(AudioDevice.automaticName), reason: .engine, in: &state)
        }
    }

    /// A screenshot's file name: the item's name and the time, `clip-1m02.500s.png`.
    public static func screenshotName(_ state: State) -> String {
        let base = state.playback.item.map { $0.url.deletingPathExtension().lastPathComponent } ?? "reel"
        let time = max(0, state.elapsedTime)
        let minutes = Int(time / 60)
        return "\(base)-\(minutes)m" + String(format: "%06.3f", time - Double(minutes * 60)) + "s.png"
    }

    /// `seconds` to the millisecond, so that steps of 0.1 add up to round numbers.
    static func tenths(_ seconds: TimeInterval) -> TimeInterval { (seconds * 1000).rounded() / 1000 }
}
