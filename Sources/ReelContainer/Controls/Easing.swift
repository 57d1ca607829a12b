/// How a change speeds up and slows down: a curve from the share of its time that has passed
/// (0…1) to the share of the way it has come (0 at the start, 1 at the end).
///
/// The named curves are CSS's and Core Animation's (and SwiftUI's) cubic Béziers; any other is
/// ``cubicBezier(x1:y1:x2:y2:)``, as CSS's `cubic-bezier()` writes it.
///
/// ```swift
/// let halfway = Easing.easeInOut.value(at: 0.5)  // 0.5
/// let overshoot = Easing.cubicBezier(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1)  // past 1, then back
/// ```
public struct Easing: Hashable, Sendable {
    /// The first control point's x (0…1).
    public let x1: Double
    /// The first control point's y.
    public let y1: Double
    /// The second control point's x (0…1).
    public let x2: Double
    /// The second control point's y.
    public let y2: Double

    private init(checked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// The same speed all the way.
    public static let linear = Easing(checked: 0, 0, 1, 1)
    /// Starts slowly, ends at full speed (`cubic-bezier(0.42, 0, 1, 1)`).
    public static let easeIn = Easing(checked: 0.42, 0, 1, 1)
    /// Starts at full speed, slows down to the end (`cubic-bezier(0, 0, 0.58, 1)`): what things
    /// coming in usually use.
    public static let easeOut = Easing(checked: 0, 0, 0.58, 1)
    /// Slow at both ends (`cubic-bezier(0.42, 0, 0.58, 1)`).
    public static let easeInOut = Easing(checked: 0.42, 0, 0.58, 1)

    /// The cubic Bézier from (0, 0) to (1, 1) through the control points (`x1`, `y1`) and
    /// (`x2`, `y2`), as CSS's `cubic-bezier(x1, y1, x2, y2)`.
    ///
    /// The x values are kept in 0…1 (clamped), so that the curve is a function of time; a y
    /// outside 0…1 overshoots. A value that is not finite is replaced by the linear curve's.
    public static func cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double) -> Easing {
        func checked(_ value: Double, _ fallback: Double, clamped: Bool) -> Double {
            guard value.isFinite else { return fallback }
            return clamped ? min(1, max(0, value)) : value
        }
        return Easing(
            checked: checked(x1, 0, clamped: true), checked(y1, 0, clamped: false), checked(x2, 1, clamped: true),
            checked(y2, 1, clamped: false))
    }

    /// How far the change has come when `time` (0…1) of its duration has passed: 0 at or before
    /// 0, 1 at or after 1.
    public func value(at time: Double) -> Double {
        guard time > 0 else { return 0 }
        guard time < 1 else { return 1 }
        if x1 == y1 && x2 == y2 { return time }
        return Self.sample(y1, y2, at: parameter(forX: time))
    }

    /// The point (0…1 along the curve) whose x is `x`: Newton's method, then bisection.
    private func parameter(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = Self.sample(x1, x2, at: t) - x
            if abs(error) < 1e-9 { return t }
            let slope = Self.slope(x1, x2, at: t)
            guard abs(slope) > 1e-6 else { break }
            t -= error / slope
            guard (0...1).contains(t) else { break }
        }
        var (low, high) = (0.0, 1.0)
        t = x
        for _ in 0..<60 {
            let value = Self.sample(x1, x2, at: t)
            if abs(value - x) < 1e-9 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    /// One coordinate of the curve at `t`, from the two control points' coordinates.
    private static func sample(_ p1: Double, _ p2: Double, at t: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return ((a * t + b) * t + c) * t
    }

    /// The derivative of `sample(_:_:at:)` at `t`.
    private static func slope(_ p1: Double, _ p2: Double, at t: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return (3 * a * t + 2 * b) * t + c
    }
}
