import ReelComposable
import ReelCore

/// What a widget sees while it is measured, drawn or handles input: a snapshot of the player's
/// state, the container's status and clock, the services, the theme, and ways to act.
@MainActor
public struct WidgetContext {
    /// The player's state when the snapshot was taken.
    public let state: PlayerFeature.State
    /// The container's status.
    public let status: ContainerStatus
    /// The latest input time in seconds.
    public let time: Double
    /// The whole container.
    public let bounds: Rect
    /// The video area: the bounds less any squeezing feature panel.
    public let contentFrame: Rect
    /// Colours, fonts and sizes.
    public let theme: Theme
    /// The player's services.
    public let services: Context
    private let measurer: @MainActor (String, Font) -> Size

    /// Creates a context; `measureText` measures one line of text (the canvas's, when drawing).
    public init(
        services: Context, contentFrame: Rect, measureText: @escaping @MainActor (String, Font) -> Size
    ) {
        state = services.state
        status = services.status
        time = services.now
        bounds = services.bounds
        self.contentFrame = contentFrame
        theme = services.configuration.theme
        self.services = services
        measurer = measureText
    }

    /// The size one line of `text` takes in `font`.
    public func measureText(_ text: String, font: Font) -> Size { measurer(text, font) }

    /// The texts to show, in the container's language (``ContainerConfiguration/strings``).
    public var strings: ContainerStrings { services.configuration.strings }

    /// Whether nothing is loaded or queued: there is nothing to play (the large play button
    /// hides, a window's ``DropHint`` shows).
    public var hasNothingToPlay: Bool { state.playback.status == .idle && state.queue.isEmpty }

    /// The single instance of a service.
    public subscript<S: Service>(_ type: S.Type) -> S { services[type] }

    /// Sends an action to the player's store.
    public func send(_ action: PlayerFeature.Action) { services.send(action) }

    /// Performs a container action.
    public func perform(_ action: ContainerAction) { services.perform(action) }

    /// An estimate of text size without a canvas: 7 logical pixels per character at 14 points.
    public static func estimatedTextSize(_ text: String, font: Font) -> Size {
        Size(width: Double(text.count) * 7 * font.size / 14, height: font.size * 1.3)
    }
}
