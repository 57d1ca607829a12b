import Foundation
import ReelCore

extension PlayerFeature {
    /// The presentation child: how the video is shown (inline, fullscreen, picture in picture),
    /// as asked and as the window reports it.
    ///
    /// It reduces the feature's whole state, not a part of it: a presentation no window can
    /// show is refused like a command (``State/commandError``), and one asked with `autoplay`
    /// also plays. It owns ``State/presentation`` and ``State/isPictureInPicturePossible``.
    struct PresentationFeature: Reducer {
        typealias State = PlayerFeature.State
        typealias Action = PlayerFeature.Action

        let feature: PlayerFeature

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .presentationRequested(let presentation, let autoplay):
                let refusals = state.refusalCount
                present(presentation, in: &state)
                guard autoplay, state.refusalCount == refusals else { return .none }
                return TransportFeature(feature: feature).play(reason: .user, in: &state)
            case .presentationToggled(let presentation):
                present(state.presentation == presentation ? .inline : presentation, in: &state)
                return .none
            case .presentationLeft:
                guard state.presentation == .fullscreen || state.presentation == .pictureInPicture else { return .none }
                present(.inline, in: &state)
                return .none
            case .presentationChanged(let presentation, let possible):
                state.presentation = presentation
                state.isPictureInPicturePossible = possible
                return .none
            default:
                return .none
            }
        }

        private func present(_ presentation: Presentation, in state: inout State) {
            if state.presentation == .none {
                _ = feature.refuse(
                    PlayerError(.invalidArgument, message: "Nothing shows this player's video."), in: &state)
                return
            }
            switch presentation {
            case .none:
                _ = feature.refuse(
                    PlayerError(.invalidArgument, message: "A window cannot present nothing; close it instead."),
                    in: &state)
            case .pictureInPicture where !state.isPictureInPicturePossible:
                _ = feature.refuse(
                    PlayerError(.invalidArgument, message: "Picture in picture is not possible now."), in: &state)
            default:
                state.commandError = nil
                state.presentation = presentation
            }
        }
    }
}
