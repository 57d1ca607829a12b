import Foundation
import NIOConcurrencyHelpers
import ReelCore

/// A scriptable ``/ReelCore/PlaybackEngine`` for tests: it answers commands the way libmpv does, on a
/// virtual timeline that only moves when the test calls ``advance(by:)``.
///
/// ```swift
/// let engine = FakeEngine()
/// let player = Player(engine: engine)
/// try player.load(MediaItem(url: URL(string: "https://example.test/a.mp4")!))
/// engine.advance(by: 10)          // plays to the end of the default 2 s media
/// engine.stall()                  // paused-for-cache: buffering(toMinimizeStalls)
/// engine.fail(PlayerError(.httpStatus(404)))
/// ```
///
/// ## Behaviour
/// A load answers at once with `itemStarted`, the media's properties, `itemLoaded` and
/// `playbackRestarted`, unless ``setFailure(_:for:)`` set an error for the address or ``holdLoads`` is
/// set. Pause, speed, volume, mute, loop and track selection are echoed as property changes; a
/// seek answers with `seekStarted`, a position and `playbackRestarted`. ``sentCommands``
/// records everything accepted.
///
/// ## Limits
/// Nothing is decoded; time moves only through ``advance(by:)``; position samples carry
/// ``/ReelCore/HostTime/now``. It is thread-safe but answers synchronously inside ``send(_:)``.
public final class FakeEngine: PlaybackEngine {
    /// What the fake plays for an address.
    public struct Media: Sendable, Hashable {
        /// Seconds; nil plays as live.
        public var duration: TimeInterval?
        /// The tracks; the first of each kind is selected.
        public var tracks: [Track]
        /// Chapters.
        public var chapters: [Chapter]
        /// Picture geometry.
        public var video: VideoGeometry?

        /// Creates media.
        public init(
            duration: TimeInterval? = 2, tracks: [Track] = Media.defaultTracks, chapters: [Chapter] = [],
            video: VideoGeometry? = VideoGeometry(width: 320, height: 240)
        ) {
            self.duration = duration
            self.tracks = tracks
            self.chapters = chapters
            self.video = video
        }

        /// One video track and two audio tracks (eng, ger) and one subtitle track (eng).
        public static let defaultTracks = [
            Track(id: 1, kind: .video, codec: "h264", isDefault: true, width: 320, height: 240, frameRate: 30),
            Track(
                id: 1, kind: .audio, codec: "aac", language: "eng", isDefault: true, channelCount: 1, sampleRate: 48000),
            Track(id: 2, kind: .audio, codec: "aac", language: "ger", channelCount: 1, sampleRate: 48000),
            Track(id: 1, kind: .subtitle, codec: "subrip", language: "eng"),
        ]
    }

    private struct State {
        var alive = true
        var commands: [EngineCommand] = []
        var media: [URL: Media] = [:]
        var failures: [URL: PlayerError] = [:]
        var holdLoads = false
        var current: (id: ItemID, media: Media)?
        var position: TimeInterval = 0
        var paused = true
        var speed = 1.0
        var ended = false
        var loop: LoopMode = .off
        /// The item queued with `prepareNext`.
        var prepared: LoadRequest?
        var tracks: [Track] = []
    }

    /// A new subscription to the engine's events; each read subscribes anew (see
    /// ``/ReelCore/EngineEventBroadcast``: the first subscription also gets what was emitted before it).
    public var events: AsyncStream<EngineEvent> { broadcast.subscribe() }
    /// ``events`` with the host time each event was observed at.
    public var timedEvents: AsyncStream<TimedEngineEvent> { broadcast.subscribeTimed() }
    /// Which addresses the fake accepts.
    public let urlPolicy: URLPolicy
    private let broadcast = EngineEventBroadcast()
    private let state = NIOLockedValueBox(State())

    /// Creates a fake engine with a URL policy (default: ``/ReelCore/URLPolicy/standard``).
    public init(urlPolicy: URLPolicy = .standard) {
        self.urlPolicy = urlPolicy
        emit(.property(.paused(true)))
        emit(.property(.speed(1)))
        emit(.property(.volume(1)))
        emit(.property(.muted(false)))
    }

    /// Ends every subscription, so that a consumer still waiting on one (such as a `Player` that
    /// was never shut down) finishes instead of waiting forever — LeakSanitizer found those tasks.
    deinit { broadcast.finish() }

    // MARK: - Scripting

    /// Every command accepted so far.
    public var sentCommands: [EngineCommand] { state.withLockedValue { $0.commands } }

    /// Sets what an address plays (default: ``Media/init(duration:tracks:chapters:video:)``).
    public func setMedia(_ media: Media, for url: URL) { state.withLockedValue { $0.media[url] = media } }

    /// Makes loads of `url` fail with `error` after they start.
    public func setFailure(_ error: PlayerError?, for url: URL) { state.withLockedValue { $0.failures[url] = error } }

    /// When true, loads stop after `itemStarted` until ``finishLoading()``.
    public var holdLoads: Bool {
        get { state.withLockedValue { $0.holdLoads } }
        set { state.withLockedValue { $0.holdLoads = newValue } }
    }

    /// Emits any event to every subscriber, as if the engine had.
    public func emit(_ event: EngineEvent) { broadcast.yield(event) }

    /// Emits `event` as observed at `time` (``/ReelCore/PlaybackEngine/timedEvents``): events that happened
    /// apart but reach the player together.
    public func emit(_ event: EngineEvent, at time: HostTime) { broadcast.yield(event, at: time) }

    /// Finishes a held load: properties, `itemLoaded`, `playbackRestarted`.
    public func finishLoading() {
        let current = state.withLockedValue { $0.current }
        guard let current else { return }
        announce(current.media, id: current.id)
    }

    /// Moves the virtual timeline by `seconds` of host time; at the end of the media it reports
    /// the end the way libmpv does with `keep-open`.
    public func advance(by seconds: TimeInterval) {
        let following: (ended: ItemID, next: LoadRequest)? = state.withLockedValue { state in
            guard let current = state.current, !state.paused, !state.ended, state.loop != .item,
                let duration = current.media.duration, state.position + seconds * state.speed >= duration,
                let prepared = state.prepared
            else { return nil }
            state.prepared = nil
            return (current.id, prepared)
        }
        if let following {
            // As libmpv with a queued entry: the item ends, the queued one starts, still playing.
            emit(.itemEnded(following.ended, .endOfMedia))
            start(following.next)
            return
        }
        let result: (position: TimeInterval, ended: Bool)? = state.withLockedValue { state in
            guard let current = state.current, !state.paused, !state.ended else { return nil }
            var next = state.position + seconds * state.speed
            if let duration = current.media.duration, next >= duration {
                if state.loop == .item {
                    next = next.truncatingRemainder(dividingBy: duration)
                } else {
                    next = duration
                    state.ended = true
                    state.paused = true
                }
            }
            state.position = next
            return (next, state.ended)
        }
        guard let result else { return }
        emit(.property(.position(result.position, at: .now)))
        if result.ended {
            emit(.property(.endReached(true)))
            emit(.property(.paused(true)))
        }
    }

    /// Starts a network stall (`paused-for-cache`).
    public func stall(progress: Double? = 0) {
        emit(.property(.pausedForCache(true)))
        emit(.property(.bufferingProgress(progress)))
    }

    /// Ends a stall.
    public func resumeFromStall() {
        emit(.property(.bufferingProgress(nil)))
        emit(.property(.pausedForCache(false)))
    }

    /// Fails the current item with `error`.
    public func fail(_ error: PlayerError) {
        let id = state.withLockedValue { state -> ItemID? in
            defer { state.current = nil }
            return state.current?.id
        }
        if let id { emit(.itemEnded(id, .failed(error))) }
    }

    // MARK: - PlaybackEngine

    /// Accepts a command and answers it the way libmpv would.
    public func send(_ command: EngineCommand) throws(PlayerError) {
        try state.withLockedValue { state in
            Result { () throws(PlayerError) in
                guard state.alive else { throw PlayerError(.engineGone) }
                try validate(command)
                state.commands.append(command)
            }
        }.get()
        switch command {
        case .load(let request):
            state.withLockedValue { $0.prepared = nil }
            load(request)
        case .prepareNext(let request):
            state.withLockedValue { $0.prepared = request }
        case .playPrepared:
            let following: (ended: ItemID?, next: LoadRequest)? = state.withLockedValue { state in
                guard let prepared = state.prepared else { return nil }
                state.prepared = nil
                return (state.current?.id, prepared)
            }
            guard let following else { break }
            if let ended = following.ended { emit(.itemEnded(ended, .stopped)) }
            start(following.next)
        case .stop:
            state.withLockedValue { $0.prepared = nil }
            let previous = state.withLockedValue { state -> ItemID? in
                defer { state.current = nil }
                return state.current?.id
            }
            if let previous { emit(.itemEnded(previous, .stopped)) }
        case .play, .pause:
            let paused = command == .pause
            let changed = state.withLockedValue { state in
                defer { state.paused = paused }
                return state.paused != paused
            }
            if changed { emit(.property(.paused(paused))) }
        case .seek(let target, _):
            let position: TimeInterval? = state.withLockedValue { state in
                guard let current = state.current else { return nil }
                let goal =
                    switch target {
                    case .absolute(let time): time
                    case .relative(let delta): state.position + delta
                    }
                state.position = min(max(0, goal), current.media.duration ?? .infinity)
                let wasEnded = state.ended
                state.ended = false
                return wasEnded ? -state.position - 1 : state.position
            }
            guard var position else { return }
            emit(.seekStarted)
            if position < 0 {
                position = -position - 1
                emit(.property(.endReached(false)))
            }
            emit(.property(.position(position, at: .now)))
            emit(.playbackRestarted)
        case .setSpeed(let speed):
            state.withLockedValue { $0.speed = speed }
            emit(.property(.speed(speed)))
        case .setVolume(let volume): emit(.property(.volume(volume)))
        case .setMuted(let muted): emit(.property(.muted(muted)))
        case .setSubtitleMargin: break
        case .setLoop(let loop):
            state.withLockedValue { $0.loop = loop }
            emit(.property(.loop(loop)))
        case .setABLoop(let loop): emit(.property(.abLoop(loop)))
        case .setVideoFraming, .setVideoAdjustments, .setAudioDelay, .setSubtitleDelay, .setPitchCorrection,
            .screenshot, .setStreamingQuality, .setAudioDevice, .setSubtitleStyle, .setBufferingPolicy,
            .reportStatistics:
            break
        case .selectSecondarySubtitle(let id):
            let tracks = state.withLockedValue { state in
                for index in state.tracks.indices where state.tracks[index].kind == .subtitle {
                    state.tracks[index].isSecondarySelected = state.tracks[index].id == id
                }
                return state.tracks
            }
            emit(.property(.tracks(tracks)))
        case .stepFrame(let forward):
            // One frame at 30 fps, paused, as libmpv does.
            let (position, paused) = state.withLockedValue { state -> (TimeInterval?, Bool) in
                guard let current = state.current else { return (nil, false) }
                let wasPaused = state.paused
                state.paused = true
                state.position = min(
                    max(0, state.position + (forward ? 1 : -1) / 30), current.media.duration ?? .infinity)
                return (state.position, !wasPaused)
            }
            if paused { emit(.property(.paused(true))) }
            if let position {
                emit(.seekStarted)
                emit(.property(.position(position, at: .now)))
                emit(.playbackRestarted)
            }
        case .selectTrack(let kind, let id):
            let tracks = state.withLockedValue { state in
                for index in state.tracks.indices where state.tracks[index].kind == kind {
                    state.tracks[index].isSelected = state.tracks[index].id == id
                }
                return state.tracks
            }
            emit(.property(.tracks(tracks)))
        case .addSubtitle(let subtitle):
            let tracks = state.withLockedValue { state in
                let next = (state.tracks.filter { $0.kind == .subtitle }.map(\.id).max() ?? 0) + 1
                for index in state.tracks.indices where state.tracks[index].kind == .subtitle {
                    state.tracks[index].isSelected = false
                }
                state.tracks.append(
                    Track(
                        id: next, kind: .subtitle, codec: "subrip", language: subtitle.language, title: subtitle.title,
                        isExternal: true, isSelected: true))
                return state.tracks
            }
            emit(.property(.tracks(tracks)))
        }
    }

    /// Reports ``/ReelCore/EngineEvent/shutdown`` and ends every subscription. Idempotent.
    public func shutdown() async {
        let wasAlive = state.withLockedValue { state in
            defer { state.alive = false }
            return state.alive
        }
        guard wasAlive else { return }
        broadcast.yield(.shutdown)
        broadcast.finish()
    }

    // MARK: - Answers

    private func validate(_ command: EngineCommand) throws(PlayerError) {
        try command.checkArguments()
        switch command {
        case .load(let request), .prepareNext(let request?):
            try urlPolicy.check(request.item.url)
            for subtitle in request.item.externalSubtitles { try urlPolicy.check(subtitle.url) }
        case .addSubtitle(let subtitle): try urlPolicy.check(subtitle.url)
        default: break
        }
    }

    /// Starts `request` as the current item without changing the pause state (a queued item
    /// that follows the one that ended).
    private func start(_ request: LoadRequest) {
        let (media, failure) = state.withLockedValue { state in
            let media = (state.media[request.item.url] ?? Media()).clipped(to: request.item.clip)
            state.current = (request.id, media)
            state.position = request.item.startPosition ?? 0
            state.ended = false
            state.tracks = media.tracks
            return (media, state.failures[request.item.url])
        }
        emit(.itemStarted(request.id))
        if let failure {
            state.withLockedValue { $0.current = nil }
            emit(.itemEnded(request.id, .failed(failure)))
            return
        }
        announce(media, id: request.id)
    }

    private func load(_ request: LoadRequest) {
        let (previous, media, failure, hold, pausedChanged) = state.withLockedValue { state in
            let previous = state.current?.id
            let media = (state.media[request.item.url] ?? Media()).clipped(to: request.item.clip)
            state.current = (request.id, media)
            state.position = request.item.startPosition ?? 0
            state.ended = false
            state.tracks = media.tracks
            let paused = !request.autoplay
            let changed = state.paused != paused
            state.paused = paused
            return (previous, media, state.failures[request.item.url], state.holdLoads, changed)
        }
        if pausedChanged { emit(.property(.paused(!request.autoplay))) }
        if let previous { emit(.itemEnded(previous, .stopped)) }
        emit(.itemStarted(request.id))
        if let failure {
            state.withLockedValue { $0.current = nil }
            emit(.itemEnded(request.id, .failed(failure)))
            return
        }
        if !hold { announce(media, id: request.id) }
    }

    private func announce(_ media: Media, id: ItemID) {
        let (position, tracks) = state.withLockedValue { state in
            var tracks = media.tracks
            for kind in TrackKind.allCases {
                if let first = tracks.firstIndex(where: { $0.kind == kind }) { tracks[first].isSelected = true }
            }
            state.tracks = tracks
            return (state.position, tracks)
        }
        emit(.property(.duration(media.duration)))
        emit(.property(.tracks(tracks)))
        emit(.property(.chapters(media.chapters)))
        emit(.property(.video(media.video)))
        emit(.property(.seekable(media.duration != nil)))
        emit(.itemLoaded(id))
        emit(.property(.position(position, at: .now)))
        emit(.playbackRestarted)
    }
}

extension FakeEngine.Media {
    /// What a clipped item plays, as libmpv presents it: a timeline as long as the clip.
    func clipped(to clip: ClipRange?) -> Self {
        guard let clip else { return self }
        var media = self
        let end = [clip.end, duration].compactMap { $0 }.min()
        media.duration = end.map { max(0, $0 - clip.start) }
        return media
    }
}
