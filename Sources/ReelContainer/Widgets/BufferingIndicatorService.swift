import ReelComposable
import ReelCore

/// Decides when the buffering spinner shows: while the player buffers for a reason worth a
/// spinner (a stall, a seek, unknown — not while opening an item or with nothing loaded), once
/// that has lasted ``delay`` seconds of input time.
@MainActor
public final class BufferingIndicatorService: Service {
    private weak var context: Context?
    /// Seconds of buffering before the spinner shows.
    public var delay: Double
    /// Whether the spinner shows.
    public private(set) var isVisible = false
    private var since: Double?

    /// Creates the service with the configured delay.
    public init(context: Context) {
        self.context = context
        delay = context.configuration.bufferingIndicatorDelay
    }

    /// Forgets the buffering in progress.
    public func stop() {
        since = nil
        isVisible = false
    }

    /// Whether `state` is worth a spinner (once the delay has passed).
    public static func wantsSpinner(_ state: PlayerState) -> Bool {
        guard case .buffering(let reason) = state else { return false }
        switch reason {
        case .toMinimizeStalls, .seeking, .unknown: return true
        case .evaluatingBufferRate, .noItemToPlay: return false
        }
    }

    /// When the spinner shows if the buffering goes on (input time); nil while it shows or
    /// nothing buffers.
    public var showsAt: Double? {
        guard let since, !isVisible else { return nil }
        return since + delay
    }

    /// Looks at `state` at `time`; true when ``isVisible`` changed.
    public func update(state: PlayerFeature.State, time: Double) -> Bool {
        let wasVisible = isVisible
        if Self.wantsSpinner(state.playerState) {
            let start = since ?? time
            since = start
            isVisible = Timing.hasElapsed(delay, since: start, at: time)
        } else {
            since = nil
            isVisible = false
        }
        return isVisible != wasVisible
    }
}
