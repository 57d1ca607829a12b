import Foundation
import ReelComposable
import ReelCore
import ReelDesktop
import ReelMPRIS
import ReelMPV
import ReelPlayer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Plays one item with `MPVEngine` until it ends, fails, or the user quits, reporting as it
/// goes: the one code path of `reel play` and `reel demo`.
///
/// While it runs, standard input (when a terminal) is in raw mode: space toggles pause, ←/→
/// skip 5 s, `q` quits. `SIGINT` and `SIGTERM` restore the terminal at once and end the session.
/// The player is always shut down before ``run()`` returns; the item's end at shutdown is the
/// last thing reported.
///
/// Exit codes: 0 at the end of the media or on `q`, 1 when the item fails or is refused,
/// 128 + the signal when interrupted (130 for Ctrl-C).
@MainActor
final class PlaybackSession {
    /// How far the arrow keys skip, in seconds.
    static let skipInterval: TimeInterval = 5

    private let queue: SessionQueue
    /// The first item: a headless session always has one (`PlayCommand` and
    /// ``WindowSession/play(_:options:)`` see to it).
    private var item: MediaItem {
        guard let first = queue.first else { preconditionFailure("A headless session needs an item to play.") }
        return first
    }
    private let options: PlaybackOptions
    private let reporter: any PlaybackReporter

    /// Creates a session for `item`.
    init(queue: SessionQueue, options: PlaybackOptions) {
        self.queue = queue
        self.options = options
        reporter = options.makeReporter()
    }

    /// Plays the item and returns the process's exit code.
    func run() async -> Int32 {
        Console.ignoreBrokenPipes()
        let (inputs, input) = AsyncStream<SessionInput>.makeStream()
        var configuration = options.engineConfiguration
        if options.verbose {
            configuration.logger = CLILogging.logger("reel.mpv") { input.yield(.log($0)) }
        }
        let engine: MPVEngine
        do {
            engine = try MPVEngine(configuration: configuration)
        } catch {
            reporter.report(error, command: nil)
            return 1
        }
        let player = Player(engine: engine, feature: PlayerFeature(readinessDeadline: options.readinessDeadline))

        let playerEvents = player.events
        let metrics = MetricsFollower(player: player, reporter: reporter, periodic: options.stats)
        let forwarder = Task {
            for await event in playerEvents { input.yield(.player(event)) }
        }
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
                input.yield(.tick)
            }
        }
        let desktop = options.makeDesktopIntegration(player: player, window: nil)
        // MPRIS's Quit ends the session as q does (without a window it would only stop the player).
        desktop.mpris?.onQuit = { input.yield(.key(.quit)) }
        let terminal = TerminalMode.enterRaw()
        let keys = terminal.map { _ in KeyReader(descriptor: STDIN_FILENO) { input.yield(.key($0)) } }
        let signals = SignalWatcher { signal in
            terminal?.restore()
            input.yield(.interrupted(signal: signal))
        }

        reporter.begin(item, keysEnabled: keys != nil)
        var exitCode: Int32
        do {
            try options.settings.apply(to: player)
            try queue.start(on: player)
            exitCode = await loop(inputs, player: player, metrics: metrics)
        } catch {
            reporter.report(error, command: .load(LoadRequest(item: item)))
            exitCode = 1
        }

        keys?.stop()
        terminal?.restore()
        ticker.cancel()
        desktop.stop()
        await player.shutdown()
        // Shutting down stops the item (with keep-open it is still open at its end): report
        // that end, then nothing else, since the session is over.
        await forwarder.value
        input.finish()
        for await case .player(let event) in inputs {
            if case .itemEnded = event { reporter.report(event, playback: player.playback) }
        }
        await metrics.finish()
        reporter.end(exitCode: exitCode)
        signals.stop()
        return exitCode
    }

    /// Handles inputs until one of them ends the session; returns the exit code.
    private func loop(_ inputs: AsyncStream<SessionInput>, player: Player, metrics: MetricsFollower) async -> Int32 {
        for await input in inputs {
            switch input {
            case .player(let event):
                reporter.report(event, playback: player.playback)
                if let exitCode = Self.exitCode(after: event, player: player) { return exitCode }
            case .tick:
                reporter.tick(player.playback)
                metrics.tick()
            case .key(let key):
                if key == .quit { return 0 }
                perform(key, on: player)
            case .log(let line):
                reporter.log(line)
            case .interrupted(let signal):
                return 128 + signal
            }
        }
        return 0
    }

    /// The exit code when `event` ends the session: the end of the queue's media, a failure
    /// the queue does not move on from, or the current item stopped by something else (MPRIS's
    /// Stop). The end of an item the queue follows with another ends nothing.
    static func exitCode(after event: PlayerEvent, player: Player) -> Int32? {
        switch event {
        case .stateChanged(.paused(reason: .endOfMedia)): return 0
        case .stateChanged(.paused(reason: .error)): return 1
        case .itemEnded(let id, .stopped) where id == player.playback.itemID: return 0
        default: return nil
        }
    }

    /// Carries out a key's command; a refusal is reported, never fatal.
    private func perform(_ key: Key, on player: Player) {
        let skip = Self.skipInterval
        do {
            switch key {
            case .space: try player.togglePlayPause()
            case .left: try player.skip(by: -skip, precision: .exact)
            case .right: try player.skip(by: skip, precision: .exact)
            case .next: try player.next()
            case .previous: try player.previous()
            case .frameForward: try player.stepFrame(forward: true)
            case .frameBack: try player.stepFrame(forward: false)
            case .quit: break
            }
        } catch {
            let command: EngineCommand? =
                switch key {
                case .space: player.playback.intent.playWhenReady ? .pause : .play
                case .left: .seek(.relative(-skip), precision: .exact)
                case .right: .seek(.relative(skip), precision: .exact)
                case .frameForward: .stepFrame(forward: true)
                case .frameBack: .stepFrame(forward: false)
                case .next, .previous, .quit: nil
                }
            reporter.report(error, command: command)
        }
    }
}
