import ReelCore

/// A panel that slides in from an edge of the container: a menu, a playlist, comments.
///
/// ```swift
/// var panel = FeaturePanel(edge: .right, style: .squeeze, extent: 280, content: CommentsWidget())
/// panel.hooks.afterDismiss = { print("closed") }
/// context[FeatureOverlay.self].present(panel)
/// ```
@MainActor
public struct FeaturePanel {
    /// The edge a panel comes from: the container's ``ReelContainer/Edge``.
    public typealias Edge = ReelContainer.Edge

    /// How a panel shares the container with the video.
    public enum Style: Hashable, Sendable {
        /// Over the video; the video area keeps its size.
        case cover
        /// Beside the video; the video area (``PlayerContainer/videoFrame``) shrinks.
        case squeeze
    }

    /// Code that runs around presenting and dismissing, in this order: ``beforePresent``,
    /// ``afterPresent`` (when the slide-in ends), ``beforeDismiss``, ``afterDismiss`` (when the
    /// slide-out ends).
    public struct Hooks {
        /// Before the panel starts to appear.
        public var beforePresent: (@MainActor () -> Void)?
        /// When the panel is fully shown.
        public var afterPresent: (@MainActor () -> Void)?
        /// Before the panel starts to go.
        public var beforeDismiss: (@MainActor () -> Void)?
        /// When the panel is gone.
        public var afterDismiss: (@MainActor () -> Void)?

        /// Creates hooks.
        public init(
            beforePresent: (@MainActor () -> Void)? = nil, afterPresent: (@MainActor () -> Void)? = nil,
            beforeDismiss: (@MainActor () -> Void)? = nil, afterDismiss: (@MainActor () -> Void)? = nil
        ) {
            self.beforePresent = beforePresent
            self.afterPresent = afterPresent
            self.beforeDismiss = beforeDismiss
            self.afterDismiss = afterDismiss
        }
    }

    /// Where the panel comes from.
    public var edge: Edge
    /// Over or beside the video.
    public var style: Style
    /// The panel's width (left, right) or height (top, bottom), at most the container's.
    public var extent: Double
    /// What the panel shows; it gets the whole panel frame.
    public var content: any Widget
    /// The panel's background, drawn before the content; nil draws none.
    public var background: Color?
    /// The slide's timing, each way (0.2 s, slow at both ends, by default).
    public var animation: Animation
    /// A tap outside the panel dismisses it.
    public var dismissesOnBackdropTap: Bool
    /// A change of ``ContainerStatus`` dismisses it.
    public var dismissesOnStatusChange: Bool
    /// Hide the controls while the panel shows (and show them again after).
    public var hidesControls: Bool
    /// The hooks.
    public var hooks: Hooks
    /// Whether the panel grows past ``extent`` to its content's measured width (left and right
    /// edges) or height (top and bottom), within the container: the player's menus do, so an
    /// entry as wide as its text (a long translation or track name) fits. Off by default.
    public var fitsContent = false

    /// Creates a panel. By default a cover panel hides the controls and a squeeze panel does not.
    public init(
        edge: Edge, style: Style = .cover, extent: Double, content: any Widget,
        background: Color? = Theme.standard.panelBackground, animation: Animation = .default,
        dismissesOnBackdropTap: Bool = true, dismissesOnStatusChange: Bool = true, hidesControls: Bool? = nil,
        hooks: Hooks = Hooks()
    ) {
        self.edge = edge
        self.style = style
        self.extent = max(0, extent)
        self.content = content
        self.background = background
        self.animation = animation
        self.dismissesOnBackdropTap = dismissesOnBackdropTap
        self.dismissesOnStatusChange = dismissesOnStatusChange
        self.hidesControls = hidesControls ?? (style == .cover)
        self.hooks = hooks
    }

    /// The panel's frame in `bounds` when it has slid in by `progress` (0…1).
    public func frame(in bounds: Rect, progress: Double) -> Rect {
        let size = min(extent, edge == .left || edge == .right ? bounds.width : bounds.height)
        let shown = size * progress
        switch edge {
        case .left: return Rect(x: bounds.minX - size + shown, y: bounds.minY, width: size, height: bounds.height)
        case .right: return Rect(x: bounds.maxX - shown, y: bounds.minY, width: size, height: bounds.height)
        case .top: return Rect(x: bounds.minX, y: bounds.minY - size + shown, width: bounds.width, height: size)
        case .bottom: return Rect(x: bounds.minX, y: bounds.maxY - shown, width: bounds.width, height: size)
        }
    }

    /// The video area left in `bounds` when the panel has slid in by `progress`.
    public func contentFrame(in bounds: Rect, progress: Double) -> Rect {
        guard style == .squeeze else { return bounds }
        let panel = frame(in: bounds, progress: progress).intersection(bounds)
        switch edge {
        case .left: return bounds.inset(by: Insets(left: panel.width))
        case .right: return bounds.inset(by: Insets(right: panel.width))
        case .top: return bounds.inset(by: Insets(top: panel.height))
        case .bottom: return bounds.inset(by: Insets(bottom: panel.height))
        }
    }
}
