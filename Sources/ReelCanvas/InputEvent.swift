/// A key the player reacts to, named after mpv's default bindings.
public enum Key: Hashable, Sendable {
    /// Space.
    case space
    /// Arrow keys.
    case left, right, up, down
    /// Escape.
    case escape
    /// Return.
    case enter
    /// Page Up and Page Down: the next and the previous chapter, as in mpv.
    case pageUp, pageDown
    /// Tab (Shift-Tab is `.tab` with ``KeyModifiers/shift``): moves keyboard focus
    /// (ReelContainer's `FocusService`).
    case tab
    /// A printable character (`m`, `f`, `[`, `]`, `j`, `#`, `l`, `q`, …).
    case character(Character)
}

/// Which modifier keys were held.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    /// Creates a set from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1)
    /// Control.
    public static let control = KeyModifiers(rawValue: 2)
    /// Alt.
    public static let alt = KeyModifiers(rawValue: 4)
}

/// A mouse button.
public enum PointerButton: Hashable, Sendable {
    /// The main button.
    case primary
    /// The context button.
    case secondary
    /// The wheel button.
    case middle
}

/// Raw input from the host, in logical pixels, stamped with host time in seconds.
///
/// Hosts translate their events (SDL, GTK, a test) into these; the container's gesture
/// recognizer turns them into taps, drags, long presses and the rest.
public enum InputEvent: Hashable, Sendable {
    /// A button went down.
    case pointerDown(Point, button: PointerButton, time: Double)
    /// The pointer moved (with or without a button held).
    case pointerMoved(Point, time: Double)
    /// A button went up.
    case pointerUp(Point, button: PointerButton, time: Double)
    /// The pointer left the window.
    case pointerExited(time: Double)
    /// The wheel or a touchpad scrolled by `dx`, `dy` steps (positive: right, down).
    case scroll(dx: Double, dy: Double, at: Point, time: Double)
    /// A key went down.
    case keyDown(Key, modifiers: KeyModifiers, time: Double)
    /// A key went up.
    case keyUp(Key, modifiers: KeyModifiers, time: Double)
    /// Time passed without input (hosts send it so long presses and auto-hide can fire).
    case tick(time: Double)
    /// The picture should grow by `factor` (below 1: shrink) around a point: the wheel with
    /// Control held, or a pinch.
    case magnify(by: Double, at: Point, time: Double)
    /// A file or an address was dropped on the window (a path or a URL's text, as the host got
    /// it), with the modifiers held: the container plays it, or queues it with Shift.
    case drop(String, modifiers: KeyModifiers, time: Double)
}

/// What a host draws and routes input to: the player container, as seen by a window.
///
/// A host lays the container out when its size changes, asks ``videoFrame`` where the video
/// goes (feature panels may squeeze it), draws the video there, then calls ``draw(in:)`` for the
/// overlays on top, and forwards every ``InputEvent``. It draws only when something changed:
/// after input, when ``onNeedsDisplay`` calls, at ``nextUpdate`` (with a `tick`), and each frame
/// while ``needsDisplay`` stays true (an animation); in between it sleeps.
@MainActor
public protocol OverlayHost: AnyObject {
    /// Lays out for a window of `size` logical pixels at `scale` device pixels per logical pixel.
    func layout(size: Size, scale: Double)
    /// Where the video goes, within the laid-out size.
    var videoFrame: Rect { get }
    /// Draws every overlay, bottom to top.
    func draw(in canvas: any Canvas)
    /// Handles input; true when something consumed it.
    @discardableResult
    func handle(_ event: InputEvent) -> Bool
    /// Whether something changed since the last ``draw(in:)``. It stays true after a draw while
    /// something animates: the host ticks and draws again at its next frame.
    var needsDisplay: Bool { get }
    /// When time alone changes what is drawn next (a timer falls due: the controls hide, a toast
    /// goes), in the time of the host's events; nil when nothing waits. The host sends a `tick`
    /// then, and otherwise sleeps until something happens.
    var nextUpdate: Double? { get }
    /// Set by the host: called when ``needsDisplay`` becomes true other than in ``handle(_:)``
    /// (the player's state changed, an image arrived), so that a host asleep wakes up to draw.
    var onNeedsDisplay: (@MainActor () -> Void)? { get set }
    /// Set by the host: its clock, in seconds in the time of its events. A host that sleeps
    /// between events sets it, so that what happens in between (code shows the controls, a toast
    /// appears) is timed from when it happens rather than from the last event.
    var clock: (@MainActor () -> Double)? { get set }
}
