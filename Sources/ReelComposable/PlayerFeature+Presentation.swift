import Foundation
import ReelCore

extension PlayerFeature {
    /// How the video is asked to show, and how the window shows it (``Action/presentation(_:)``).
    public enum PresentationAction: Equatable, Sendable {
        /// Show the video this way. Refused (``State/commandError``) when nothing shows the
        /// video, for ``/ReelCore/Presentation/none`` (close the window instead), and for picture
        /// in picture when the window cannot show it. With `autoplay` (MPlayerKit's
        /// `.fullscreen(autoplay:)`) an accepted presentation also plays.
        case requested(Presentation, autoplay: Bool = false)
        /// A presentation was toggled (a fullscreen button, a key): the video goes there, or back
        /// inline when it is there already.
        case toggled(Presentation)
        /// Go back from the current presentation: fullscreen and picture in picture return
        /// inline; inline stays (Escape).
        case leaveRequested
        /// The window reports how it shows the video now (it attached, the window manager or the
        /// user changed it, it closed).
        case changed(Presentation, pictureInPicturePossible: Bool)
    }

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
            guard case .presentation(let action) = action else { return .none }
            switch action {
            case .requested(let presentation, let autoplay):
                let refusals = state.refusalCount
                present(presentation, in: &state)
                guard autoplay, state.refusalCount == refusals else { return .none }
                return TransportFeature(feature: feature).play(reason: .user, in: &state)
            case .toggled(let presentation):
                present(state.presentation == presentation ? .inline : presentation, in: &state)
                return .none
            case .leaveRequested:
                guard state.presentation == .fullscreen || state.presentation == .pictureInPicture else { return .none }
                present(.inline, in: &state)
                return .none
            case .changed(let presentation, let possible):
                state.presentation = presentation
                state.isPictureInPicturePossible = possible
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
