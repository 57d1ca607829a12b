import CMPV
import Foundation
import NIOConcurrencyHelpers
import ReelCore

/// The libmpv engine: one `mpv_handle`, typed commands in, typed events out.
///
/// ```swift
/// let engine = try MPVEngine(configuration: .headless)
/// let player = Player(engine: engine)
/// ```
///
/// ## Threading
/// ``send(_:)`` is safe to call from any thread; it never waits for media I/O (commands run
/// asynchronously inside libmpv, except `loadfile`, which only queues the item). One dedicated
/// thread per engine blocks in `mpv_wait_event`, copies each event into Swift values and yields
/// it to every subscriber of ``events``.
///
/// ## Lifetime
/// The handle lives until ``shutdown()`` (or deinit): it asks libmpv to quit, waits for the
/// event thread to see `MPV_EVENT_SHUTDOWN`, then destroys the handle exactly once. Every later
/// ``send(_:)`` throws ``/ReelCore/PlayerError/Code/engineGone`` and never touches freed memory.
///
/// ## Security
/// No user configuration, scripts, youtube-dl, input bindings, on-screen controller or terminal;
/// unsafe playlist entries are refused; every URL passes the ``MPVConfiguration/urlPolicy``
/// before it reaches libmpv.
public final class MPVEngine: PlaybackEngine {
    /// Options the engine sets for safety; ``MPVConfiguration/options`` may not change them.
    public static let protectedOptions: Set<String> = [
        "config", "config-dir", "include", "load-scripts", "scripts", "script", "script-opts", "ytdl",
        "ytdl-format", "ytdl-raw-options", "script-opts-append", "input-default-bindings", "input-conf",
        "input-vo-keyboard", "input-terminal", "input-ipc-server", "input-ipc-client", "osc", "terminal",
        "load-unsafe-playlists", "load-osd-console", "load-stats-overlay", "load-auto-profiles",
        "use-filedir-conf", "watch-later-directory", "save-position-on-quit", "resume-playback",
        "keep-open", "keep-open-pause", "idle", "vo", "ao", "ao-pcm-file", "log-file", "dump-stats", "stream-dump",
        "record-file", "screenshot-directory", "demuxer-lavf-o", "stream-lavf-o",
    ]

    /// A new subscription to the engine's events, in order; each read subscribes anew, and every
    /// subscription finishes after ``/ReelCore/EngineEvent/shutdown`` (see ``/ReelCore/EngineEventBroadcast``).
    public var events: AsyncStream<EngineEvent> { broadcast.subscribe() }
    /// ``events`` with the host time each event was observed at.
    public var timedEvents: AsyncStream<TimedEngineEvent> { broadcast.subscribeTimed() }

    /// The configuration the engine was created with.
    public let configuration: MPVConfiguration

    let handle: MPVHandle
    /// The render context's owner (``makeVideoRenderer(_:)``), freed before the handle.
    let renderers = VideoRendererSlot()
    private let registry = ItemRegistry()
    /// Where subtitles sit (the style's position and the controls' margin), kept on the command queue.
    let subtitlePlacement = NIOLockedValueBox(SubtitlePlacement())
    private let lifecycle = NIOLockedValueBox(Lifecycle())
    private let commands = DispatchQueue(label: "reel.mpv.commands")
    private let broadcast = EngineEventBroadcast()
    private let pumpDone = DispatchGroup()
    /// Samples the item's counters on the event thread (``ReelCore/EngineCommand/reportStatistics``).
    private let sampler = StatisticsSampler()
    /// Where the engine's log lines go (``MPVConfiguration/logger``).
    private let log: EngineLog

    /// Creates and starts an engine.
    ///
    /// Sets `LC_NUMERIC` to `"C"` first, as libmpv requires (toolkits such as GTK change it).
    /// - Throws: ``/ReelCore/PlayerError/Code/invalidArgument`` for a protected or unknown option,
    ///   ``/ReelCore/PlayerError/Code/unknown`` when libmpv cannot be created.
    public init(configuration: MPVConfiguration = .standard) throws(PlayerError) {
        self.configuration = configuration
        try MPVOptions.refuseProtected(configuration.options)
        setlocale(LC_NUMERIC, "C")
        _ = AllocatorPolicy.applied
        guard let pointer = mpv_create() else {
            throw PlayerError(.unknown, message: "The playback engine could not be created.")
        }
        let handle = MPVHandle(pointer)
        self.handle = handle
        let log = EngineLog(configuration)
        self.log = log
        do {
            try Self.setOptions(configuration, on: handle)
            try Self.check(mpv_initialize(pointer), "initialise the engine")
            try Self.check(mpv_request_log_messages(pointer, configuration.requestedLogLevel), "request log messages")
            for property in ObservedProperty.allCases where property.isObserved(with: configuration) {
                try Self.check(
                    mpv_observe_property(pointer, property.rawValue, property.name, MPV_FORMAT_NODE),
                    "observe \(property.name)")
            }
            // The item's counters are read while it unloads (EventPump), when it is replaced or
            // stopped before its end: a feed's neighbour handed over still reports its bytes.
            try Self.check(mpv_hook_add(pointer, 0, EventPump.unloadHook, 0), "add the unload hook")
        } catch {
            mpv_terminate_destroy(pointer)
            broadcast.finish()
            throw error
        }
        let commands = commands
        registry.networkTimeout = configuration.networkTimeout
        let pump = EventPump(
            handle: handle, registry: registry, broadcast: broadcast, log: log, sampler: sampler,
            pauseAtEnd: {
                commands.async {
                    var yes: Int32 = 1
                    _ = mpv_set_property(handle.pointer, "pause", MPV_FORMAT_FLAG, &yes)
                }
            },
            watchOpening: { [registry] entry in
                // libmpv's own network timeout does not cover a server that stalls while the
                // demuxer opens (seen with a stall inside an MP4 header), so the engine does.
                commands.asyncAfter(deadline: .now() + registry.networkTimeout) {
                    guard registry.timeOutIfStillOpening(entry) else { return }
                    _ = mpv_command_string(handle.pointer, "stop")
                }
            })
        // libmpv is loaded by now, and with it FFmpeg and the libxml2 its DASH demuxer uses.
        LibraryOutput.installOnce()
        LibraryOutput.add(log)
        pumpDone.enter()
        let thread = Thread { [pumpDone] in
            pump.run()
            pumpDone.leave()
        }
        thread.name = "reel-mpv-events"
        thread.start()
    }

    deinit {
        // Without an explicit shutdown the handle must still be released exactly once.
        if beginShutdown() {
            renderers.close()
            _ = mpv_command_string(handle.pointer, "quit")
        }
        pumpDone.wait()
        destroyOnce()
    }

    // MARK: - PlaybackEngine

    /// Accepts a command, or throws why not. Safe to call from any thread.
    ///
    /// Arguments and addresses are checked at once; the command itself then runs on the engine's
    /// serial command queue, in the order sent. A failure there arrives as
    /// ``/ReelCore/EngineEvent/commandFailed(_:_:)``.
    public func send(_ command: EngineCommand) throws(PlayerError) {
        if case .setVolume(let volume) = command, volume > configuration.maximumVolume {
            throw PlayerError(
                .invalidArgument,
                message: "Volume must be at most \(Int((configuration.maximumVolume * 100).rounded())) %.")
        }
        let call = try Self.call(for: command, policy: configuration.urlPolicy)
        // Held while enqueuing, so teardown's `quit` is always queued after the last command.
        let isAlive = lifecycle.withLockedValue { lifecycle in
            if lifecycle.isAlive { commands.async { self.execute(call, for: command) } }
            return lifecycle.isAlive
        }
        guard isAlive else { throw PlayerError(.engineGone) }
    }

    /// Returns once every command sent before has run (its libmpv call returned), for hosts that
    /// must see a setting take effect before they render, such as an offscreen snapshot.
    public func commandsCompleted() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            commands.async { continuation.resume() }
        }
    }

    /// Stops playback and releases libmpv. Idempotent; later sends throw ``/ReelCore/PlayerError/Code/engineGone``.
    ///
    /// A ``VideoRenderer`` still alive is freed first (see ``makeVideoRenderer(_:)``); it runs
    /// off the caller's thread, so an OpenGL host frees its renderer itself before this.
    public func shutdown() async {
        if beginShutdown() {
            // libmpv's render context must go before the core; freeing it first also releases
            // a core that would otherwise wait for a host that no longer renders.
            renderers.close()
            // After every command already queued.
            commands.async { [handle] in _ = mpv_command_string(handle.pointer, "quit") }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            pumpDone.notify(queue: .global()) { continuation.resume() }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            commands.async {
                self.destroyOnce()
                continuation.resume()
            }
        }
    }

    // MARK: - Commands

    /// One libmpv call, prepared and validated on the caller's thread.
    enum Call: Sendable {
        case load(LoadRequest, pause: Bool, node: MPVNode)
        /// `playlist-clear`, then the `loadfile … append` of `node`.
        case append(LoadRequest, node: MPVNode)
        case command(MPVNode)
        case set([Property])
        /// Wakes the event thread to sample the item's counters.
        case reportStatistics
        /// A subtitle style, or the controls' margin below the subtitles, or both
        /// (``placeSubtitles(style:margin:)``).
        case subtitles(style: SubtitleStyle?, margin: Double?)
    }

    /// A property and the value to give it.
    struct Property: Sendable {
        var name: String
        var value: MPVNode
    }

    /// Checks `command` and turns it into the libmpv calls that carry it out.
    static func call(for command: EngineCommand, policy: URLPolicy) throws(PlayerError) -> Call {
        try command.checkArguments()
        switch command {
        case .load(let request):
            return .load(
                request, pause: !request.autoplay, node: try loadfile(request, flags: "replace", policy: policy))
        case .prepareNext(let request):
            // `replace` empties libmpv's playlist, so at most one entry ever follows the current.
            guard let request else { return .command(.array([.string("playlist-clear")])) }
            return .append(request, node: try loadfile(request, flags: "append", policy: policy))
        case .playPrepared:
            return .command(.array([.string("playlist-next"), .string("weak")]))
        case .stop: return .command(.array([.string("stop")]))
        case .play: return .set([Property(name: "pause", value: .flag(false))])
        case .pause: return .set([Property(name: "pause", value: .flag(true))])
        case .seek(let target, let precision):
            let (seconds, mode) =
                switch target {
                case .absolute(let time): (time, "absolute")
                case .relative(let delta): (delta, "relative")
                }
            let flags = "\(mode)+\(precision == .exact ? "exact" : "keyframes")"
            return .command(.map(["name": .string("seek"), "target": .double(seconds), "flags": .string(flags)]))
        case .setSpeed(let speed):
            return .set([Property(name: "speed", value: .double(speed))])
        case .setVolume(let volume):
            return .set([Property(name: "volume", value: .double(volume * 100))])
        case .setMuted(let muted): return .set([Property(name: "mute", value: .flag(muted))])
        case .screenshot(let file, let subtitles):
            return .command(
                .array([.string("screenshot-to-file"), .string(file.path), .string(subtitles ? "subtitles" : "video")]))
        case .setAudioDelay(let seconds): return .set([Property(name: "audio-delay", value: .double(seconds))])
        case .setSubtitleDelay(let seconds): return .set([Property(name: "sub-delay", value: .double(seconds))])
        case .setPitchCorrection(let on):
            return .set([Property(name: "audio-pitch-correction", value: .flag(on))])
        case .setSubtitleMargin(let fraction): return .subtitles(style: nil, margin: fraction)
        case .setSubtitleStyle(let style): return .subtitles(style: style, margin: nil)
        case .setAudioDevice(let name): return .set([Property(name: "audio-device", value: .string(name))])
        case .selectSecondarySubtitle(let id):
            return .set([Property(name: "secondary-sid", value: id.map { .int(Int64($0)) } ?? .string("no"))])
        case .setLoop(let mode):
            return .set([Property(name: "loop-file", value: .string(mode == .item ? "inf" : "no"))])
        case .setVideoAdjustments(let adjustments):
            // libmpv's brightness/contrast/… properties need vo_gpu; the render API's software
            // path ignores them. FFmpeg's eq and hue filters work with every output.
            return .set([Property(name: "vf", value: .string(videoFilters(for: adjustments)))])
        case .stepFrame(let forward):
            return .command(.array([.string(forward ? "frame-step" : "frame-back-step")]))
        case .setVideoFraming(let framing):
            // fit: letterboxed; fill: panscan crops to the view; stretch: the view's shape.
            return .set([
                Property(name: "keepaspect", value: .flag(framing.gravity != .stretch)),
                Property(name: "panscan", value: .double(framing.gravity == .fill ? 1 : 0)),
                Property(name: "video-zoom", value: .double(log2(framing.zoom))),
                Property(name: "video-pan-x", value: .double(framing.pan.x)),
                Property(name: "video-pan-y", value: .double(framing.pan.y)),
                Property(name: "video-aspect-override", value: .double(framing.aspectRatio ?? -1)),
            ])
        case .setABLoop(let loop):
            return .set([
                Property(name: "ab-loop-a", value: loop.a.map(MPVNode.double) ?? .string("no")),
                Property(name: "ab-loop-b", value: loop.b.map(MPVNode.double) ?? .string("no")),
            ])
        case .selectTrack(let kind, let id):
            let property =
                switch kind {
                case .video: "vid"
                case .audio: "aid"
                case .subtitle: "sid"
                }
            return .set([Property(name: property, value: id.map { .int(Int64($0)) } ?? .string("no"))])
        case .addSubtitle(let subtitle):
            try policy.check(subtitle.url)
            return .command(subAdd(subtitle, flags: "select"))
        case .setBufferingPolicy(let policy):
            return .set(bufferingProperties(policy))
        case .setStreamingQuality(let quality):
            return streamingQualityCall(quality)
        case .reportStatistics: return .reportStatistics
        }
    }

    /// Runs on the command queue: libmpv's synchronous calls, in the order sent.
    private func execute(_ call: Call, for command: EngineCommand) {
        do {
            switch call {
            case .load(let request, let pause, let node): try load(request, pause: pause, node: node)
            case .append(let request, let node):
                let clear = withMPVNode(.array([.string("playlist-clear")])) {
                    mpv_command_node(handle.pointer, $0, nil)
                }
                try Self.check(clear, "forget the queued item")
                // Not after an item whose end was reported: libmpv would move on to it by itself,
                // while the player, told of the end, opens what follows on its own.
                try register(request, unlessCurrentEnded: true) { () throws(PlayerError) in
                    var result = mpv_node()
                    let status = withMPVNode(node) { mpv_command_node(handle.pointer, $0, &result) }
                    defer { mpv_free_node_contents(&result) }
                    try Self.check(status, "queue \(request.item.url.lastPathComponent)")
                    return MPVNode(&result)["playlist_entry_id"]
                }
            case .command(let node):
                let status = withMPVNode(node) { mpv_command_node(handle.pointer, $0, nil) }
                try Self.check(status, "carry out the command")
            case .set(let properties):
                if case .setBufferingPolicy(let policy) = command { registry.networkTimeout = policy.networkTimeout }
                for property in properties {
                    let status = withMPVNode(property.value) {
                        mpv_set_property(handle.pointer, property.name, MPV_FORMAT_NODE, $0)
                    }
                    try Self.check(status, "set \(property.name)")
                }
            case .reportStatistics:
                sampler.request()
                mpv_wakeup(handle.pointer)
            case .subtitles(let style, let margin):
                try placeSubtitles(style: style, margin: margin)
            }
        } catch {
            broadcast.yield(.commandFailed(command, error))
        }
    }

    private func load(_ request: LoadRequest, pause: Bool, node: MPVNode) throws(PlayerError) {
        var flag: Int32 = pause ? 1 : 0
        _ = mpv_set_property(handle.pointer, "pause", MPV_FORMAT_FLAG, &flag)
        try register(request) { () throws(PlayerError) in
            // What libraries print while the item opens is this item's: libmpv's demuxer may parse
            // a manifest (libxml2) before the event thread has seen START_FILE.
            LibraryOutput.itemStarted(request.id, engine: log.engine)
            var result = mpv_node()
            let status = withMPVNode(node) { mpv_command_node(handle.pointer, $0, &result) }
            defer { mpv_free_node_contents(&result) }
            try Self.check(status, "load \(request.item.url.lastPathComponent)")
            return MPVNode(&result)["playlist_entry_id"]
        }
    }

    /// Runs `add` (a `loadfile` that answers the playlist entry's id) and registers the entry for
    /// `request`, both under the registry's lock, so the event thread cannot see the item's
    /// START_FILE before it knows which request the entry belongs to.
    private func register(
        _ request: LoadRequest, unlessCurrentEnded: Bool = false, adding add: () throws(PlayerError) -> MPVNode?
    ) throws(PlayerError) {
        try registry.withLock { () throws(PlayerError) in
            if unlessCurrentEnded, registry.isCurrentEndReportedLocked() { return }
            guard case .int(let entry) = try add() else {
                throw PlayerError(.commandFailed, message: "The engine did not accept the item.")
            }
            registry.registerLocked(
                entry: entry,
                .init(item: request.id, url: request.item.url, subtitles: request.item.externalSubtitles))
        }
    }

    /// The `loadfile` command for `request` with `flags` (`replace` or `append`): the address
    /// checked against the policy (a clip as an EDL timeline), its per-file options.
    static func loadfile(_ request: LoadRequest, flags: String, policy: URLPolicy) throws(PlayerError) -> MPVNode {
        let item = request.item
        try policy.check(item.url)
        for subtitle in item.externalSubtitles { try policy.check(subtitle.url) }
        // libmpv would open a folder as a playlist of its own, which the queue never sees.
        if MediaFolder.isFolder(item.url) {
            throw PlayerError(
                .unsupportedFormat,
                message:
                    "\"\(item.url.lastPathComponent)\" is a folder, not a media file: queue its files (MediaFolder).")
        }
        return .map([
            "name": .string("loadfile"), "url": .string(loadTarget(for: item)), "flags": .string(flags),
            "options": .map(perFileOptions(for: item)),
        ])
    }

    /// The filter chain for `adjustments` (empty when neutral): FFmpeg's `eq` (brightness −1…1,
    /// contrast and saturation 0…2, gamma ¼…4, from −100…100) and `hue` (degrees).
    static func videoFilters(for adjustments: VideoAdjustments) -> String {
        guard adjustments != .neutral else { return "" }
        func number(_ value: Double) -> String { String(format: "%.4f", value) }
        let eq = [
            "brightness=\(number(adjustments.brightness / 100))", "contrast=\(number(1 + adjustments.contrast / 100))",
            "saturation=\(number(1 + adjustments.saturation / 100))", "gamma=\(number(pow(2, adjustments.gamma / 50)))",
        ].joined(separator: ":")
        return "@reel-adjust:lavfi=[eq=\(eq),hue=h=\(number(adjustments.hue * 1.8))]"
    }

    static func subAdd(_ subtitle: ExternalSubtitle, flags: String) -> MPVNode {
        var node: [String: MPVNode] = [
            "name": .string("sub-add"), "url": .string(target(of: subtitle.url)), "flags": .string(flags),
        ]
        if let title = subtitle.title { node["title"] = .string(title) }
        if let language = subtitle.language { node["lang"] = .string(language) }
        return .map(node)
    }

    /// What libmpv is given for a URL: an absolute path for files (never parsed as a protocol or
    /// an option), the full address otherwise.
    static func target(of url: URL) -> String { url.isFileURL ? url.standardizedFileURL.path : url.absoluteString }

    /// The current value of a libmpv property or option as text (`mpv_get_property_string`),
    /// for tests and diagnostics; nil when it does not exist or the engine is shut down.
    func propertyText(_ name: String) -> String? {
        lifecycle.withLockedValue { lifecycle in
            guard lifecycle.isAlive, let text = mpv_get_property_string(handle.pointer, name) else { return nil }
            defer { mpv_free(text) }
            return String(cString: text)
        }
    }

    // MARK: - Lifecycle

    /// Marks the engine dead; true for the caller that did it.
    private struct Lifecycle {
        var isAlive = true
        var isDestroyed = false
    }

    private func beginShutdown() -> Bool {
        registry.close()
        return lifecycle.withLockedValue { lifecycle in
            guard lifecycle.isAlive else { return false }
            lifecycle.isAlive = false
            return true
        }
    }

    private func destroyOnce() {
        lifecycle.withLockedValue { lifecycle in
            guard !lifecycle.isDestroyed else { return }
            lifecycle.isDestroyed = true
            renderers.close()
            mpv_terminate_destroy(handle.pointer)
            LibraryOutput.remove(log)
        }
    }

    /// Threads libmpv's software renderer converts each frame with (zimg, YUV to the host's RGB):
    /// one, the render thread itself. zimg's default, a thread per core, hands every frame's
    /// slices to workers and waits for them; for the host's own render call that costs more
    /// than it saves (~8 % of the whole window's CPU with 720p video, same pictures). On one
    /// core a 720p frame takes ~2.3 ms to render and a 1080p one scaled to 720p ~4 ms, well
    /// within a frame; an app rendering 4K at 60 fps in software can set `zimg-threads` back
    /// to `auto` in ``MPVConfiguration/options``. The OpenGL renderer converts on the GPU.
    static let renderConversionThreads = "1"

    private static func setOptions(_ configuration: MPVConfiguration, on handle: MPVHandle) throws(PlayerError) {
        var options = MPVOptions.secure(configuration)
        // prefetch-playlist: the item queued next (prepareNext) is opened before the current one
        // ends; gapless-audio stays libmpv's `weak`.
        options += [
            ("keep-open", "yes"), ("keep-open-pause", "no"), ("audio-client-name", "reel"),
            ("prefetch-playlist", "yes"),
        ]
        switch configuration.video {
        case .none: options.append(("vo", "null"))
        case .renderAPI: options += [("vo", "libmpv"), ("zimg-threads", renderConversionThreads)]
        case .ownWindow:
            // MPlayerKit's system player: mpv's own window, controller and keys.
            options += [("vo", "gpu"), ("gpu-sw", "yes"), ("osc", "yes"), ("input-default-bindings", "yes")]
            options += [("input-vo-keyboard", "yes")]
        }
        options.append(("ao", audioOutputs(configuration.audio)))
        if case .waveFile(let file) = configuration.audio {
            options += [("ao-pcm-file", file.path), ("ao-pcm-waveheader", "yes")]
        }
        try MPVOptions.apply(options, extra: configuration.options, to: handle)
    }

    /// The audio outputs to try. ALSA is tried only when the machine has sound devices, so a
    /// headless machine is not flooded with ALSA's "cannot find card" messages.
    static func audioOutputs(_ output: MPVConfiguration.AudioOutput) -> String {
        switch output {
        case .none: "null"
        case .waveFile: "pcm"
        case .system: FileManager.default.fileExists(atPath: "/dev/snd") ? "pulse,alsa,null" : "pulse,null"
        }
    }

    static func check(_ status: Int32, _ action: String) throws(PlayerError) {
        guard status < 0 else { return }
        let code: PlayerError.Code =
            switch status {
            case MPV_ERROR_OPTION_NOT_FOUND.rawValue, MPV_ERROR_OPTION_FORMAT.rawValue,
                MPV_ERROR_OPTION_ERROR.rawValue, MPV_ERROR_INVALID_PARAMETER.rawValue:
                .invalidArgument
            case MPV_ERROR_UNINITIALIZED.rawValue: .engineGone
            default: .commandFailed
            }
        throw PlayerError(
            code, message: "The engine could not \(action).", engineCode: Int(status),
            engineDetail: String(cString: mpv_error_string(status)))
    }
}
