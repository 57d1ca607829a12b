/// What the video area's gestures do, and their thresholds.
public struct GestureConfiguration: Hashable, Sendable {
    /// Whether gestures on the video area work at all.
    public var isEnabled = true
    /// The recogniser's thresholds.
    public var thresholds = GestureThresholds.standard
    /// Seconds a double tap on the left or right third skips.
    public var doubleTapSkip = 10.0
    /// Seconds one wheel step skips (up goes forward).
    public var scrollSkip = 5.0
    /// The speed while a long press is held.
    public var longPressSpeed = 2.0
    /// Seconds of media per logical pixel of a horizontal drag; nil maps the video area's width
    /// to the whole duration.
    public var dragSecondsPerPoint: Double?
    /// What a vertical drag on the left half of the video area sets (VideoPlayerContainer's
    /// brightness); nil: nothing, so the drag is free for the app's handlers.
    public var leftVerticalDrag: VerticalDragControl? = .brightness
    /// What a vertical drag on the right half of the video area sets; nil: nothing.
    public var rightVerticalDrag: VerticalDragControl? = .volume
    /// The part of the video area's height that a vertical drag needs to change the volume
    /// from 0 to 1.
    public var volumeDragSpan = 0.8
    /// The part of the video area's height that a vertical drag needs to change the brightness
    /// by 100 (from the picture as decoded to white, or back).
    public var brightnessDragSpan = 0.8

    /// Creates the standard gesture configuration.
    public init() {}

    /// Tap toggles the controls; double tap skips ∓10 s on the thirds and plays or pauses in
    /// the middle; horizontal drags seek, vertical drags set the brightness (left half) and the
    /// volume (right half); a long press plays at 2×; the wheel skips 5 s.
    public static let standard = GestureConfiguration()
}

/// What a vertical drag on one half of the video area sets (``GestureConfiguration/leftVerticalDrag``,
/// ``GestureConfiguration/rightVerticalDrag``): up raises it, down lowers it, and a bubble shows
/// the level while the drag lasts.
public enum VerticalDragControl: String, Hashable, Sendable {
    /// The volume, 0…1 (``GestureConfiguration/volumeDragSpan``).
    case volume
    /// The picture's brightness, −100…100 in whole steps
    /// (``/ReelCore/VideoAdjustments/brightness``, ``GestureConfiguration/brightnessDragSpan``);
    /// only while the item has video.
    case brightness
}
