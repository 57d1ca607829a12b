import Foundation
import ReelCore

extension PlayerFeature {
    /// ``Action/audioDeviceSelected(_:)``, ``Action/subtitleStyleSet(_:)`` and
    /// ``Action/secondarySubtitleSelected(id:)``.
    func outputs(_ action: Action, in state: inout State) -> Effect<Action> {
        switch action {
        case .audioDeviceSelected(let name):
            // Once the engine has listed its outputs, a name it does not know is refused here
            // (libmpv would take any name and play nowhere).
            let devices = state.playback.audioDevices
            if !devices.isEmpty, !devices.contains(where: { $0.name == name }) {
                let known = devices.map(\.name).joined(separator: ", ")
                return refuse(
                    PlayerError(.invalidArgument, message: "There is no audio output named \"\(name)\" (\(known))."),
                    in: &state)
            }
            return command(.setAudioDevice(name), in: &state)
        case .subtitleStyleSet(let style):
            return command(.setSubtitleStyle(style), in: &state)
        case .secondarySubtitleSelected(let id):
            if let id, state.playback.selectedTrack(.subtitle)?.id == id {
                return refuse(
                    PlayerError(.invalidArgument, message: "That subtitle track already shows as the main one."),
                    in: &state)
            }
            return command(.selectSecondarySubtitle(id: id), in: &state)
        default:
            return .none
        }
    }

    /// The engine's outputs changed: a chosen output that went away is given up for the system's
    /// default, where the sound server has moved the stream (and where it stays when the device
    /// comes back), so that the state says which output plays.
    func audioDevicesChanged(in state: inout State) -> Effect<Action> {
        let playback = state.playback
        guard playback.audioDevice != AudioDevice.automaticName, !playback.audioDevices.isEmpty,
            playback.currentAudioDevice == nil
        else { return .none }
        return command(.setAudioDevice(AudioDevice.automaticName), reason: .engine, in: &state)
    }
}
