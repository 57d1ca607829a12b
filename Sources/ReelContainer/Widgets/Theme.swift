import ReelCore

/// The container's colours, fonts and sizes.
public struct Theme: Hashable, Sendable {
    /// Icons and text.
    public var foreground = Color.white
    /// Secondary text.
    public var secondary = Color(white: 1, alpha: 0.7)
    /// Progress, selection and the knob.
    public var accent = Color.accent
    /// The seek bar's and sliders' empty track.
    public var track = Color(white: 1, alpha: 0.3)
    /// The buffered part of the seek bar.
    public var buffered = Color(white: 1, alpha: 0.55)
    /// Chapter ticks on the seek bar.
    public var chapterTick = Color(white: 0, alpha: 0.75)
    /// Feature panels and menus.
    public var panelBackground = Color(white: 0.08, alpha: 0.94)
    /// A hovered or pressed row or button.
    public var highlight = Color(white: 1, alpha: 0.16)
    /// Bubbles, toasts and the hover time label.
    public var bubbleBackground = Color(white: 0, alpha: 0.72)
    /// The keyboard focus ring (``FocusService``), drawn on a thin dark halo.
    public var focusRing = Color.white
    /// The focus ring's width in logical pixels (rounded to whole device pixels).
    public var focusRingWidth = 2.0
    /// Text.
    public var labelFont = Font.body
    /// Times.
    public var timeFont = Font.time
    /// Titles.
    public var titleFont = Font.title
    /// The side of a control button.
    public var buttonSize = 32.0
    /// The side of the big centre play button.
    public var largeButtonSize = 64.0

    /// Creates the standard theme.
    public init() {}

    /// The standard theme: white on dark scrims with Reel's accent.
    public static let standard = Theme()
}
