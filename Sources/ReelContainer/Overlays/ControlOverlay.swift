import ReelComposable
import ReelCore

/// The controls: widgets in eight slots per status, coming and going per region (each with its
/// ``Transition``), shown and hidden by the display style, taps, hover, the auto-hide countdown
/// and code.
///
/// ```swift
/// let controls = context[ControlOverlay.self]
/// context.send(.controls(.showRequested))   // the one way to show them; the overlay follows
/// controls.displayStyle = .manual
/// controls.configuration.setWidgets([SkipIntroButton()], in: .right)
/// ```
///
/// ## Who owns what
/// Whether the controls are shown is one fact, `PlayerFeature.State.controlsVisible`, kept by
/// the store, and the player's `.controls(.showRequested)` / `.controls(.hideRequested)` are the one way to change it:
/// an app, a parent feature, a widget and the overlay itself (taps, ``pointerActivity()``, the
/// countdown) all send them. ``ContainerAction/toggleControls`` is a tap's meaning, which the
/// display style decides. The transitions follow the state, retargeted the next time the
/// overlay is updated, drawn or asked for an opacity, so a `.controls(.hideRequested)` from outside takes
/// the controls away like a tap would, and controls shown by anyone start a full countdown.
/// The display style is enforced here: ``DisplayStyle/never`` sends `.controls(.hideRequested)` whenever
/// the state says shown, and ``DisplayStyle/always`` sends `.controls(.showRequested)` whenever it says
/// hidden (``isPresented`` says what the style lets show meanwhile); an app's ``DisplayPolicy``
/// is asked on taps, hover and every update, and its answer sent.
///
/// ## Auto-hide
/// With ``DisplayStyle/auto(hideAfter:)`` the overlay owns the countdown, measured in input
/// times: any input re-arms it, and it only runs while the player is playing and not scrubbing
/// (otherwise it is re-armed at every event), so paused, buffering or failed players keep their
/// controls. Controls shown by anyone start a full countdown.
///
/// ## Motion
/// Each region has a tween from hidden (0) to shown (1), retargeted when the state changes
/// and timed by the region's transition for the current status; the regions are drawn as they
/// look on the way (faded, slid, scaled), with their scrims and the ``ControlConfiguration/dimming``
/// fading along. Once every tween has arrived, ``isAnimating(context:)`` is false and the host
/// stops drawing.
///
/// ## Opacity
/// ``setOpacity(_:animation:)`` fades the whole overlay — every region, scrim, the dimming and the
/// focus ring — to a share of how it would look (VideoPlayerContainer's `opacity(_:animation:)`):
/// controls made faint while something else has the viewer's attention. It is not hiding: the
/// controls still take input; `.controls(.hideRequested)` hides them.
@MainActor
public final class ControlOverlay: Service, Overlay {
    private weak var context: Context?
    /// The widgets per slot and status, insets, scrims, dimming, transitions and slot layouts.
    public var configuration: ControlConfiguration {
        didSet {
            layoutIsStale = true
            enforceDisplayStyle()
        }
    }
    /// Whether the controls are shown (or fading in): the store's
    /// `PlayerFeature.State.controlsVisible`, as the display style lets it show
    /// (``DisplayStyle/always`` shows them, ``DisplayStyle/never`` hides them, until the state is
    /// put right at the next update). Opacity follows in ``opacity(of:)``.
    public var isPresented: Bool { target }

    /// The store's word.
    private var isVisibleInState: Bool { context?.state.controlsVisible ?? false }
    /// The layout of the last draw (or of the last ``relayout(context:)``).
    public private(set) var layout = ControlLayout.empty
    /// How shown each region is: 0 hidden … 1 shown, on its way.
    private var visibility: [ControlRegion: Tween] = [:]
    /// What the tweens head for: shown (1) or hidden (0).
    private var visibilityTarget = false
    /// The whole overlay's opacity on its way (``setOpacity(_:animation:)``).
    private var overallOpacity = Tween.constant(1)
    private var armedAt = 0.0
    private var layoutIsStale = true
    private var owner: ControlLayout.Item?

    /// Creates the overlay from the context's configuration.
    public init(context: Context) {
        self.context = context
        configuration = context.configuration.controls
        armedAt = context.now
        if !configuration.showsOnAppearance, isVisibleInState, displayStyle != .always {
            context.send(.controls(.hideRequested))
        }
        visibilityTarget = target
        for region in ControlRegion.allCases { visibility[region] = .constant(visibilityTarget ? 1 : 0) }
    }

    /// Brings the store's state in line with the display style.
    public func start() { enforceDisplayStyle() }

    /// Drops the pointer capture.
    public func stop() { owner = nil }

    /// When the controls show.
    public var displayStyle: DisplayStyle {
        get { configuration.displayStyle }
        set { configuration.displayStyle = newValue }
    }

    private var now: Double { context?.now ?? 0 }

    /// The opacity of `region` now, 0…1 (a region whose transition only slides is opaque on
    /// its way).
    public func opacity(of region: ControlRegion) -> Double {
        followState()
        guard let tween = visibility[region] else { return 0 }
        guard tween.value(at: now) > 0 || tween.isRunning(at: now) else { return 0 }
        return transition(for: region).opacity(tween, at: now)
    }

    private func transition(for region: ControlRegion) -> Transition {
        configuration.transition(for: region, in: context?.status ?? .inline)
    }

    /// The whole overlay's opacity, 0…1, as last set (it may still be fading there).
    public var opacity: Double { overallOpacity.to }

    /// Fades the whole overlay to `opacity` (clamped to 0…1) with `animation`, at once without
    /// one. The regions keep their own transitions inside it.
    public func setOpacity(_ opacity: Double, animation: Animation? = .default) {
        let target = opacity.isFinite ? min(1, max(0, opacity)) : 1
        guard target != overallOpacity.to else { return }
        overallOpacity =
            if let animation {
                Tween(from: overallOpacity.value(at: now), to: target, start: now, animation: animation)
            } else {
                .constant(target)
            }
        context?.setNeedsDisplay()
    }

    /// `canvas` at the whole overlay's opacity now; nil while it is 0.
    private func fadedCanvas(_ canvas: any Canvas, at time: Double) -> (any Canvas)? {
        let share = min(1, max(0, overallOpacity.value(at: time)))
        guard share > 0 else { return nil }
        return share < 1 ? FadingCanvas(canvas, opacity: share) : canvas
    }

    /// Shows the controls (not with ``DisplayStyle/never``) and re-arms the countdown.
    func present() {
        armedAt = now
        if displayStyle != .never, !isVisibleInState { context?.send(.controls(.showRequested)) }
        followState()
    }

    /// Hides the controls (not with ``DisplayStyle/always``).
    func dismiss() {
        if displayStyle != .always, isVisibleInState { context?.send(.controls(.hideRequested)) }
        followState()
    }

    /// Follows a `.controls(.showRequested)` or `.controls(.hideRequested)` sent through the container at once: the
    /// display style is applied and the countdown re-armed now, not at the next update.
    func followStore() { enforceDisplayStyle() }

    /// A tap on the video (``ContainerAction/toggleControls``): what the display style decides
    /// (the auto and manual styles toggle; always, never and custom do nothing).
    func toggle() { apply(decision(on: .tap)) }

    /// Input happened: re-arms the auto-hide countdown.
    public func interacted() { armedAt = now }

    /// The pointer moved over the video: what the display style decides (the auto style shows
    /// the controls).
    public func pointerActivity() {
        interacted()
        apply(decision(on: .hover))
    }

    /// What the display style decides on `event` now.
    private func decision(on event: DisplayPolicy.Event) -> DisplayPolicy.Decision? {
        let state = context?.state ?? PlayerFeature.State()
        let situation = DisplayPolicy.Situation(
            isPresented: isVisibleInState, state: state, idleTime: isLeftAlone(state) ? max(0, now - armedAt) : 0,
            time: now)
        return displayStyle.decision(on: event, in: situation)
    }

    /// Whether the controls are left alone over playing video: the player plays, no scrub runs
    /// and no control holds the pointer. Only then does the idle time (the auto-hide countdown)
    /// run; otherwise it starts again.
    private func isLeftAlone(_ state: PlayerFeature.State) -> Bool {
        state.playerState == .playing && state.scrub == nil && owner == nil
    }

    /// Shows or hides the controls as `decision` says; returns whether anything changed.
    @discardableResult
    private func apply(_ decision: DisplayPolicy.Decision?) -> Bool {
        switch decision {
        case .show where !isVisibleInState: present()
        case .hide where isVisibleInState: dismiss()
        default: return followState()
        }
        return true
    }

    /// The frames of `slot`'s widgets in the current layout.
    public func frames(in slot: ControlSlot) -> [Rect] { layout.frames(in: slot) }

    /// What the controls should show as: the state, unless the display style overrules it
    /// (until ``enforceDisplayStyle()`` has put the state right).
    private var target: Bool {
        switch displayStyle {
        case .always: true
        case .never: false
        case .auto, .manual, .custom, .policy: isVisibleInState
        }
    }

    /// Retargets the tweens when the state (or the display style) has moved away from what they
    /// head for: shown controls re-arm the countdown, hidden ones drop the pointer capture.
    /// Returns whether anything changed.
    @discardableResult
    private func followState() -> Bool {
        let shown = target
        guard shown != visibilityTarget else { return false }
        visibilityTarget = shown
        for region in ControlRegion.allCases {
            let tween = visibility[region] ?? .constant(shown ? 0 : 1)
            visibility[region] = tween.retargeted(
                to: shown ? 1 : 0, at: now, animation: transition(for: region).animation(towards: shown))
        }
        if shown { armedAt = now } else { owner = nil }
        context?.setNeedsDisplay()
        return true
    }

    /// Sends what the display style decides at an update when the state disagrees
    /// (``DisplayStyle/never`` hides, ``DisplayStyle/always`` shows, the auto style's countdown
    /// hides, a policy says), then follows the state.
    @discardableResult
    private func enforceDisplayStyle() -> Bool {
        let followed = followState()
        return apply(decision(on: .update)) || followed
    }

    // MARK: - Layout

    /// Lays the widgets of the current status out in the video area less the status's insets.
    public func relayout(context: WidgetContext) {
        var slots: [ControlSlot: [ControlLayout.Measured]] = [:]
        for slot in ControlSlot.allCases {
            slots[slot] = configuration.widgets(in: slot, for: context.status)
                .filter { $0.isVisible(in: context) }
                .map { ControlLayout.Measured(widget: $0, size: $0.measure(in: context), isFlexible: $0.isFlexible) }
        }
        let area = context.contentFrame.inset(by: configuration.insets(for: context.status))
        layout = ControlLayout(
            area: area, slots: slots, spacing: configuration.spacing, rowSpacing: configuration.rowSpacing,
            layouts: configuration.layouts(for: context.status))
        layoutIsStale = false
    }

    /// Marks the layout stale (the status or size changed); the next input or draw lays out again.
    public func invalidateLayout() { layoutIsStale = true }

    // MARK: - Overlay

    /// Draws the dimming, then each region as it looks on its way: its scrim (fading) first,
    /// then its widgets (faded, slid, scaled).
    public func draw(in canvas: any Canvas, context: WidgetContext) {
        followState()
        relayout(context: context)
        let time = context.time
        guard let canvas = fadedCanvas(canvas, at: time) else { return }
        let shown = ControlRegion.allCases.map { min(1, max(0, visibility[$0]?.value(at: time) ?? 0)) }
        if let dimming = configuration.dimming, let strongest = shown.max(), strongest > 0 {
            canvas.fill(context.contentFrame, color: dimming.opacity(dimming.alpha * strongest))
        }
        for (region, amount) in zip(ControlRegion.allCases, shown) {
            guard amount > 0, let frame = layout.frame(of: region) else { continue }
            if let scrim = configuration.scrim(for: region) {
                FadingCanvas(canvas, opacity: amount).fillGradient(
                    scrimRect(region, frame, scrim, context), top: scrim.top, bottom: scrim.bottom)
            }
            guard let moving = regionCanvas(region, over: canvas, context: context) else { continue }
            draw(region, in: moving, context: context)
        }
    }

    /// Draws `region`'s widgets into `canvas`.
    private func draw(_ region: ControlRegion, in canvas: any Canvas, context: WidgetContext) {
        for slot in region.slots {
            for item in layout.items[slot] ?? [] {
                item.widget.draw(in: canvas, frame: item.frame, context: context)
            }
        }
    }

    /// `canvas` as `region` looks on its way now (faded, slid, scaled by its transition, inside
    /// the whole overlay's opacity), for what is drawn with it (the focus ring); nil while the
    /// region is hidden.
    func canvas(for region: ControlRegion, over canvas: any Canvas, context: WidgetContext) -> (any Canvas)? {
        followState()
        guard let faded = fadedCanvas(canvas, at: context.time) else { return nil }
        return regionCanvas(region, over: faded, context: context)
    }

    /// `canvas` as `region`'s transition draws it now; nil while its share is 0.
    private func regionCanvas(_ region: ControlRegion, over canvas: any Canvas, context: WidgetContext) -> (any Canvas)?
    {
        let time = context.time
        guard let tween = visibility[region], tween.value(at: time) > 0, let frame = layout.frame(of: region)
        else { return nil }
        return transition(for: region).canvas(over: canvas, tween, at: time, frame: frame, area: context.contentFrame)
    }

    private func scrimRect(_ region: ControlRegion, _ frame: Rect, _ scrim: Scrim, _ context: WidgetContext) -> Rect {
        let content = context.contentFrame
        let grown = frame.expanded(by: scrim.extent)
        let rect: Rect =
            switch region {
            case .top: Rect(x: content.minX, y: content.minY, width: content.width, height: grown.maxY - content.minY)
            case .bottom: Rect(x: content.minX, y: grown.minY, width: content.width, height: content.maxY - grown.minY)
            case .left: Rect(x: content.minX, y: grown.minY, width: grown.maxX - content.minX, height: grown.height)
            case .right: Rect(x: grown.minX, y: grown.minY, width: content.maxX - grown.minX, height: grown.height)
            case .center: grown
            }
        return rect.intersection(content)
    }

    /// Routes pointer input to the widget under the pointer, or to the one that captured it.
    public func handle(_ event: InputEvent, context: WidgetContext) -> Bool {
        if layoutIsStale { relayout(context: context) }
        switch event {
        case .pointerDown(let point, _, _):
            guard isPresented else { return false }
            for item in layout.allItems.reversed().map(\.item) where item.frame.contains(point) {
                if item.widget.handle(event, in: item.frame, context: context) {
                    owner = item
                    return true
                }
            }
            return false
        case .pointerMoved:
            if let owner { return owner.widget.handle(event, in: owner.frame, context: context) }
            guard isPresented else { return false }
            for item in layout.allItems.map(\.item) { _ = item.widget.handle(event, in: item.frame, context: context) }
            return false
        case .pointerExited:
            owner = nil
            for item in layout.allItems.map(\.item) { _ = item.widget.handle(event, in: item.frame, context: context) }
            return false
        case .pointerUp:
            guard let owner else { return false }
            self.owner = nil
            _ = owner.widget.handle(event, in: owner.frame, context: context)
            return true
        case .scroll(_, _, let point, _):
            guard isPresented else { return false }
            return layout.allItems.map(\.item).contains {
                $0.frame.contains(point) && $0.widget.handle(event, in: $0.frame, context: context)
            }
        case .keyDown, .keyUp, .tick, .magnify, .drop:
            return false
        }
    }

    /// Re-arms the countdown while the controls are not left alone over playing video, enforces
    /// the display style (the auto-hide countdown among it), follows the state, and runs the
    /// widgets' timers.
    public func update(context: WidgetContext) -> Bool {
        if !isLeftAlone(context.state) { armedAt = context.time }
        var changed = enforceDisplayStyle()
        for item in layout.allItems.map(\.item) where item.widget.update(in: context) { changed = true }
        return changed
    }

    /// When the auto style's countdown hides the controls (only while they sit over playing
    /// video), a ``DisplayStyle/policy(_:)`` is asked again (every quarter second while the
    /// player plays), or a widget's timer falls due (the seek bar's keyboard seek).
    public func nextUpdate(context: WidgetContext) -> Double? {
        var times = layout.allItems.map { $0.item.widget.nextUpdate(in: context) }
        switch displayStyle {
        case .auto(let delay) where isPresented && isLeftAlone(context.state):
            times.append(armedAt + delay)
        case .policy where context.state.playerState == .playing:
            times.append(context.time + Self.policyInterval)
        default:
            break
        }
        return Timing.earliest(times)
    }

    /// How often a ``DisplayStyle/policy(_:)`` is asked while the player plays and nothing else
    /// happens: its idle time runs then, and the policy may hide the controls on it.
    static let policyInterval = 0.25

    /// Whether a region is on its way in or out, or a shown widget animates.
    public func isAnimating(context: WidgetContext) -> Bool {
        followState()
        if overallOpacity.isRunning(at: context.time) { return true }
        if visibility.values.contains(where: { $0.isRunning(at: context.time) }) { return true }
        guard isPresented else { return false }
        return layout.allItems.contains { $0.item.widget.isAnimating(in: context) }
    }
}
