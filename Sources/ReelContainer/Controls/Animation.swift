/// How long a change takes and how it eases (SwiftUI's `Animation`): the timing of the
/// controls' transitions, of plugins, toasts and panels.
///
/// ```swift
/// let quick = Animation.easeOut(duration: 0.15)
/// let slow = Animation(duration: 0.5, easing: .cubicBezier(x1: 0.2, y1: 0, x2: 0, y2: 1))
/// ```
public struct Animation: Hashable, Sendable {
    /// How long the change takes, in seconds (0: at once).
    public let duration: Double
    /// How it speeds up and slows down.
    public let easing: Easing

    /// Creates an animation; a negative or non-finite duration is 0.
    public init(duration: Double, easing: Easing = .easeInOut) {
        self.duration = duration.isFinite ? max(0, duration) : 0
        self.easing = easing
    }

    /// The same speed all the way.
    public static func linear(duration: Double) -> Animation { Animation(duration: duration, easing: .linear) }
    /// Slow at the start.
    public static func easeIn(duration: Double) -> Animation { Animation(duration: duration, easing: .easeIn) }
    /// Slow at the end.
    public static func easeOut(duration: Double) -> Animation { Animation(duration: duration, easing: .easeOut) }
    /// Slow at both ends.
    public static func easeInOut(duration: Double) -> Animation { Animation(duration: duration, easing: .easeInOut) }

    /// 0.2 s, slow at both ends: what the container's transitions use unless told otherwise.
    public static let `default` = easeInOut(duration: 0.2)
    /// No animation: the change happens at once.
    public static let instant = Animation(duration: 0, easing: .linear)
}
