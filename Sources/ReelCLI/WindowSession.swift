import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelDrawing
import ReelMPV
import ReelPlayer
import ReelPreview
import ReelSDL

/// Plays one item in a window: `MPVEngine` with the render API, a `Store` of `PlayerFeature`
/// bridged to the engine's events, and a `PlayerContainer` (every control) as the window's
/// overlay host. The windowed counterpart of ``PlaybackSession``, with the same reports: state
/// transitions (observed on the store) and position samples.
///
/// Exit codes as in ``PlaybackSession``: 0 at the end of the media, on `q` or when the window
/// is closed, 1 when the item fails, 128 + the signal when interrupted.
@MainActor
final class WindowSession {
    /// Set (to anything) to print the controls' layout as JSON lines (`{"event":"layout",…}`),
    /// for end-to-end tests that click them.
    static let layoutVariable = "REEL_PRINT_LAYOUT"

    private let item: MediaItem
    private let options: PlaybackOptions
    private let reporter: any PlaybackReporter

    /// Creates a session for `item`.
    init(item: MediaItem, options: PlaybackOptions) {
        self.item = item
        self.options = options
        reporter = options.makeReporter()
    }

    /// Plays `item` in a window when one can be opened, headless otherwise (or with
    /// `--headless`); returns the exit code.
    static func play(_ item: MediaItem, options: PlaybackOptions) async -> Int32 {
        if isWanted(options), let exitCode = await WindowSession(item: item, options: options).run() {
            return exitCode
        }
        return await PlaybackSession(item: item, options: options).run()
    }

    /// Whether a window may be tried: an X display is named and `--headless` was not given.
    static func isWanted(_ options: PlaybackOptions) -> Bool {
        // mpv's own window (the system player) plays through the headless path's Player.
        guard !options.headless, !options.systemPlayer else { return false }
        return !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
    }

    /// Plays the item in a window and returns the exit code; nil when no window could be opened
    /// (nothing was reported then, and the caller plays headless instead).
    func run() async -> Int32? {
        Console.ignoreBrokenPipes()
        var configuration = options.engineConfiguration
        configuration.video = .renderAPI
        let engine: MPVEngine
        do {
            engine = try MPVEngine(configuration: configuration)
        } catch {
            reporter.report(error, command: nil)
            return 1
        }
        let player = Player(engine: engine)
        let store = player.store
        // Seek previews (issue #5): the container asks the bridge while it draws the seek bar.
        var preview: SeekPreview?
        var redraw: (@MainActor () -> Void)?
        var containerConfiguration = ContainerConfiguration.standard { time in preview?.image(at: time) }
        containerConfiguration.controls.displayStyle = options.controls.displayStyle
        let container = PlayerContainer(store: store, configuration: containerConfiguration)
        redraw = { [weak container] in container?.context.setNeedsDisplay() }
        if let model = try? PreviewModel(media: item.url) {
            preview = SeekPreview(model: model) { redraw?() }
        }
        defer { Task { await preview?.shutdown() } }
        let window: PlayerWindow
        do {
            window = try PlayerWindow(player: player, overlay: container, options: .init(title: Self.title(for: item)))
        } catch {
            if options.verbose { Console.error("reel: no window (\(error.message)); playing headless.\n") }
            await player.shutdown()
            return nil
        }
        container.onQuit = { [weak window] in window?.close() }
        if options.pictureInPicture { try? player.startPictureInPicture() }
        let desktop = DesktopControls(player: player, options: options)
        desktop.onQuit = { [weak window] in window?.close() }
        desktop.onRaise = { [weak window] in window?.raise() }
        window.onUnhandledInput = { _ in }

        let (interrupts, interrupt) = AsyncStream<Int32>.makeStream()
        let signals = SignalWatcher { signal in interrupt.yield(signal) }
        var exitCode: Int32 = 0
        let interruptWatcher = Task { [weak window] in
            for await signal in interrupts {
                exitCode = 128 + signal
                window?.close()
            }
        }

        reporter.begin(item, keysEnabled: false)
        store.send(.load(item))
        // Follows the store and the container by observation, and ticks the reporter four times
        // a second: no polling between changes.
        let observer = Task { [weak window] in
            var lastState: PlayerState?
            var lastLayout = ""
            let printsLayout = ProcessInfo.processInfo.environment[Self.layoutVariable] != nil
            var subtitleClearance = 0.0
            var nextTick = ContinuousClock.now
            let observe: @MainActor () -> Void = {
                _ = container.subtitleClearance
                _ = store.state
                if printsLayout { _ = Self.layoutLine(container) }
            }
            while !Task.isCancelled {
                // Subtitles move above the control bar while it shows.
                let clearance = container.subtitleClearance
                if clearance != subtitleClearance {
                    subtitleClearance = clearance
                    try? engine.send(.setSubtitleMargin(clearance))
                }
                let state = store.state.playerState
                if store.state.playback.item != nil, state != lastState {
                    lastState = state
                    reporter.report(.stateChanged(state), playback: store.state.playback)
                    if let code = PlaybackSession.exitCode(after: .stateChanged(state)) {
                        exitCode = code
                        window?.close()
                        return
                    }
                }
                if printsLayout, !container.context.bounds.isEmpty {
                    let layout = Self.layoutLine(container)
                    if layout != lastLayout {
                        lastLayout = layout
                        Console.out(layout)
                    }
                }
                if ContinuousClock.now >= nextTick {
                    reporter.tick(store.state.playback)
                    nextTick = ContinuousClock.now.advanced(by: .milliseconds(250))
                }
                _ = await ObservationWait.nextChange(before: nextTick, observing: observe)
            }
        }

        await window.run()
        desktop.stop()
        if options.verbose { Console.error(Self.describe(window.statistics) + "\n") }
        observer.cancel()
        await observer.value
        window.close()
        await player.shutdown()
        interrupt.finish()
        await interruptWatcher.value
        reporter.end(exitCode: exitCode)
        signals.stop()
        return exitCode
    }

    /// One line of the window's counters, for `--verbose`.
    static func describe(_ statistics: PlayerWindow.Statistics) -> String {
        func milliseconds(_ seconds: Double, per count: Int) -> String {
            count == 0 ? "-" : String(format: "%.2f ms", seconds * 1000 / Double(count))
        }
        let perPicture = statistics.presentedFrames
        return "reel: window presented \(statistics.presentedFrames) pictures, \(statistics.videoFrames) new video "
            + "frames, \(statistics.overlayDraws) overlay draws; per picture: video "
            + "\(milliseconds(statistics.videoRenderSeconds, per: perPicture)), overlay composite "
            + "\(milliseconds(statistics.overlayCompositeSeconds, per: perPicture)); per overlay draw "
            + milliseconds(statistics.overlayDrawSeconds, per: statistics.overlayDraws)
    }

    /// The window's title: the item's file name, then "Reel".
    static func title(for item: MediaItem) -> String {
        let name = item.url.lastPathComponent
        return name.isEmpty ? "Reel" : "\(name) — Reel"
    }

    /// `{"event":"layout","width":…,"height":…,"playPause":[x,y,w,h],"seekBar":[x,y,w,h]}`.
    static func layoutLine(_ container: PlayerContainer) -> String {
        func numbers(_ rect: Rect?) -> String {
            guard let rect else { return "null" }
            let values = [rect.minX, rect.minY, rect.width, rect.height].map { String(format: "%.1f", $0) }
            return "[" + values.joined(separator: ",") + "]"
        }
        let bounds = container.context.bounds
        return """
            {"event":"layout","width":\(Int(bounds.width)),"height":\(Int(bounds.height)),\
            "playPause":\(numbers(container.controls.frames(in: .center).first)),\
            "seekBar":\(numbers(container.controls.frames(in: .bottom1).first))}

            """
    }
}
