import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelDrawing
import ReelMPV
import ReelPlayer
import ReelSDL
import ReelTestSupport
import ReelTesting
import Testing

/// The window redraws when something changed and sleeps otherwise: no timer of its own, so a
/// paused window with nothing animating does not wake up at all, and each thing that changes
/// what it shows (the player's state, a toast's time, the controls' countdown, an image that
/// arrived) wakes it.
extension PlayerWindowTests {
    /// Counts a window's wake-ups (by what woke it) and overlay redraws.
    @MainActor
    final class Probe {
        let signal = CountSignal()

        init(_ window: PlayerWindow) {
            let signal = signal
            window.onWakeUp = { wakeUp in
                signal.increment("wake")
                signal.increment("wake.\(wakeUp)")
            }
            window.onOverlayDraw = { signal.increment("draw") }
        }

        func count(_ key: String) -> Int { signal.count(key) }

        /// Whether `key` counts at least one more within `timeout` than it did when called.
        func another(_ key: String, within timeout: Duration = .seconds(10)) async -> Bool {
            await signal.wait(for: key, atLeast: count(key) + 1, timeout: timeout)
        }

        /// Waits until `condition` holds, checked after each of the window's wake-ups (where
        /// what it reads changes), at most `timeout`; false when it never did.
        func until(timeout: Duration = .seconds(10), _ condition: @MainActor () -> Bool) async -> Bool {
            let deadline = ContinuousClock.now + timeout
            while !condition() {
                let left = deadline - ContinuousClock.now
                guard left > .zero, await another("wake", within: left) else { return condition() }
            }
            return true
        }

        /// Waits until the window has gone `quiet` without waking up (bounded by `timeout`);
        /// false when it never did.
        func settles(quiet: Duration = .seconds(1), timeout: Duration = .seconds(20)) async -> Bool {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                if !(await another("wake", within: quiet)) { return true }
            }
            return false
        }
    }

    /// A window over a bare engine (nothing loaded) and a container on a store of its own, with
    /// no engine and no ticker: nothing but the window's input, the container's timers and
    /// what the test does can wake it.
    private func makeBareWindow(
        _ state: PlayerFeature.State, style: DisplayStyle = .manual, title: String = "Reel redraws"
    ) throws -> (engine: MPVEngine, container: PlayerContainer, window: PlayerWindow) {
        var configuration = MPVConfiguration.headless
        configuration.video = .renderAPI
        let engine = try MPVEngine(configuration: configuration)
        let store = Store(initialState: state, reducer: PlayerFeature(tickInterval: .seconds(100_000)))
        var settings = ContainerConfiguration.standard
        settings.controls.displayStyle = style
        settings.controls.setTransitionForAllRegions(.opacity.animation(.linear(duration: 0.1)))
        let container = PlayerContainer(store: store, configuration: settings)
        let window = try PlayerWindow(
            engine: engine, overlay: container,
            options: .init(title: title, size: Size(width: 480, height: 270), renderPath: .software))
        return (engine, container, window)
    }

    /// A loaded 20 s item, ready; playing or paused.
    private static func readyState(playing: Bool) -> PlayerFeature.State {
        var state = PlayerFeature.State()
        state.playback.status = .ready
        state.playback.intent = PlayIntent(playWhenReady: playing, reason: .user)
        state.playback.duration = 20
        state.playback.isSeekable = true
        state.controlsVisible = true
        return state
    }

    /// A real player, paused on its first frame, with Reel's controls: once the load has
    /// settled, the window neither wakes, draws nor presents over a bounded wait, and neither
    /// does the render thread. A change of the player's state then redraws it.
    @Test func aPausedIdleWindowDoesNotWakeUp() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        var configuration = MPVConfiguration.headless
        configuration.video = .renderAPI
        let player = Player(engine: try MPVEngine(configuration: configuration))
        let window = try PlayerWindow(
            player: player,
            options: .init(title: "Reel paused", size: Size(width: 640, height: 360), renderPath: .software))
        let probe = Probe(window)
        let running = Task { await window.run() }
        try player.load(MediaItem(url: clip), autoplay: false)
        try await player.until("the first frame") { $0.playback.status == .ready && $0.playback.video != nil }
        #expect(await probe.settles(), "the paused window kept waking up")

        let statistics = window.statistics
        let wakeUps = window.wakeUps
        let renderWakeUps = PlayerWindow.renderThreadWakeUps
        #expect(!(await probe.another("wake", within: .seconds(3))), "a paused, idle window woke up")
        #expect(window.wakeUps == wakeUps)
        #expect(window.statistics.overlayDraws == statistics.overlayDraws)
        #expect(window.statistics.presentedFrames == statistics.presentedFrames)
        #expect(PlayerWindow.renderThreadWakeUps == renderWakeUps, "the render thread woke up")

        // A change of the player's state wakes it and redraws the controls.
        try player.seek(to: 2)
        #expect(await probe.another("draw"))
        #expect(probe.count("wake.redraw") >= 1)
        window.close()
        await running.value
        await player.shutdown()
    }

    /// The container's timers wake the window when they fall due, and only then: a toast goes
    /// after its time, and a seek preview's image (``Context/setNeedsDisplay()`` from its
    /// callback) is drawn when it arrives.
    @Test func aToastGoesAndAnImageIsDrawnWhenTheyAreDue() async throws {
        let (engine, container, window) = try makeBareWindow(Self.readyState(playing: false))
        let probe = Probe(window)
        let running = Task { await window.run() }
        #expect(await probe.settles())
        #expect(!(await probe.another("wake", within: .seconds(2))), "an idle window woke up")

        container.toasts.show(Toast("Hello", duration: 0.5))
        #expect(await probe.another("wake.timer"), "the toast's time never woke the window")
        #expect(await probe.until { container.toasts.visible.isEmpty && !container.needsDisplay }, "the toast stayed")
        #expect(await probe.settles())

        // What a seek preview's `onImage` does, from a task of its own.
        let draws = probe.count("draw")
        Task { @MainActor in container.context.setNeedsDisplay() }
        #expect(await probe.another("wake.redraw"))
        #expect(probe.count("draw") > draws)
        window.close()
        await running.value
        await engine.shutdown()
    }

    /// Controls shown over playing video hide after their countdown: the window wakes for it
    /// although nothing else happens (this store has no engine and no ticker).
    @Test func theControlsHideWhenTheirCountdownEnds() async throws {
        var state = Self.readyState(playing: true)
        state.controlsVisible = false
        let (engine, container, window) = try makeBareWindow(
            state, style: .auto(hideAfter: 1), title: "Reel countdown")
        let probe = Probe(window)
        let running = Task { await window.run() }
        #expect(await probe.settles())
        #expect(!container.controls.isPresented)
        container.perform(.player(.controls(.showRequested)))
        #expect(await probe.another("wake.timer"), "the countdown never woke the window")
        #expect(await probe.until { !container.controls.isPresented && !container.needsDisplay }, "still shown")
        #expect(await probe.settles())
        window.close()
        await running.value
        await engine.shutdown()
    }

    /// A player on an engine that draws no video (a fake engine) gets a typed error, not a
    /// window without video.
    @Test func aPlayerOnAnEngineWithoutVideoIsRefused() async throws {
        let player = Player(engine: FakeEngine())
        #expect {
            _ = try PlayerWindow(player: player)
        } throws: { error in
            (error as? HostError).map { $0.code == .renderer && $0.message.contains("VideoRenderingEngine") } ?? false
        }
        let (engine, _, window) = try makeBareWindow(Self.readyState(playing: false), title: "Reel refuses")
        #expect {
            try window.prepare(player)
        } throws: { error in
            (error as? HostError)?.code == .renderer
        }
        window.close()
        await engine.shutdown()
        await player.shutdown()
    }
}
