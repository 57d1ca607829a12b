/// A window that shows a player's video, as desktop integration sees it: something the
/// desktop's media controls can bring to the front (MPRIS's `Raise`) and close (`Quit`).
///
/// ReelSDL's `PlayerWindow` fits it as it is; the conformance is declared where both modules
/// are imported (the `reel` tool does), since ReelSDL does not depend on the desktop modules:
///
/// ```swift
/// extension PlayerWindow: DesktopWindow {}
/// ```
@MainActor
public protocol DesktopWindow: AnyObject {
    /// Shows the window above the others and gives it the focus.
    func raise()
    /// Closes the window, which ends the app's session with it.
    func close()
}
