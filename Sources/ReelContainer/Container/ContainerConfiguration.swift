import Foundation
import ReelCore

/// Everything a ``PlayerContainer`` can be told: controls, gestures, keys, theme and more.
///
/// ```swift
/// var configuration = ContainerConfiguration.standard
/// configuration.controls.displayStyle = .manual
/// configuration.keyBindings[.character("p")] = .player(.transport(.playPauseToggled(reason: .user)))
/// let container = PlayerContainer(store: store, configuration: configuration)
/// ```
@MainActor
public struct ContainerConfiguration {
    /// The controls' widgets, insets, scrims, transitions and display style.
    public var controls: ControlConfiguration
    /// What gestures on the video area do.
    public var gestures: GestureConfiguration
    /// What keys do.
    public var keyBindings: KeyBindings
    /// Colours, fonts and sizes.
    public var theme: Theme
    /// The texts shown, in the language the environment asks for (`LANGUAGE`, `LC_ALL`,
    /// `LC_MESSAGES`, `LANG`, as gettext reads them) unless set: `strings.language = .german`
    /// forces one, ``ContainerStrings/add(_:)`` adds a language or changes texts.
    public var strings = ContainerStrings()
    /// Widgets centred over the video whatever the controls do: the spinner and the error view.
    public var indicators: [any Widget]
    /// What the video area shows while the item has no picture
    /// (``/ReelCore/PlaybackInfo/isAudioOnly``), under the controls: ``NowPlayingView`` in
    /// ``standard``; nil shows nothing there. Read when the container is made.
    public var nowPlaying: (any Widget)?
    /// The picture at an item's ``/ReelCore/MediaItem/artworkURL``, scaled down to fit `size`
    /// (device pixels), once it is loaded; nil while it loads or when it cannot be. The
    /// ``TitleBar`` draws it small beside the title and ``NowPlayingView`` large. Nil, the
    /// default, draws no artwork; `PlayerWindow` sets ReelPreview's `ArtworkCache`, which loads
    /// each address once, off the main actor.
    public var artworkImage: (@MainActor (URL, Size) -> RGBAImage?)?
    /// The speed menu's entries.
    public var speeds: [Double] = [0.5, 0.75, 1, 1.25, 1.5, 2]
    /// Where ``ContainerAction/screenshot`` writes its PNG files; nil: the current directory, as
    /// mpv does.
    public var screenshotFolder: URL?
    /// The range `[` and `]` keep the speed in.
    public var speedRange: ClosedRange<Double> = 0.25...4
    /// Seconds of buffering before the spinner shows.
    public var bufferingIndicatorDelay = 0.5
    /// Seconds a feedback bubble ("+10 s", "Speed 1.1×") stays.
    public var bubbleDuration = 0.8
    /// The width of the menus' panel (from the right edge, over the video); a menu whose title or
    /// entries need more grows to fit them.
    public var menuPanelWidth = 260.0
    /// The app's own entries, added at the end of built-in menus: typically
    /// ``ContainerAction/app(_:)`` entries the app handles
    /// (``PlayerContainer/addAppActionHandler(_:)``).
    public var menuItems: [PlayerMenu: [MenuItem]] = [:]
    /// What files and addresses dropped on the window may open (``PlayerContainer/open(dropped:appending:)``);
    /// nil refuses every drop.
    public var dropPolicy: URLPolicy? = .standard

    /// Creates a configuration.
    public init(
        controls: ControlConfiguration = ControlConfiguration(), gestures: GestureConfiguration = .standard,
        keyBindings: KeyBindings = .mpv, theme: Theme = .standard, indicators: [any Widget] = []
    ) {
        self.controls = controls
        self.gestures = gestures
        self.keyBindings = keyBindings
        self.theme = theme
        self.indicators = indicators
    }

    /// The standard player: play/pause in the centre, the title in `top1`, the seek bar in
    /// `bottom1`, and time labels, volume, speed, audio, subtitles and fullscreen in `bottom2`
    /// (inline and fullscreen); a compact `bottom2` in portrait; spinner and error view; the
    /// artwork, title and artist of an item without video (``NowPlayingView``).
    public static var standard: ContainerConfiguration { standard(previewImage: nil) }

    /// The standard player whose seek bar shows `previewImage(time)` above the hover or drag
    /// point (seek previews; return nil while an image is not ready).
    public static func standard(
        previewImage: (@MainActor (Double) -> RGBAImage?)?
    ) -> ContainerConfiguration {
        var controls = ControlConfiguration()
        controls.setWidgets([TitleBar()], in: .top1)
        controls.setWidgets([PlayPauseButton(style: .large)], in: .center)
        controls.setWidgets([SeekBar(previewImage: previewImage)], in: .bottom1)
        controls.setWidgets(
            [
                QueueButton(.previous), QueueButton(.next), TimeLabelWidget(.current), LiveButton(), SpacerWidget(),
                TimeLabelWidget(.remaining), VolumeControl(), MenuButton(.queue), MenuButton(.picture),
                MenuButton(.quality), MenuButton(.speed),
                MenuButton(.audio), MenuButton(.subtitles), FullscreenButton(),
            ], in: .bottom2, for: [.inline, .fullscreen])
        controls.setWidgets(
            [
                TimeLabelWidget(.current), SpacerWidget(), TimeLabelWidget(.remaining),
                VolumeControl(showsSlider: false), MenuButton(.subtitles), FullscreenButton(),
            ], in: .bottom2, for: [.portrait])
        var configuration = ContainerConfiguration(controls: controls, indicators: [BufferingSpinner(), ErrorView()])
        configuration.nowPlaying = NowPlayingView()
        return configuration
    }
}
