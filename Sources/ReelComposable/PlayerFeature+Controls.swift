import ReelCore

extension PlayerFeature {
    /// What can be asked of the controls (``Action/controls(_:)``): the one way to show or hide
    /// them, for an app, a parent feature, a widget and the container's control overlay alike.
    public enum ControlsAction: Equatable, Sendable {
        /// Show the controls (a tap on the video, a mouse move, a control touched, code).
        case showRequested
        /// Hide the controls.
        case hideRequested
    }

    /// The controls child: whether the controls show (``State/controlsVisible``), the one fact
    /// every view follows. The feature has no timer of its own: a host (the container's control
    /// overlay, with its display style and auto-hide countdown) or an app sends the actions.
    ///
    /// It owns a part of the state no other child reads, so the feature scopes it there
    /// (``/ReelArchitecture/Scope``): it sees only whether the controls show, and only its own actions.
    struct ControlsFeature: Reducer {
        typealias State = Bool
        typealias Action = ControlsAction

        func reduce(into visible: inout Bool, action: ControlsAction) -> Effect<ControlsAction> {
            switch action {
            case .showRequested: visible = true
            case .hideRequested: visible = false
            }
            return .none
        }
    }
}
