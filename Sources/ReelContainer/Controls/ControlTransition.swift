/// How a region fades in and out.
public struct ControlTransition: Hashable, Sendable {
    /// Seconds to fade in from hidden.
    public var fadeIn: Double
    /// Seconds to fade out from shown.
    public var fadeOut: Double

    /// Creates a transition.
    public init(fadeIn: Double, fadeOut: Double) {
        self.fadeIn = max(0, fadeIn)
        self.fadeOut = max(0, fadeOut)
    }

    /// A fade of `duration` seconds each way.
    public static func fade(_ duration: Double) -> ControlTransition {
        ControlTransition(fadeIn: duration, fadeOut: duration)
    }

    /// Appear and disappear at once.
    public static let instant = ControlTransition(fadeIn: 0, fadeOut: 0)
}
