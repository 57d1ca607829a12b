/// How a player's video is shown: MPlayerKit's presentation modes.
///
/// The player's state owns it (`PlayerFeature.State.presentation`); a window follows it, and
/// reports back what the window manager changed by itself.
public enum Presentation: String, Hashable, Sendable, CaseIterable {
    /// Nothing shows the video (headless, or no window attached).
    case none
    /// In its window, among the app's other content.
    case inline
    /// Filling the screen.
    case fullscreen
    /// In a small borderless window that stays above the others.
    case pictureInPicture
}

/// What a player does when an interruption ends: MPlayerKit resumes when the system says it
/// should, and the app decides whether it may.
public enum InterruptionPolicy: String, Hashable, Sendable, CaseIterable {
    /// Stays paused; the user resumes.
    case never
    /// Resumes when the interruption paused playback and nothing changed the intent since
    /// (the default).
    case ifWasPlaying
    /// Plays when the interruption ends, even when the player was paused before it began, unless
    /// something changed the intent during it.
    case always
}
