import ReelCore

extension PlayerFeature {
    /// The controls child: whether the controls show (``State/controlsVisible``), the one fact
    /// every view follows. The feature has no timer of its own: a host (the container's control
    /// overlay, with its display style and auto-hide countdown) or an app sends the actions.
    ///
    /// It owns a part of the state no other child reads, so the feature scopes it there
    /// (``Scope``): it sees only whether the controls show.
    struct ControlsFeature: Reducer {
        typealias State = Bool
        typealias Action = PlayerFeature.Action

        func reduce(into visible: inout Bool, action: Action) -> Effect<Action> {
            switch action {
            case .showControls:
                visible = true
            case .hideControls:
                visible = false
            default:
                break
            }
            return .none
        }
    }
}
