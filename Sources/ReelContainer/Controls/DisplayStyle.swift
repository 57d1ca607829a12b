/// When the controls show.
///
/// Whether they are shown is the store's `PlayerFeature.State.controlsVisible`; the style
/// decides what taps, the pointer and time do to it (``ControlOverlay`` sends the actions).
public enum DisplayStyle: Hashable, Sendable {
    /// Always shown; taps and `.controls(.hideRequested)` do not hide them.
    case always
    /// Never shown.
    case never
    /// Shown on interaction and hidden after `hideAfter` seconds without any, while playing;
    /// a tap toggles them.
    case auto(hideAfter: Double)
    /// A tap toggles them; no timer.
    case manual
    /// Only code shows and hides them (the store's `.controls(.showRequested)` and
    /// `.controls(.hideRequested)`): taps, the pointer and time change nothing.
    case custom
    /// The app's own rule decides on taps, the pointer and time; code shows and hides them too.
    case policy(DisplayPolicy)

    /// What the style decides on `event`: show, hide, or nil to leave the controls as they are.
    @MainActor
    func decision(on event: DisplayPolicy.Event, in situation: DisplayPolicy.Situation) -> DisplayPolicy.Decision? {
        switch (self, event) {
        case (.always, _): .show
        case (.never, _): .hide
        case (.auto, .tap), (.manual, .tap): situation.isPresented ? .hide : .show
        case (.auto, .hover): .show
        case (.auto(let delay), .update):
            situation.isPresented && Timing.hasElapsed(delay, since: 0, at: situation.idleTime) ? .hide : nil
        case (.manual, _), (.custom, _): nil
        case (.policy(let policy), _): policy.decide(event, situation)
        }
    }
}
