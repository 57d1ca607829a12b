import Foundation
import Observation
import ReelCore

/// An observable media player: MPlayerKit's `PlayerModel`, on any ``PlaybackEngine``.
///
/// ```swift
/// let player = Player(engine: try MPVEngine(configuration: .headless))
/// try player.load(MediaItem(url: clipURL, title: "Clip"))
/// for await state in player.states { print(state) }   // buffering, playing, paused(endOfMedia)
/// ```
///
/// Every property is derived from ``playback``, which a pure ``PlaybackReducer`` keeps from the
/// commands this player sends and the events its engine reports. Observation fires only when a
/// value really changes; position is an anchor, so there is no event per frame: read
/// ``currentTime`` when you draw, or use ``onTimeChange(every:_:)``.
///
/// ## Threading
/// Main actor only. The engine's events are consumed on the main actor in order.
///
/// ## Lifetime
/// The player owns its engine. ``shutdown()`` releases it; afterwards every command throws
/// ``PlayerError/Code/engineGone`` and the streams finish.
///
/// ## Errors
/// Commands throw what can be judged at once (a refused address, an argument out of range, a
/// call after shutdown). A failure found later (missing file, corrupt media, network) leaves
/// ``state`` at `paused(reason: .error(…))`.
@MainActor
@Observable
public final class Player {
    /// Everything known about playback.
    public private(set) var playback = PlaybackInfo()

    /// Whether ``shutdown()`` was called.
    public private(set) var isShutDown = false

    /// How the video is shown (see ``attachPresentation(_:)``; ``Presentation/none`` without a
    /// window).
    public internal(set) var presentation = Presentation.none

    /// Whether the attached host can show picture in picture now.
    public internal(set) var isPictureInPicturePossible = false

    @ObservationIgnored private let engine: any PlaybackEngine
    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private var eventTask: Task<Void, Never>?
    @ObservationIgnored private var stateSubscribers: [UInt64: AsyncStream<PlayerState>.Continuation] = [:]
    @ObservationIgnored private var eventSubscribers: [UInt64: AsyncStream<PlayerEvent>.Continuation] = [:]
    @ObservationIgnored private var timeObservers: [UInt64: Task<Void, Never>] = [:]
    @ObservationIgnored private var nextSubscriber: UInt64 = 0
    /// The interruption in progress and the policy for its end (Player+Interruption.swift).
    @ObservationIgnored var interruption = InterruptionRecord()
    /// What shows the video (Player+Presentation.swift).
    @ObservationIgnored weak var presentationHost: (any PresentationHost)?

    /// Called on the main actor after every change of ``state``.
    @ObservationIgnored public var onStateChange: (@MainActor (PlayerState) -> Void)?

    /// Creates a player that drives `engine`. `clock` paces ``onTimeChange(every:_:)``.
    public init(engine: any PlaybackEngine, clock: any Clock<Duration> = ContinuousClock()) {
        self.engine = engine
        self.clock = clock
        let events = engine.events
        eventTask = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                self.receive(event)
            }
            self?.finishStreams()
        }
    }

    // MARK: - State

    /// What the player is doing, with the reason.
    public var state: PlayerState { playback.playerState }
    /// The item loaded now.
    public var currentItem: MediaItem? { playback.item }
    /// The item's duration; nil when unknown or live.
    public var duration: TimeInterval? { playback.duration }
    /// The position now, extrapolated from the anchor and clamped to `[0, duration]`.
    /// Not observable per frame: read it when drawing, or use ``onTimeChange(every:_:)``.
    public var currentTime: TimeInterval { playback.position(at: .now) }
    /// The item's title.
    public var title: String? { playback.title }
    /// All tracks of the item.
    public var tracks: [Track] { playback.tracks }
    /// Audio tracks.
    public var audioTracks: [Track] { playback.tracks(.audio) }
    /// Subtitle tracks.
    public var subtitleTracks: [Track] { playback.tracks(.subtitle) }
    /// The selected audio track.
    public var audioTrack: Track? { playback.selectedTrack(.audio) }
    /// The selected subtitle track; nil when subtitles are off.
    public var subtitleTrack: Track? { playback.selectedTrack(.subtitle) }
    /// The playback speed.
    public var rate: Double { playback.speed }
    /// The volume, 0…1.
    public var volume: Double { playback.volume }
    /// Whether sound is muted.
    public var isMuted: Bool { playback.isMuted }
    /// Width divided by height on screen; nil without video.
    public var aspectRatio: Double? { playback.video?.displayAspect }

    // MARK: - Commands

    /// Replaces the current item. Failures to open it arrive later in ``state``.
    /// - Throws: ``PlayerError/Code/refusedScheme(_:)`` for an address the engine may not open.
    public func load(_ item: MediaItem, autoplay: Bool = true) throws(PlayerError) {
        try send(.load(LoadRequest(item: item, autoplay: autoplay)))
    }

    /// Plays; at the end of the item, plays it again from the start.
    public func play(reason: IntentReason = .user) throws(PlayerError) {
        if playback.status == .ended { try send(.seek(.absolute(0), precision: .keyframe)) }
        try send(.play, reason: reason)
    }

    /// Pauses.
    public func pause(reason: IntentReason = .user) throws(PlayerError) {
        try send(.pause, reason: reason)
    }

    /// Pauses when the player wants to play, and plays otherwise.
    public func togglePlayPause(reason: IntentReason = .user) throws(PlayerError) {
        if playback.intent.playWhenReady && playback.status != .ended {
            try pause(reason: reason)
        } else {
            try play(reason: reason)
        }
    }

    /// Moves to `time` seconds.
    public func seek(to time: TimeInterval, precision: SeekPrecision = .exact) throws(PlayerError) {
        try send(.seek(.absolute(time), precision: precision))
    }

    /// Moves by `seconds` (negative goes back).
    public func skip(by seconds: TimeInterval, precision: SeekPrecision = .keyframe) throws(PlayerError) {
        try send(.seek(.relative(seconds), precision: precision))
    }

    /// Sets the playback speed (0.01…100).
    public func setRate(_ rate: Double) throws(PlayerError) { try send(.setSpeed(rate)) }

    /// Sets the volume (0…1).
    public func setVolume(_ volume: Double) throws(PlayerError) { try send(.setVolume(volume)) }

    /// Mutes or unmutes.
    public func setMuted(_ muted: Bool) throws(PlayerError) { try send(.setMuted(muted)) }

    /// Repeats the item, or not.
    public func setLoop(_ mode: LoopMode) throws(PlayerError) { try send(.setLoop(mode)) }

    /// Sets or clears an A-B loop.
    public func setABLoop(_ loop: ABLoop) throws(PlayerError) { try send(.setABLoop(loop)) }

    /// Selects an audio track, or none.
    public func select(audio track: Track?) throws(PlayerError) { try send(.selectTrack(.audio, id: track?.id)) }

    /// Selects a subtitle track, or turns subtitles off with `nil`.
    public func select(subtitle track: Track?) throws(PlayerError) {
        try send(.selectTrack(.subtitle, id: track?.id))
    }

    /// Adds a subtitle file to the current item and shows it.
    public func addSubtitle(url: URL, title: String? = nil, language: String? = nil) throws(PlayerError) {
        try send(.addSubtitle(ExternalSubtitle(url: url, title: title, language: language)))
    }

    /// Stops and unloads the item.
    public func stop() throws(PlayerError) { try send(.stop) }

    /// Sends any engine command, recording it with `reason`: the way in for layers above.
    public func send(_ command: EngineCommand, reason: IntentReason = .user) throws(PlayerError) {
        guard !isShutDown else { throw PlayerError(.engineGone) }
        do {
            try engine.send(command)
        } catch {
            apply(.refused(command, error))
            throw error
        }
        apply(.sent(command, reason: reason))
    }

    /// Releases the engine. Idempotent.
    public func shutdown() async {
        guard !isShutDown else { return }
        isShutDown = true
        // A deliberate shutdown unloads the item; only an engine that dies by itself fails it.
        apply(.sent(.stop, reason: .user))
        for task in timeObservers.values { task.cancel() }
        timeObservers.removeAll()
        await engine.shutdown()
        await eventTask?.value
        finishStreams()
    }

    // MARK: - Streams

    /// Each distinct ``state`` from now on, starting with the current one. Finishes at shutdown.
    public var states: AsyncStream<PlayerState> {
        let (stream, continuation) = AsyncStream<PlayerState>.makeStream()
        guard !isShutDown else {
            continuation.yield(state)
            continuation.finish()
            return stream
        }
        let id = subscriberID()
        continuation.yield(state)
        stateSubscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.stateSubscribers[id] = nil }
        }
        return stream
    }

    /// Everything that happens from now on. Finishes at shutdown.
    public var events: AsyncStream<PlayerEvent> {
        let (stream, continuation) = AsyncStream<PlayerEvent>.makeStream()
        guard !isShutDown else {
            continuation.finish()
            return stream
        }
        let id = subscriberID()
        eventSubscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.eventSubscribers[id] = nil }
        }
        return stream
    }

    /// Calls `body` with the position every `interval` while it moves, until the returned token
    /// is cancelled or the player shuts down.
    @discardableResult
    public func onTimeChange(
        every interval: Duration, _ body: @escaping @MainActor (TimeInterval) -> Void
    ) -> TimeObservation {
        let id = subscriberID()
        let clock = clock
        var last: TimeInterval?
        timeObservers[id] = Task { [weak self] in
            while !Task.isCancelled {
                do { try await clock.sleep(for: interval) } catch { return }
                guard let self else { return }
                let now = self.currentTime
                if now != last {
                    last = now
                    body(now)
                }
            }
        }
        return TimeObservation { [weak self] in
            Task { @MainActor in self?.timeObservers.removeValue(forKey: id)?.cancel() }
        }
    }

    // MARK: - Events

    private func receive(_ event: EngineEvent) {
        let wasSeeking = playback.waiting == .seeking
        apply(.received(event))
        switch event {
        case .itemStarted(let id): publish(.itemStarted(id))
        case .itemEnded(let id, let reason): publish(.itemEnded(id, reason))
        case .playbackRestarted where wasSeeking: publish(.seeked(to: currentTime))
        case .property(.tracks(let tracks)): publish(.tracksChanged(tracks))
        case .commandFailed(let command, let error): publish(.commandFailed(command, error))
        default: break
        }
    }

    private func apply(_ input: PlaybackInput) {
        var next = playback
        PlaybackReducer.reduce(&next, input, at: .now)
        guard next != playback else { return }
        let previous = playback.playerState
        playback = next
        let current = next.playerState
        guard current != previous else { return }
        for subscriber in stateSubscribers.values { subscriber.yield(current) }
        publish(.stateChanged(current))
        onStateChange?(current)
    }

    private func publish(_ event: PlayerEvent) {
        for subscriber in eventSubscribers.values { subscriber.yield(event) }
    }

    private func finishStreams() {
        for subscriber in stateSubscribers.values { subscriber.finish() }
        for subscriber in eventSubscribers.values { subscriber.finish() }
        stateSubscribers.removeAll()
        eventSubscribers.removeAll()
    }

    private func subscriberID() -> UInt64 {
        nextSubscriber += 1
        return nextSubscriber
    }
}

/// A registration of ``Player/onTimeChange(every:_:)``; cancel it to stop the calls.
public struct TimeObservation: Sendable {
    private let cancellation: @Sendable () -> Void

    init(_ cancellation: @escaping @Sendable () -> Void) { self.cancellation = cancellation }

    /// Stops the calls.
    public func cancel() { cancellation() }
}
