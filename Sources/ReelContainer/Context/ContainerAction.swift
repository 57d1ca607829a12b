import ReelComposable

/// What keys, gestures and widgets ask the container to do: the container's action vocabulary.
///
/// Player intents, fullscreen and picture in picture become ``/ReelComposable/PlayerFeature/Action``s sent to the
/// store (the window follows the player's presentation); quitting goes to the host through
/// ``PlayerContainer/onQuit``. Nothing here reaches an engine directly.
public enum ContainerAction: Equatable, Sendable {
    /// Sends an action to the store as it is.
    case player(PlayerFeature.Action)
    /// Seeks by `seconds` from the current position (negative goes back).
    case skip(seconds: Double)
    /// Mutes or unmutes.
    case toggleMute
    /// Multiplies the speed by `factor`, clamped to ``ContainerConfiguration/speedRange``.
    case multiplySpeed(by: Double)
    /// Selects the next subtitle track, with Off after the last.
    case cycleSubtitles
    /// Selects the next audio track.
    case cycleAudio
    /// Sets A, then B, then clears the A-B loop (`PlayerFeature.Action.abLoopSet`).
    case cycleABLoop
    /// Asks for fullscreen, or to leave it: a presentation request the window follows.
    case toggleFullscreen
    /// Leaves fullscreen, if the video fills the screen.
    case exitFullscreen
    /// Moves the video into the picture-in-picture window, or back.
    case togglePictureInPicture
    /// Goes back from the current presentation: fullscreen and picture in picture return
    /// inline; inline does nothing.
    case leavePresentation
    /// Multiplies the picture's zoom (`VideoFraming.zoom`) by `factor`, kept within 0.125…8
    /// (ctrl+wheel and pinches).
    case zoom(by: Double)
    /// An action the app defines: delivered to the handlers added with
    /// ``PlayerContainer/addAppActionHandler(_:)`` (custom menu entries, keys, buttons).
    case app(AppAction)
    /// Asks the host to quit (``PlayerContainer/onQuit``).
    case quit
    /// Shows the controls (in the display styles that allow it).
    case showControls
    /// Hides the controls.
    case hideControls
    /// Shows hidden controls or hides shown ones.
    case toggleControls
    /// Opens one of the player's menus in the feature overlay.
    case openMenu(PlayerMenu)
    /// Closes the feature panel, if one is open.
    case closePanel
    /// Writes the current frame, with its subtitles, to a PNG file in
    /// ``ContainerConfiguration/screenshotFolder``, and says so in a toast.
    case screenshot
}

/// An action the app defines, named by an identifier the app chooses; the container hands it to
/// the app's handlers (``PlayerContainer/addAppActionHandler(_:)``).
///
/// ```swift
/// let report: AppAction = "report"
/// var configuration = ContainerConfiguration.standard
/// configuration.menuItems[.speed] = [MenuItem(title: "Report a problem…", action: .app(report))]
/// let container = PlayerContainer(player: player, configuration: configuration)
/// let handler = container.addAppActionHandler { action in
///     if action == report { print("the app shows its report form") }
/// }
/// ```
public struct AppAction: Hashable, Sendable, RawRepresentable, ExpressibleByStringLiteral {
    /// The identifier.
    public var rawValue: String

    /// Creates an action named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates an action named `name`.
    public init(_ name: String) { rawValue = name }

    /// Creates an action from a literal name.
    public init(stringLiteral value: String) { rawValue = value }
}

/// The player's built-in menus.
public enum PlayerMenu: String, Hashable, Sendable, CaseIterable {
    /// Playback speeds, with the settings submenus (audio output, subtitle files) after them.
    case speed
    /// Playback speeds only (`MenuButton(.rates)`, which shows the rate).
    case rates
    /// Audio tracks.
    case audio
    /// Subtitle tracks and Off.
    case subtitles
    /// The queue's items, the current one checked: choosing one plays it.
    case queue
    /// How the picture fills the view (fit, fill, stretch) and the aspect ratio it is shown with.
    case picture
    /// An adaptive stream's variants (Auto and each resolution), the one playing checked.
    case quality
    /// The audio outputs (Automatic and each device), the one playing checked; opened from the
    /// settings (speed) menu.
    case audioOutput
    /// Off and the subtitle tracks, for the secondary subtitles at the top; opened from the
    /// subtitles menu.
    case secondarySubtitles
    /// The subtitles' size and background presets; opened from the subtitles menu.
    case subtitleStyle
    /// The subtitle files next to the item's file, to add one; opened from the settings menu.
    case subtitleFiles
}
