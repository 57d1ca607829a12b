/// When the controls show.
public enum DisplayStyle: Hashable, Sendable {
    /// Always shown; taps and ``ControlOverlay/dismiss()`` do not hide them.
    case always
    /// Never shown.
    case never
    /// Shown on interaction and hidden after `hideAfter` seconds without any, while playing;
    /// a tap toggles them.
    case auto(hideAfter: Double)
    /// A tap toggles them; no timer.
    case manual
}
