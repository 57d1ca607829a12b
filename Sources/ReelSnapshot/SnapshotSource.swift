import Foundation
import ReelCore
import ReelDrawing
import ReelMPV

/// One picture of a media item at a given time, rendered offscreen: no display, GPU or sound
/// needed. What `reel snapshot` uses.
///
/// ```swift
/// let source = try await SnapshotSource.open(clip, at: 2)
/// let frame = FrameBuffer(width: 640, height: 360)
/// try source.render(into: frame, rect: frame.bounds)
/// try frame.writePNG(to: URL(fileURLWithPath: "frame.png"))
/// await source.close()
/// ```
///
/// It runs an ``/ReelMPV/MPVEngine`` with the render API and no audio, loads the item paused at the time
/// (an exact seek), and waits until libmpv has rendered the first frame after the playback
/// restart. Rendering again always gives that frame, at any size.
@MainActor
public final class SnapshotSource {
    /// The time asked for, in seconds.
    public let time: TimeInterval
    /// The picture's size as shown (pixel aspect and rotation applied); nil when unknown.
    public let videoSize: (width: Int, height: Int)?
    /// The item's duration; nil when unknown.
    public let duration: TimeInterval?
    /// The item's title; nil when it has none.
    public let title: String?
    /// Everything the engine reported while the item opened (tracks, chapters, duration, …),
    /// for drawing the player's controls over the picture.
    public let playback: PlaybackInfo

    private let engine: MPVEngine
    private let renderer: VideoRenderer
    private let forwarder: Task<Void, Never>

    private init(
        time: TimeInterval, state: Progress, engine: MPVEngine, renderer: VideoRenderer, forwarder: Task<Void, Never>
    ) {
        self.time = time
        videoSize = state.video?.presentationSize
        duration = state.duration
        title = state.title
        playback = state.playback
        self.engine = engine
        self.renderer = renderer
        self.forwarder = forwarder
    }

    /// Opens `url` paused at `time` seconds and waits for its frame.
    ///
    /// - Parameters:
    ///   - url: the file or address to open.
    ///   - time: the position to show, in seconds.
    ///   - configuration: the engine's configuration; its video output becomes the render API
    ///     and its audio output none. Default: ``/ReelMPV/MPVConfiguration/headless``.
    ///   - timeout: how long to wait for the frame.
    /// - Throws: ``/ReelCore/PlayerError``: the item's own failure
    ///   (``/ReelCore/PlayerError/Code/fileNotFound``, ``/ReelCore/PlayerError/Code/unsupportedFormat``,
    ///   …), ``/ReelCore/PlayerError/Code/nothingToPlay`` when it has no video,
    ///   ``/ReelCore/PlayerError/Code/invalidArgument`` for a negative time or one past the end,
    ///   ``/ReelCore/PlayerError/Code/unknown`` when no frame came in time.
    public static func open(
        _ url: URL, at time: TimeInterval, configuration: MPVConfiguration = .headless, timeout: Duration = .seconds(20)
    ) async throws(PlayerError) -> SnapshotSource {
        guard time.isFinite, time >= 0 else {
            throw PlayerError(.invalidArgument, message: "The time must be zero or more seconds.")
        }
        var configuration = configuration
        configuration.video = .renderAPI
        configuration.audio = .none
        configuration.options["osd-level"] = "0"
        let engine = try MPVEngine(configuration: configuration)
        let renderer: VideoRenderer
        do {
            renderer = try engine.makeVideoRenderer(.software)
        } catch {
            await engine.shutdown()
            throw error
        }
        let (inputs, input) = AsyncStream<Input>.makeStream()
        renderer.setUpdateHandler(Self.updateSignal(input))
        let events = engine.events
        let forwarder = Task {
            for await event in events { input.yield(.event(event)) }
        }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            input.yield(.timedOut)
        }
        // Asks for frames now and then too, so a frame whose update signal went by unnoticed
        // (libmpv coalesces them) is still rendered; seen once in a loaded test run.
        let poller = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                input.yield(.update)
            }
        }
        defer {
            timer.cancel()
            poller.cancel()
        }
        do {
            var item = MediaItem(url: url)
            item.startPosition = time
            let request = LoadRequest(item: item, autoplay: false)
            try engine.send(.load(request))
            let state = try await waitForFrame(inputs, renderer: renderer, request: request)
            return SnapshotSource(time: time, state: state, engine: engine, renderer: renderer, forwarder: forwarder)
        } catch {
            renderer.free()
            await engine.shutdown()
            forwarder.cancel()
            throw error
        }
    }

    /// Renders the frame scaled to fit `rect` of `frame` (black bars keep its aspect).
    /// - Throws: ``/ReelCore/PlayerError/Code/engineGone`` after ``close()``.
    public func render(into frame: FrameBuffer, rect: PixelRect) throws(PlayerError) {
        let area = rect.intersection(frame.bounds)
        guard !area.isEmpty else { return }
        try renderer.renderSoftware(
            into: frame.address(x: area.x, y: area.y), width: area.width, height: area.height, stride: frame.stride,
            format: .bgr0)
    }

    /// Frames the picture (gravity, zoom, pan, aspect ratio), applied before this returns.
    public func setVideoFraming(_ framing: VideoFraming) async throws(PlayerError) {
        try engine.send(.setVideoFraming(framing))
        await engine.commandsCompleted()
    }

    /// Keeps the bottom `fraction` of the picture free of subtitles (see
    /// ``/ReelCore/EngineCommand/setSubtitleMargin(_:)``), applied before this returns.
    public func setSubtitleMargin(_ fraction: Double) async throws(PlayerError) {
        try engine.send(.setSubtitleMargin(fraction))
        await engine.commandsCompleted()
    }

    /// Frees the renderer and shuts the engine down.
    public func close() async {
        renderer.free()
        await engine.shutdown()
        forwarder.cancel()
    }

    // MARK: - Waiting

    private enum Input: Sendable {
        case event(EngineEvent)
        case update
        case timedOut
    }

    /// What the events told so far.
    private struct Progress {
        var video: VideoGeometry?
        var duration: TimeInterval?
        var title: String?
        var hasVideoTrack: Bool?
        var playback = PlaybackInfo()
        var restarted = false
        /// Whether libmpv handed a frame over (and it was rendered).
        var rendered = false
    }

    /// Made outside the main actor: libmpv calls it on its own thread.
    private nonisolated static func updateSignal(_ input: AsyncStream<Input>.Continuation) -> @Sendable () -> Void {
        { input.yield(.update) }
    }

    private static func waitForFrame(
        _ inputs: AsyncStream<Input>, renderer: VideoRenderer, request: LoadRequest
    ) async throws(PlayerError) -> Progress {
        let time = request.item.startPosition ?? 0
        // libmpv waits for each frame it hands over to be rendered, so frames are rendered (into
        // a scratch buffer) as they come. Loaded paused at a start time (an exact seek), the
        // first frame handed over is the one at that time; once the playback restart has been
        // seen too, rendering again gives that frame.
        let scratch = FrameBuffer(width: 16, height: 16)
        var state = Progress()
        state.playback.apply(.sent(.load(request), reason: .user), at: .now)
        for await input in inputs {
            switch input {
            case .update:
                // libmpv waits 200 ms for a handed-over frame to be rendered, then keeps it as
                // the current frame and stops flagging it: a host slower than that (a busy main
                // actor) would wait forever for the flag. After the restart the current frame is
                // the one at the start time, so it is rendered flag or not.
                if renderer.update() || (state.restarted && !state.rendered) {
                    try renderer.renderSoftware(
                        into: scratch.pixels, width: scratch.width, height: scratch.height, stride: scratch.stride,
                        format: .bgr0)
                    state.rendered = true
                }
            case .event(let event):
                state.playback.apply(.received(event), at: .now)
                switch event {
                case .property(.video(let geometry)): state.video = geometry
                case .property(.duration(let duration)): state.duration = duration
                case .property(.title(let title)): state.title = title
                case .property(.tracks(let tracks)):
                    if !tracks.isEmpty { state.hasVideoTrack = tracks.contains { $0.kind == .video } }
                case .playbackRestarted:
                    state.restarted = true
                    if state.hasVideoTrack == false {
                        throw PlayerError(.nothingToPlay, message: "The media has no video to take a picture of.")
                    }
                    if let duration = state.duration, time > duration + 0.001 {
                        throw PlayerError(
                            .invalidArgument,
                            message: "The time \(format(time)) s is past the end of the media (\(format(duration)) s).")
                    }
                case .itemEnded(_, .failed(let error)): throw error
                case .commandFailed(.load, let error): throw error
                case .shutdown: throw PlayerError(.engineGone)
                default: break
                }
            case .timedOut:
                throw PlayerError(.unknown, message: "No picture came within the time allowed.")
            }
            if state.restarted, state.rendered, state.video != nil { return state }
        }
        throw PlayerError(.engineGone)
    }

    private static func format(_ seconds: TimeInterval) -> String { String(format: "%.3f", seconds) }
}
