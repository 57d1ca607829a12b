/// How something appears and disappears — a fade, a slide from an edge, a scale, or several at
/// once — each way with its own ``Animation``: SwiftUI's transitions, for the controls' regions,
/// plugins and toasts.
///
/// ```swift
/// var controls = ControlConfiguration()
/// controls.setTransition(.move(edge: .bottom).combined(with: .opacity), for: .bottom)
/// controls.setTransition(.scale(0.8).combined(with: .opacity).animation(.easeOut(duration: 0.15)), for: .center)
/// let toast = Transition.asymmetric(insertion: .move(edge: .left), removal: .opacity)
/// ```
///
/// A transition describes the hidden end of the way: how transparent, how far moved and how
/// small the thing is when it is not shown. Drawing moves it between that and its place along
/// the animation's easing. What slides still takes input at its place.
public struct Transition: Hashable, Sendable {
    /// How a thing looks at the hidden end of one way (in or out).
    public struct Effect: Hashable, Sendable {
        /// Its opacity when hidden: 0 fades it out completely, 1 does not fade it.
        public var opacity: Double
        /// The edge it slides from (in) or to (out); nil: it does not move.
        public var edge: Edge?
        /// How far it moves, in logical pixels; nil: until it is just past the ``edge`` of the
        /// area it is drawn in (the video area).
        public var distance: Double?
        /// Its size when hidden, as a multiple of its own (1: it does not scale; below 1 it grows
        /// into place, above 1 it shrinks into place), around its centre.
        public var scale: Double

        /// Creates an effect; opacity is kept in 0…1, and a negative scale or distance is 0.
        public init(opacity: Double = 1, edge: Edge? = nil, distance: Double? = nil, scale: Double = 1) {
            self.opacity = opacity.isFinite ? min(1, max(0, opacity)) : 1
            self.edge = edge
            self.distance = distance.map { $0.isFinite ? max(0, $0) : 0 }
            self.scale = scale.isFinite ? max(0, scale) : 1
        }

        /// No change: shown and hidden look alike.
        public static let identity = Effect()

        /// Both effects at once: opacities and scales multiply; of two slides, this one's.
        public func combined(with other: Effect) -> Effect {
            let slide = edge == nil ? other : self
            return Effect(
                opacity: opacity * other.opacity, edge: slide.edge, distance: slide.distance, scale: scale * other.scale
            )
        }
    }

    /// How it looks before it comes in.
    public var insertion: Effect
    /// How it looks once it has gone.
    public var removal: Effect
    /// The timing of coming in.
    public var insertionAnimation: Animation
    /// The timing of going.
    public var removalAnimation: Animation

    /// Creates a transition.
    public init(
        insertion: Effect, removal: Effect, insertionAnimation: Animation = .default,
        removalAnimation: Animation = .default
    ) {
        self.insertion = insertion
        self.removal = removal
        self.insertionAnimation = insertionAnimation
        self.removalAnimation = removalAnimation
    }

    /// The same effect both ways, 0.2 s each.
    public init(_ effect: Effect) { self.init(insertion: effect, removal: effect) }

    /// Fades in and out.
    public static let opacity = Transition(Effect(opacity: 0))

    /// Slides in from `edge` and out to it, by `distance` logical pixels (nil: from just past the
    /// edge of the video area), without fading.
    public static func move(edge: Edge, distance: Double? = nil) -> Transition {
        Transition(Effect(edge: edge, distance: distance))
    }

    /// Grows from `scale` times its size and shrinks back to it (or, above 1, shrinks into place
    /// and grows away), around its centre.
    public static func scale(_ scale: Double) -> Transition { Transition(Effect(scale: scale)) }

    /// Appears and disappears at once.
    public static let instant = Transition.opacity.animation(.instant)

    /// A transition that comes in as `insertion` does and goes as `removal` does, each with its
    /// own animation.
    public static func asymmetric(insertion: Transition, removal: Transition) -> Transition {
        Transition(
            insertion: insertion.insertion, removal: removal.removal, insertionAnimation: insertion.insertionAnimation,
            removalAnimation: removal.removalAnimation)
    }

    /// Both transitions at once, timed by this one's animations.
    public func combined(with other: Transition) -> Transition {
        Transition(
            insertion: insertion.combined(with: other.insertion), removal: removal.combined(with: other.removal),
            insertionAnimation: insertionAnimation, removalAnimation: removalAnimation)
    }

    /// This transition with `animation` both ways.
    public func animation(_ animation: Animation) -> Transition {
        self.animation(insertion: animation, removal: animation)
    }

    /// This transition with its own animation each way.
    public func animation(insertion: Animation, removal: Animation) -> Transition {
        Transition(
            insertion: self.insertion, removal: self.removal, insertionAnimation: insertion, removalAnimation: removal)
    }

    /// The animation of the way towards `shown`.
    func animation(towards shown: Bool) -> Animation { shown ? insertionAnimation : removalAnimation }

    /// The effect of the way a tween heads (in when it heads for 1).
    func effect(of visibility: Tween) -> Effect { visibility.to >= visibility.from ? insertion : removal }

    /// The opacity at `visibility` (0 hidden … 1 shown) on the way `visibility` heads.
    func opacity(_ visibility: Tween, at time: Double) -> Double {
        let effect = effect(of: visibility)
        let shown = visibility.value(at: time)
        return min(1, max(0, effect.opacity + (1 - effect.opacity) * shown))
    }

    /// A canvas that draws what sits at `frame` as it looks at `time` on its way (faded, moved
    /// and scaled), with `area` the rectangle whose edge a slide without a distance leaves.
    @MainActor
    func canvas(over base: any Canvas, _ visibility: Tween, at time: Double, frame: Rect, area: Rect) -> FadingCanvas {
        let effect = effect(of: visibility)
        let hidden = 1 - visibility.value(at: time)
        var offset = Point.zero
        if let edge = effect.edge {
            let distance: Double =
                effect.distance
                ?? {
                    switch edge {
                    case .left: frame.maxX - area.minX
                    case .right: area.maxX - frame.minX
                    case .top: frame.maxY - area.minY
                    case .bottom: area.maxY - frame.minY
                    }
                }()
            let moved = max(0, distance) * hidden
            switch edge {
            case .left: offset.x = -moved
            case .right: offset.x = moved
            case .top: offset.y = -moved
            case .bottom: offset.y = moved
            }
        }
        return FadingCanvas(
            base, opacity: opacity(visibility, at: time), offset: offset,
            magnification: 1 - (1 - effect.scale) * hidden,
            anchor: frame.center)
    }
}
