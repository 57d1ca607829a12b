import Foundation
import ReelCore

extension PlayerFeature {
    /// What the play button shows.
    public enum PlayButton: String, Equatable, Sendable {
        /// Tapping plays.
        case play
        /// Tapping pauses.
        case pause
        /// Tapping plays the ended item again from the start.
        case replay
    }

    /// The feature's state.
    public struct State: Equatable, Sendable {
        /// Everything known about playback (issue #2's reducer keeps it).
        public var playback = PlaybackInfo()
        /// The playback position as the player shows it: refreshed by ``Action/timerTicked`` (four times a
        /// second while playing) and at every discontinuity (seek, rate change, new item), so
        /// observing it is the way to follow time. Read ``/ReelCore/PlaybackInfo/position(at:)`` when drawing
        /// a frame.
        public var elapsedTime: TimeInterval = 0
        /// The scrub in progress, if any.
        public var scrub: Scrub?
        /// Whether the controls are shown. The feature has no timer of its own: a host (the
        /// container's control overlay, with its display style and auto-hide countdown) or an
        /// app sends ``ControlsAction/showRequested`` and ``ControlsAction/hideRequested``, and every view follows.
        public var controlsVisible = true
        /// The last command the engine refused (or the feature, for a presentation no window can
        /// show); cleared by the next command.
        public var commandError: PlayerError?
        /// How many commands were refused so far: a new refusal changes it even when the error
        /// repeats.
        public var refusalCount = 0
        /// How the video is shown. A window follows it and reports what changed by itself
        /// (``PresentationAction/changed(_:pictureInPicturePossible:)``); ``/ReelCore/Presentation/none``
        /// while nothing shows the video.
        public var presentation = Presentation.none
        /// Whether the window that shows the video can show picture in picture now.
        public var isPictureInPicturePossible = false
        /// The interruption in progress and the policy for its end.
        public var interruption = Interruption()
        /// The items to play, the current one, repeat and shuffle. ``QueueAction/loadRequested(_:autoplay:reason:)``
        /// makes a queue of one item; ``Action/queue(_:)`` edits it and moves through it.
        public var queue = PlayQueue()
        /// The entry the engine was asked to open next (``/ReelCore/EngineCommand/prepareNext(_:)``),
        /// so that it follows the current one without a gap; nil when none is queued.
        public var preparedNext: PreparedNext?
        /// The reloads of a live stream that ran dry (``LiveReload``).
        public var liveReloads = LiveReloads()
        /// Whether playback only goes forward at its own pace (AVPlayerViewController's
        /// `requiresLinearPlayback`, MPlayerKit's linear playback): seeks, skips, scrubs, frame
        /// steps, the A-B loop and the jump to a live edge are ignored, wherever they come from
        /// (the seek bar, keys, drags, the wheel, MPRIS, the app). Set with
        /// ``TransportAction/linearPlaybackChanged(_:)``.
        public var requiresLinearPlayback = false

        /// Creates the state of an empty player with controls shown.
        public init() {}

        /// The player's state with its reason.
        public var playerState: PlayerState { playback.playerState }

        /// What repeats: the current item (the engine loops it, ``/ReelCore/PlaybackInfo/loop``), the
        /// whole queue (``/ReelCore/PlayQueue/repeatsAll``), or nothing.
        public var repeatMode: RepeatMode {
            if playback.loop == .item { return .one }
            return queue.repeatsAll ? .all : .off
        }

        /// Whether ``QueueAction/nextRequested`` moves to another item.
        public var canGoNext: Bool { queue.hasNext }
        /// Whether ``QueueAction/previousRequested`` moves to another item (it restarts the current one
        /// otherwise).
        public var canGoPrevious: Bool { queue.hasPrevious }

        /// The item, while it waits in a way its ``ReadinessDeadline`` bounds: opening, or
        /// stalled (buffering or seeking while it should play). Nil otherwise.
        var waitingItem: (id: ItemID, item: MediaItem)? {
            guard playback.isWaiting, let id = playback.itemID, let item = playback.item else { return nil }
            return (id, item)
        }

        /// The time the labels and seek bar show: the scrub position while scrubbing, else
        /// ``elapsedTime``.
        public var seekBarPosition: TimeInterval { scrub?.position ?? elapsedTime }

        private var showsHours: Bool { (playback.duration ?? seekBarPosition) >= 3600 }

        /// Whether the item has no known end (live).
        public var isLive: Bool { playback.isLive || (playback.status == .ready && playback.duration == nil) }

        /// The current time: `m:ss` or `h:mm:ss`.
        public var currentLabel: String { TimeLabel.format(seekBarPosition, withHours: showsHours) }

        /// The time left, with a minus sign; "LIVE" for live items, "--:--" while unknown.
        public var remainingLabel: String { remainingLabel(live: "LIVE") }

        /// The time left, with a minus sign; `live` for live items (a window passes its own
        /// language's word), "--:--" while unknown.
        public func remainingLabel(live: String) -> String {
            guard let duration = playback.duration else { return isLive ? live : "--:--" }
            return "-" + TimeLabel.format(duration - seekBarPosition, withHours: showsHours)
        }

        /// The duration; "LIVE" for live items, "--:--" while unknown.
        public var durationLabel: String { durationLabel(live: "LIVE") }

        /// The duration; `live` for live items, "--:--" while unknown.
        public func durationLabel(live: String) -> String {
            guard let duration = playback.duration else { return isLive ? live : "--:--" }
            return TimeLabel.format(duration, withHours: showsHours)
        }

        /// How far along the seek bar the knob is, 0…1; nil without a duration (or a live window).
        public var progress: Double? {
            guard let range = seekRange, range.end > range.start else { return nil }
            return min(1, max(0, (seekBarPosition - range.start) / (range.end - range.start)))
        }

        /// How far along the seek bar the buffered part reaches, 0…1; nil when unknown.
        public var bufferedFraction: Double? {
            guard let duration = playback.duration, duration > 0,
                let end = playback.bufferedRanges.first(where: { $0.contains(elapsedTime) })?.end
            else { return nil }
            return min(1, max(0, end / duration))
        }

        /// The play button's icon.
        public var playButton: PlayButton {
            if playback.status == .ended { return .replay }
            return playback.intent.playWhenReady ? .pause : .play
        }

        /// The message to show for a failure, if any.
        public var errorMessage: String? {
            if case .failed(let error) = playback.status { return error.message }
            return commandError?.message
        }
    }
}

extension PlayerFeature.State {
    /// `time` kept within the item: a live stream's window, or zero to the duration.
    func clamped(_ time: TimeInterval) -> TimeInterval {
        if let window = playback.liveWindow {
            return min(window.end, max(window.start, time.isFinite ? time : window.end))
        }
        let lower = max(0, time.isFinite ? time : 0)
        return playback.duration.map { min(lower, $0) } ?? lower
    }
}
