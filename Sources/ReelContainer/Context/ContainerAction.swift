import ReelComposable

/// What keys, gestures and widgets ask the container to do: the container's own vocabulary.
///
/// Player intents are ``/ReelComposable/PlayerFeature/Action``s, sent as they are with
/// ``player(_:)`` (the window follows the player's presentation; the controls follow
/// `PlayerFeature.State.controlsVisible`); the container adds its feedback (a bubble for a skip,
/// the mute, a track or the zoom; a toast for the A-B loop). The other cases are the container's
/// own: each says why below. Nothing here reaches an engine directly.
public enum ContainerAction: Equatable, Sendable {
    /// Sends an action to the store as it is, with the container's feedback where the change
    /// is not otherwise visible.
    case player(PlayerFeature.Action)
    /// Multiplies the speed by `factor`, clamped to ``ContainerConfiguration/speedRange``: the
    /// container's own, because the range is its configuration.
    case multiplySpeed(by: Double)
    /// An action the app defines: delivered to the handlers added with
    /// ``PlayerContainer/addAppActionHandler(_:)`` (custom menu entries, keys, buttons).
    case app(AppAction)
    /// Asks the host to quit (``PlayerContainer/onQuit``): the host's, not the player's.
    case quit
    /// A tap on the video's meaning: shows hidden controls or hides shown ones as the
    /// ``ContainerConfiguration/controls`` display style decides (the auto and manual styles
    /// toggle; always, never and custom do nothing). The container's own, because the style is
    /// its configuration; to show or hide the controls, send the player's `.controls(.showRequested)` or
    /// `.controls(.hideRequested)`.
    case toggleControls
    /// Opens one of the player's menus in the feature overlay: the container's panels.
    case openMenu(PlayerMenu)
    /// Closes the feature panel, if one is open: the container's panels.
    case closePanel
    /// Writes the current frame, with its subtitles, to a PNG file in
    /// ``ContainerConfiguration/screenshotFolder``, and says so in a toast: the container's own,
    /// because the folder is its configuration (the player's action takes a file).
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
    /// The item's chapters, the current one checked: choosing one goes to its start; opened from
    /// the settings menu (with two chapters or more).
    case chapters
}
