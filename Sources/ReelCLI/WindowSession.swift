import Foundation
import Reel
import ReelComposable
import ReelContainer
import ReelCore
import ReelDesktop
import ReelDrawing
import ReelMPV
import ReelPlayer
import ReelPreview
import ReelSDL

/// Plays one item in a window: a `Player` on `MPVEngine`, shown by a `PlayerWindow` (which sets
/// up the video output, and draws its own `PlayerContainer`: every control, with seek previews),
/// and integrated with the desktop like the headless session. The windowed
/// counterpart of ``PlaybackSession``, with the same reports: the player's events and position
/// samples.
///
/// Exit codes as in ``PlaybackSession``: 0 at the end of the media, on `q` or when the window
/// is closed (also by MPRIS's `Quit`), 1 when the item fails, 128 + the signal when interrupted.
///
/// Started with no items (`reel play` alone, or Reel chosen from the desktop's menu), the
/// window waits for a drop, as mpv's idle window does: it says so (``DropHint``), plays what
/// is dropped, and stays open at the end or after a failure until it is closed (exit code 0).
/// The title follows the item that plays.
@MainActor
final class WindowSession {
    /// Set (to anything) to print the controls' layout as JSON lines (`{"event":"layout",…}`),
    /// for end-to-end tests that click them.
    static let layoutVariable = "REEL_PRINT_LAYOUT"

    private let queue: SessionQueue
    private var item: MediaItem? { queue.first }
    /// Whether the window opened empty and waits for drops: then the end of the queue or a
    /// failure leaves it open.
    private var waitsForDrops: Bool { queue.items.isEmpty }
    private let options: PlaybackOptions
    private let reporter: any PlaybackReporter

    /// Creates a session for `item`.
    init(queue: SessionQueue, options: PlaybackOptions) {
        self.queue = queue
        self.options = options
        reporter = options.makeReporter()
    }

    /// Plays `item` in a window when one can be opened, headless otherwise (or with
    /// `--headless`); returns the exit code.
    static func play(_ queue: SessionQueue, options: PlaybackOptions) async -> Int32 {
        if isWanted(options), let exitCode = await WindowSession(queue: queue, options: options).run() {
            return exitCode
        }
        guard !queue.items.isEmpty else {
            Console.error("reel: no window could be opened to drop a file on; give a file or an address to play.\n")
            return 1
        }
        return await PlaybackSession(queue: queue, options: options).run()
    }

    /// Whether a window may be tried: an X display is named and `--headless` was not given.
    nonisolated static func isWanted(_ options: PlaybackOptions) -> Bool {
        // mpv's own window (the system player) plays through the headless path's Player.
        guard !options.headless, !options.systemPlayer else { return false }
        return !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
    }

    /// Plays the item in a window and returns the exit code; nil when no window could be opened
    /// (nothing was reported then, and the caller plays headless instead).
    func run() async -> Int32? {
        Console.ignoreBrokenPipes()
        let engine: MPVEngine
        do {
            engine = try MPVEngine(configuration: options.engineConfiguration)
        } catch {
            reporter.report(error, command: nil)
            return 1
        }
        let player = Player(engine: engine, feature: PlayerFeature(readinessDeadline: options.readinessDeadline))
        // The window's texts follow the environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), as the
        // container's do; the terminal's stay English.
        let strings = ContainerStrings()
        // The window's own container: every control, `q` closes the window, and the seek bar
        // previews the player's items (issue #5).
        let window: PlayerWindow
        do {
            window = try PlayerWindow(player: player, options: .init(title: Self.title(for: item, strings: strings)))
        } catch {
            if options.verbose { Console.error("reel: no window (\(error.message)); playing headless.\n") }
            await player.shutdown()
            return nil
        }
        if let folder = options.screenshotDir {
            window.container?.context.configuration.screenshotFolder = URL(
                fileURLWithPath: (folder as NSString).expandingTildeInPath, isDirectory: true)
        }
        guard let container = window.container else {
            // Only a window made with an overlay of its own has no container.
            window.close()
            await player.shutdown()
            return nil
        }
        container.controls.displayStyle = options.controls.displayStyle
        // `--stats` starts with the statistics shown; `i` toggles them.
        for case let statistics as StatisticsOverlay in container.overlays { statistics.isShown = options.stats }
        // The window shows the figures; JSON lines get them once a second with `--stats`.
        let metrics = MetricsFollower(player: player, reporter: reporter, periodic: options.stats && options.json)
        if options.pictureInPicture { try? player.startPictureInPicture() }
        if options.settings.fullscreen { try? player.setPresentation(.fullscreen) }
        // MPRIS's Raise and Quit raise and close the window (a DesktopWindow through `import Reel`);
        // Fullscreen is the player's.
        let desktop = options.makeDesktopIntegration(player: player, window: window)
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

        // Reports the player's events as the headless session does; the event that ends the
        // session closes the window. Once the session is over, only the item's end is reported
        // (shutting the player down stops it).
        var isOver = false
        let events = player.events
        let reports = Task { [weak window, reporter] in
            for await event in events {
                if isOver {
                    if case .itemEnded = event { reporter.report(event, playback: player.playback) }
                    continue
                }
                reporter.report(event, playback: player.playback)
                if !waitsForDrops, let code = PlaybackSession.exitCode(after: event, player: player) {
                    exitCode = code
                    isOver = true
                    window?.close()
                }
            }
        }

        if let item { reporter.begin(item, keysEnabled: false) }
        do {
            try options.settings.apply(to: player)
            try queue.start(on: player)
        } catch {
            reporter.report(error, command: item.map { .load(LoadRequest(item: $0)) })
            exitCode = 1
            isOver = true
            window.close()
        }
        // Follows the container by observation, and ticks the reporter four times a second while
        // the player plays (or figures are printed periodically): no polling between changes, and
        // none at all while paused.
        let observer = Task { [reporter, weak window] in
            var lastLayout = ""
            let printsLayout = ProcessInfo.processInfo.environment[Self.layoutVariable] != nil
            var subtitleClearance = 0.0
            var nextTick = ContinuousClock.now
            let observe: @MainActor () -> Void = {
                _ = container.subtitleClearance
                _ = player.playback.item
                _ = player.playback.playerState
                _ = player.currentTime
                if printsLayout { _ = Self.layoutLine(container) }
            }
            while !Task.isCancelled {
                // The title names the item that plays (a queue moves on; a drop opens another).
                if let window, let playing = player.playback.item {
                    let title = Self.title(for: playing, strings: strings)
                    if window.title != title { window.title = title }
                }
                // Subtitles move above the control bar while it shows.
                let clearance = container.subtitleClearance
                if clearance != subtitleClearance {
                    subtitleClearance = clearance
                    try? player.perform(.outputs(.subtitleMarginChanged(clearance)))
                }
                if printsLayout, !container.context.bounds.isEmpty {
                    let layout = Self.layoutLine(container)
                    if layout != lastLayout {
                        lastLayout = layout
                        Console.out(layout)
                    }
                }
                if ContinuousClock.now >= nextTick {
                    reporter.tick(player.playback)
                    metrics.tick()
                    nextTick = ContinuousClock.now.advanced(by: .milliseconds(250))
                }
                // The layout is not observable: `REEL_PRINT_LAYOUT` (tests, diagnostics) keeps
                // looking four times a second; otherwise a paused window's loop sleeps.
                let ticks = player.playback.playerState == .playing || metrics.periodic || printsLayout
                _ = await ObservationWait.nextChange(
                    before: ticks ? nextTick : .now.advanced(by: .seconds(86_400)), observing: observe)
            }
        }

        await window.run()
        isOver = true
        desktop.stop()
        if options.verbose { Console.error(Self.describe(window.statistics) + "\n") }
        observer.cancel()
        await observer.value
        window.close()
        await window.seekPreviews?.shutdown()
        await player.shutdown()
        // The player's events finish at shutdown.
        await reports.value
        await metrics.finish()
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

    /// The window's title: the item's file name, then "Reel", as `strings` write it; "Reel"
    /// alone without an item.
    static func title(for item: MediaItem?, strings: ContainerStrings) -> String {
        guard let name = item?.url.lastPathComponent, !name.isEmpty else { return "Reel" }
        return strings.windowTitle(for: name)
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
