import ReelCore

/// What the control overlay shows in each slot for each status, and how: insets, scrims, the
/// dimming behind them, transitions, slot layouts, the display style and spacing.
///
/// ```swift
/// var controls = ControlConfiguration()
/// controls.setWidgets([PlayPauseButton(style: .large)], in: .center)
/// controls.setWidgets([SeekBar()], in: .bottom1, for: [.inline, .fullscreen])
/// controls.setInsets(Insets(all: 24), for: .fullscreen)
/// controls.setTransition(.opacity.animation(.easeOut(duration: 0.3)), for: .top, .bottom, in: [.fullscreen])
/// controls.setLayout(SlotLayout(distribution: .spaceEvenly), in: .bottom2, for: [.portrait])
/// controls.dimming = Color(white: 0, alpha: 0.6)
/// controls.displayStyle = .auto(hideAfter: 3)
/// ```
@MainActor
public struct ControlConfiguration {
    /// When the controls show.
    public var displayStyle: DisplayStyle = .auto(hideAfter: 3)
    /// Whether the controls show when the container first appears (the auto and manual
    /// styles): false starts them hidden until a tap or hover, as a feed or a background video
    /// wants.
    public var showsOnAppearance = true
    /// Space between widgets in a row or column.
    public var spacing = 8.0
    /// Space between the rows of a region.
    public var rowSpacing = 4.0
    /// A colour over the whole video area behind all the controls (VideoPlayerContainer's
    /// overlay shadow, MPlayerKit's 60 % black), fading with them; nil, the default, draws none.
    public var dimming: Color?
    private var widgets: [ContainerStatus: [ControlSlot: [any Widget]]] = [:]
    private var insets: [ContainerStatus: Insets] = [
        .inline: Insets(top: 8, left: 12, bottom: 8, right: 12),
        .fullscreen: Insets(top: 20, left: 32, bottom: 20, right: 32),
        .portrait: Insets(top: 12, left: 10, bottom: 12, right: 10),
    ]
    private var scrims: [ControlRegion: Scrim] = [.top: .fromTop, .bottom: .fromBottom]
    private var transitions: [ContainerStatus: [ControlRegion: Transition]] = [:]
    private var layouts: [ContainerStatus: [ControlSlot: SlotLayout]] = [:]

    /// An empty configuration: no widgets, standard insets, scrims at the top and bottom, no
    /// dimming, the standard slot layouts, and 0.2 s transitions (slides from the edges, a fade in
    /// the centre).
    public init() {}

    /// The widgets of `slot` for `status`, in order.
    public func widgets(in slot: ControlSlot, for status: ContainerStatus) -> [any Widget] {
        widgets[status]?[slot] ?? []
    }

    /// Puts `widgets` into `slot` for each of `statuses` (all by default).
    public mutating func setWidgets(
        _ widgets: [any Widget], in slot: ControlSlot, for statuses: [ContainerStatus] = ContainerStatus.allCases
    ) {
        for status in statuses { self.widgets[status, default: [:]][slot] = widgets }
    }

    /// Empties every slot of every status.
    public mutating func removeAllWidgets() { widgets = [:] }

    /// The insets from the video area's edges for `status`.
    public func insets(for status: ContainerStatus) -> Insets { insets[status] ?? .zero }

    /// Sets the insets for each of `statuses`.
    public mutating func setInsets(_ insets: Insets, for statuses: ContainerStatus...) {
        for status in statuses { self.insets[status] = insets }
    }

    /// The scrim behind `region`, if any.
    public func scrim(for region: ControlRegion) -> Scrim? { scrims[region] }

    /// Sets or removes (`nil`) the scrim behind each of `regions`.
    public mutating func setScrim(_ scrim: Scrim?, for regions: ControlRegion...) {
        for region in regions { scrims[region] = scrim }
    }

    /// How `region` appears and disappears in `status`. By default the top, bottom and side
    /// regions slide in from their edge while they fade in (and back out), and the centre fades,
    /// 0.2 s each way, slow at both ends (``Animation/default``).
    public func transition(for region: ControlRegion, in status: ContainerStatus) -> Transition {
        transitions[status]?[region] ?? Self.standardTransition(for: region)
    }

    /// Sets how each of `regions` appears and disappears in each of `statuses` (all by default).
    public mutating func setTransition(
        _ transition: Transition, for regions: ControlRegion...,
        in statuses: [ContainerStatus] = ContainerStatus.allCases
    ) {
        for status in statuses {
            for region in regions { transitions[status, default: [:]][region] = transition }
        }
    }

    /// Sets how every region appears and disappears in every status.
    public mutating func setTransitionForAllRegions(_ transition: Transition) {
        for status in ContainerStatus.allCases {
            for region in ControlRegion.allCases { transitions[status, default: [:]][region] = transition }
        }
    }

    /// The standard transition of `region`: a slide from its edge with a fade, or a fade in the centre.
    static func standardTransition(for region: ControlRegion) -> Transition {
        switch region {
        case .top: .move(edge: .top).combined(with: .opacity)
        case .bottom: .move(edge: .bottom).combined(with: .opacity)
        case .left: .move(edge: .left).combined(with: .opacity)
        case .right: .move(edge: .right).combined(with: .opacity)
        case .center: .opacity
        }
    }

    /// How `slot` lays its widgets out in `status` (``SlotLayout``'s defaults unless set).
    public func layout(in slot: ControlSlot, for status: ContainerStatus) -> SlotLayout {
        layouts[status]?[slot] ?? SlotLayout()
    }

    /// Sets how `slot` lays its widgets out for each of `statuses` (all by default).
    public mutating func setLayout(
        _ layout: SlotLayout, in slot: ControlSlot, for statuses: [ContainerStatus] = ContainerStatus.allCases
    ) {
        for status in statuses { layouts[status, default: [:]][slot] = layout }
    }

    /// Every slot's layout for `status`, for ``ControlLayout``.
    func layouts(for status: ContainerStatus) -> [ControlSlot: SlotLayout] { layouts[status] ?? [:] }
}
