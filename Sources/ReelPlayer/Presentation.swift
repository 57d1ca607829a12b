import ReelCore

/// How a player's video is shown: MPlayerKit's presentation modes.
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

/// What shows a ``Player``'s video and can switch between ``Presentation``s: a window host.
///
/// The host is attached with ``Player/attachPresentation(_:)``; it reports every change it makes
/// by itself (a window manager's fullscreen key, a picture-in-picture window closed) with
/// ``Player/presentationDidChange(to:pictureInPicturePossible:)``.
@MainActor
public protocol PresentationHost: AnyObject {
    /// How the video is shown now.
    var presentation: Presentation { get }
    /// Whether the host can show picture in picture now.
    var isPictureInPicturePossible: Bool { get }
    /// Switches to `presentation`, then reports it to the player.
    /// - Throws: ``PlayerError/Code/invalidArgument`` for a presentation the host cannot show.
    func present(_ presentation: Presentation) throws(PlayerError)
}
