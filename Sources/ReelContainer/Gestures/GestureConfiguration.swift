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
    /// The part of the video area's height that a vertical drag needs to change the volume
    /// from 0 to 1.
    public var volumeDragSpan = 0.8

    /// Creates the standard gesture configuration.
    public init() {}

    /// Tap toggles the controls; double tap skips ∓10 s on the thirds and plays or pauses in
    /// the middle; drags seek and set the volume; a long press plays at 2×; the wheel skips 5 s.
    public static let standard = GestureConfiguration()
}
