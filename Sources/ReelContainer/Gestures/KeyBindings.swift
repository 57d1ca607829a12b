import ReelComposable
import ReelCore

/// Which key performs which ``ContainerAction``.
///
/// Bindings match a key with no modifier but Shift (so `#` matches however the keyboard makes
/// it); with Control or Alt held nothing matches, leaving those to the host.
///
/// Keyboard focus comes before the bindings (``FocusService``): Tab and Shift-Tab move a focus
/// ring through the controls and are bound to nothing here, and while the ring shows, the
/// arrows move it, Enter (and Space on a button) presses what it is on, and Escape backs out.
/// Without the ring the bindings below apply as they are: the arrows seek and Enter opens the
/// next item.
public struct KeyBindings: Equatable, Sendable {
    private var bindings: [Key: ContainerAction]

    /// Creates bindings.
    public init(_ bindings: [Key: ContainerAction] = [:]) { self.bindings = bindings }

    /// The action bound to `key`; set nil to unbind.
    public subscript(key: Key) -> ContainerAction? {
        get { bindings[key] }
        set { bindings[key] = newValue }
    }

    /// The action for `key` pressed with `modifiers`, if any.
    public func action(for key: Key, modifiers: KeyModifiers) -> ContainerAction? {
        guard modifiers.isSubset(of: .shift) else { return nil }
        return bindings[key]
    }

    /// mpv's default bindings: Space play/pause; ←/→ ∓5 s; ↑/↓ ±60 s; `m` mute; `f`
    /// fullscreen; `[`/`]` speed ÷/× 1.1; `j` subtitles; `#` audio; `l` A-B loop; `.`/`,` a
    /// frame forward/back (paused); `+`/`-` the audio delay ±0.1 s; `z`/`Z` the subtitle delay
    /// ∓0.1 s; `s` a screenshot; `>` or Enter
    /// the next item, `<` the previous one; `q` quit; Escape leaves fullscreen (and picture in picture). Not mpv's: `p`
    /// picture in picture (mpv's `p` repeats Space), `w` the next video gravity (fit, fill,
    /// stretch; mpv's `w` shrinks the pan-and-scan).
    public static let mpv = KeyBindings([
        .space: .player(.transport(.playPauseToggled(reason: .user))),
        .left: .player(.transport(.skipRequested(by: -5))),
        .right: .player(.transport(.skipRequested(by: 5))),
        .up: .player(.transport(.skipRequested(by: 60))),
        .down: .player(.transport(.skipRequested(by: -60))),
        .character("m"): .player(.transport(.muteToggled)),
        .character("f"): .player(.presentation(.toggled(.fullscreen))),
        .character("["): .multiplySpeed(by: 1 / 1.1),
        .character("]"): .multiplySpeed(by: 1.1),
        .character("j"): .player(.outputs(.subtitleTrackCycled)),
        .character("#"): .player(.outputs(.audioTrackCycled)),
        .character("l"): .player(.transport(.abLoopCycled)),
        .character("q"): .quit,
        .character("p"): .player(.presentation(.toggled(.pictureInPicture))),
        .character(">"): .player(.queue(.nextRequested)),
        .character("<"): .player(.queue(.previousRequested)),
        .enter: .player(.queue(.nextRequested)),
        .character("w"): .player(.outputs(.gravityCycled)),
        .character("s"): .screenshot,
        .character("+"): .player(.outputs(.audioDelayAdjusted(by: 0.1))),
        .character("-"): .player(.outputs(.audioDelayAdjusted(by: -0.1))),
        .character("z"): .player(.outputs(.subtitleDelayAdjusted(by: -0.1))),
        .character("Z"): .player(.outputs(.subtitleDelayAdjusted(by: 0.1))),
        .character("."): .player(.transport(.frameStepRequested(forward: true))),
        .character(","): .player(.transport(.frameStepRequested(forward: false))),
        .pageUp: .player(.transport(.chapterSkipRequested(forward: true))),
        .pageDown: .player(.transport(.chapterSkipRequested(forward: false))),
        .escape: .player(.presentation(.leaveRequested)),
    ])
}
