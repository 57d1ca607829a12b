/// The recogniser's thresholds, in logical pixels and seconds.
public struct GestureThresholds: Hashable, Sendable {
    /// How far a tap may wander between press and release.
    public var tapSlop: Double
    /// The longest time from the first release to the second press of a double tap.
    public var doubleTapInterval: Double
    /// How far apart the two taps of a double tap may be.
    public var doubleTapDistance: Double
    /// How long a press must be held, without moving, to be a long press.
    public var longPressDuration: Double
    /// How far the pointer must move while pressed to start a drag.
    public var dragThreshold: Double

    /// Creates thresholds.
    public init(
        tapSlop: Double = 8, doubleTapInterval: Double = 0.3, doubleTapDistance: Double = 40,
        longPressDuration: Double = 0.5, dragThreshold: Double = 10
    ) {
        self.tapSlop = tapSlop
        self.doubleTapInterval = doubleTapInterval
        self.doubleTapDistance = doubleTapDistance
        self.longPressDuration = longPressDuration
        self.dragThreshold = dragThreshold
    }

    /// Tap slop 8 px, double tap 300 ms within 40 px, long press 500 ms, drag 10 px.
    public static let standard = GestureThresholds()
}
