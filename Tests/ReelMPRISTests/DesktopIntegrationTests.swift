import Foundation
import ReelCore
import ReelDesktop
import ReelMPRIS
import ReelMPV
import ReelPlayer
import ReelPulse
import ReelTestSupport
import ReelTesting
import Testing

/// `DesktopIntegration` on private buses (stand-in logind and screensaver) and a private sound
/// server, driven by the real `playerctl` and `busctl`.
@MainActor
@Suite("Desktop integration", .timeLimit(.minutes(1)))
struct DesktopIntegrationTests {
    let item = MediaItem(url: URL(string: "https://media.test/clip.mp4")!)

    /// Every bus part on `bus`, the sound server (if any) at `soundServer`.
    static func configuration(
        _ parts: Set<DesktopIntegration.Part>, bus: String, soundServer: String? = nil
    ) -> DesktopIntegration.Configuration {
        DesktopIntegration.Configuration(
            parts: parts, mpris: MPRISConfiguration(address: .address(bus)), screenSaverBus: .address(bus),
            logindBus: .address(bus), soundServer: soundServer)
    }

    /// `busctl call` of a method of the root MPRIS interface; returns its status.
    static func call(_ method: String, on bus: PrivateBus) async -> Int32 {
        await Tool.run(
            [
                "busctl", "--address=\(bus.address)", "call", MPRISConfiguration.defaultBusName,
                "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2", method,
            ], on: bus
        ).status
    }

    /// A root MPRIS property as `busctl get-property` prints it, such as `b true`.
    static func rootProperty(_ name: String, on bus: PrivateBus) async -> String {
        await Tool.run(
            [
                "busctl", "--address=\(bus.address)", "get-property", MPRISConfiguration.defaultBusName,
                "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2", name,
            ], on: bus
        ).output
    }

    @Test func mediaKeysDriveThePlayerAndRaiseAndQuitReachTheWindow() async throws {
        let bus = try await PrivateBus.start()
        defer { bus.stop() }
        let engine = FakeEngine()
        engine.setMedia(FakeEngine.Media(duration: 60), for: item.url)
        let player = Player(engine: engine)
        let window = StandInWindow()
        let desktop = DesktopIntegration(
            player: player, window: window, configuration: Self.configuration([.mpris], bus: bus.address))
        #expect(desktop.activeParts == [.mpris])
        #expect(desktop.issues.isEmpty)
        #expect(await Tool.run(["playerctl", "-l"], on: bus).output.hasPrefix("reel.instance"))

        try player.load(item)
        try await player.until(state: .playing)
        #expect(await Tool.playerctl("play-pause", on: bus).status == 0)
        #expect(player.playback.intent == PlayIntent(playWhenReady: false, reason: .remote))
        #expect(await Tool.playerctl("play-pause", on: bus).status == 0)
        #expect(player.playback.intent == PlayIntent(playWhenReady: true, reason: .remote))

        #expect(await Self.rootProperty("CanRaise", on: bus) == "b true")
        #expect(await Self.rootProperty("CanQuit", on: bus) == "b true")
        #expect(await Self.call("Raise", on: bus) == 0)
        #expect(window.raises == 1)
        #expect(window.closes == 0)
        #expect(await Self.call("Quit", on: bus) == 0)
        #expect(window.closes == 1)
        #expect(player.playback.intent.playWhenReady, "Quit closes the window; the app decides what follows")

        desktop.stop()
        await player.shutdown()
    }

    @Test func withoutAWindowQuitStopsThePlayerAndRaiseIsNotOffered() async throws {
        let bus = try await PrivateBus.start()
        defer { bus.stop() }
        let engine = FakeEngine()
        engine.setMedia(FakeEngine.Media(duration: 60), for: item.url)
        let player = Player(engine: engine)
        let desktop = DesktopIntegration(player: player, configuration: Self.configuration([.mpris], bus: bus.address))
        try player.load(item)
        try await player.until(state: .playing)
        #expect(await Self.rootProperty("CanRaise", on: bus) == "b false")
        #expect(await Self.rootProperty("CanQuit", on: bus) == "b true")
        #expect(await Self.call("Quit", on: bus) == 0)
        #expect(player.playback.status == .idle)
        #expect(player.playback.intent.reason == .remote)
        desktop.stop()
        await player.shutdown()
    }

    @Test func sleepInterruptsAndTheScreensaverStaysOffWhileVideoPlays() async throws {
        let bus = try await PrivateBus.start()
        defer { bus.stop() }
        let logind = try StandInLogind(bus: bus)
        defer { logind.stop() }
        let screensaver = try StandInScreenSaver(bus: bus)
        defer { screensaver.stop() }
        let engine = FakeEngine()
        engine.setMedia(FakeEngine.Media(duration: 60), for: item.url)
        let player = Player(engine: engine)
        let desktop = DesktopIntegration(
            player: player, configuration: Self.configuration([.sleep, .screenSaver], bus: bus.address))
        #expect(desktop.activeParts == [.sleep, .screenSaver])
        #expect(desktop.mpris == nil)

        try player.load(item)
        try await player.until(state: .playing)
        let inhibited = ScreenSaverCall.inhibit(application: "Reel", reason: "Playing video", cookie: 1)
        #expect(await screensaver.calls.wait(timeout: .seconds(10)) { $0 == [inhibited] })
        await logind.prepareForSleep(true)
        try await player.until(state: .paused(reason: .interrupted))
        #expect(await screensaver.calls.wait(timeout: .seconds(10)) { $0.last == .uninhibit(cookie: 1) })
        await logind.prepareForSleep(false)
        try await player.until(state: .playing)
        #expect(player.playback.intent == PlayIntent(playWhenReady: true, reason: .interruption))
        #expect(await screensaver.calls.wait(timeout: .seconds(10)) { $0.count == 3 })

        // Stopping leaves the buses and releases the screensaver.
        desktop.stop()
        #expect(!desktop.isRunning)
        #expect(desktop.activeParts.isEmpty)
        #expect(await screensaver.calls.wait(timeout: .seconds(10)) { $0.last == .uninhibit(cookie: 3) })
        await player.shutdown()
    }

    @Test func stoppingLeavesTheBus() async throws {
        let bus = try await PrivateBus.start()
        defer { bus.stop() }
        let player = Player(engine: FakeEngine())
        let desktop = DesktopIntegration(player: player, configuration: Self.configuration([.mpris], bus: bus.address))
        #expect(await Tool.run(["playerctl", "-l"], on: bus).output.hasPrefix("reel.instance"))
        desktop.stop()
        desktop.stop()
        #expect(await Tool.run(["playerctl", "-l"], on: bus).output.isEmpty)
        #expect(desktop.mpris?.isRunning == false)
        await player.shutdown()
    }

    @Test func partsTurnedOffAreNotStarted() async throws {
        let bus = try await PrivateBus.start()
        defer { bus.stop() }
        let player = Player(engine: FakeEngine())
        let desktop = DesktopIntegration(player: player, configuration: Self.configuration([], bus: bus.address))
        #expect(desktop.activeParts.isEmpty)
        #expect(desktop.issues.isEmpty)
        #expect(desktop.mpris == nil && desktop.sleepMonitor == nil)
        #expect(desktop.screenSaverInhibitor == nil && desktop.audioOutputMonitor == nil)
        #expect(await Tool.run(["playerctl", "-l"], on: bus).output.isEmpty)
        desktop.stop()
        await player.shutdown()
    }

    @Test func withoutABusOrASoundServerEveryPartSaysWhyItIsOffAndThePlayerPlaysOn() async throws {
        let missingBus = "unix:path=/nonexistent/reel-test-bus"
        let engine = FakeEngine()
        engine.setMedia(FakeEngine.Media(duration: 60), for: item.url)
        let player = Player(engine: engine)
        var reported: [DesktopIntegration.Issue] = []
        let desktop = DesktopIntegration(
            player: player,
            configuration: Self.configuration(
                Set(DesktopIntegration.Part.allCases), bus: missingBus, soundServer: "unix:/nonexistent/reel-pulse")
        ) { reported.append($0) }
        // The bus parts fail at once, the sound server a moment later (it connects in the background).
        let allReported = await ObservationWait.until(
            timeout: .seconds(10), observing: { _ = desktop.issues }, { desktop.issues.count == 4 })
        #expect(allReported, "\(desktop.issues)")
        #expect(Set(desktop.issues.map(\.part)) == Set(DesktopIntegration.Part.allCases))
        #expect(reported == desktop.issues)
        #expect(desktop.activeParts.isEmpty)
        let messages = Dictionary(desktop.issues.map { ($0.part, $0.message) }) { first, _ in first }
        #expect(messages[.mpris]?.hasPrefix("MPRIS is off: Cannot connect to the bus at \(missingBus): ") == true)
        #expect(messages[.sleep]?.hasPrefix("sleep is not watched: Cannot connect to the bus at ") == true)
        #expect(messages[.screenSaver]?.hasPrefix("the screensaver is not inhibited: Cannot connect ") == true)
        #expect(messages[.audioOutput]?.hasPrefix("the audio output is not watched: Cannot connect ") == true)

        try player.load(item)
        try await player.until(state: .playing)
        desktop.stop()
        await player.shutdown()
    }

    @Test func aLostAudioOutputPausesThePlayer() async throws {
        let server = try await PrivateSoundServer.start(outputs: ["reel_headphones", "reel_speakers"])
        defer { server.stop() }
        var engineConfiguration = MPVConfiguration()
        engineConfiguration.audio = .system
        engineConfiguration.options = ["pulse-host": server.address]
        let player = Player(engine: try MPVEngine(configuration: engineConfiguration))
        var losses: [AudioOutputLoss] = []
        let desktop = DesktopIntegration(
            player: player,
            configuration: DesktopIntegration.Configuration(parts: [.audioOutput], soundServer: server.address))
        desktop.onAudioOutputLost = { losses.append($0) }
        let connected = await ObservationWait.until(
            timeout: .seconds(10), observing: { _ = desktop.activeParts }, { desktop.activeParts == [.audioOutput] })
        #expect(connected, "\(desktop.issues)")
        let monitor = try #require(desktop.audioOutputMonitor)

        try player.load(MediaItem(url: try await MediaFixtures.url(for: .tenSecondClip)))
        try await player.until(state: .playing)
        let onHeadphones = await ObservationWait.until(
            timeout: .seconds(10), observing: { _ = monitor.activeOutputs },
            { monitor.activeOutputs.map(\.name) == ["reel_headphones"] })
        #expect(onHeadphones)
        let module = try #require(await server.module(ofOutput: "reel_headphones"))
        await server.removeOutput(module: module)
        try await player.until(state: .paused(reason: .interrupted))
        #expect(losses == [AudioOutputLoss(output: "reel_headphones", cause: .outputRemoved)])
        desktop.stop()
        await player.shutdown()
    }
}

extension DesktopIntegrationTests {
    /// The sound server restarting turns the audio output's part off, says so, and brings it
    /// back once the monitor is connected again.
    @Test func theAudioOutputPartComesBackWhenTheSoundServerDoes() async throws {
        let server = try await PrivateSoundServer.start(outputs: ["reel_speakers"])
        let player = Player(engine: FakeEngine())
        let desktop = DesktopIntegration(
            player: player,
            configuration: DesktopIntegration.Configuration(parts: [.audioOutput], soundServer: server.address))
        let observe: @MainActor () -> Void = { _ = desktop.activeParts }
        #expect(
            await ObservationWait.until(timeout: .seconds(10), observing: observe) {
                desktop.activeParts == [.audioOutput]
            })
        desktop.audioOutputMonitor?.reconnectDelay = .milliseconds(100)

        let restarted = try await server.restarted()
        defer { restarted.stop() }
        // The part was off while the server was away: the issue says so for good (the part
        // itself may be back already when this task runs, on a loaded machine).
        let observeIssues: @MainActor () -> Void = { _ = desktop.issues }
        #expect(
            await ObservationWait.until(timeout: .seconds(10), observing: observeIssues) {
                desktop.issues.contains {
                    $0.message.hasPrefix("the audio output is no longer watched (connecting again)")
                }
            })
        #expect(
            await ObservationWait.until(timeout: .seconds(20), observing: observe) {
                desktop.activeParts == [.audioOutput]
            })
        desktop.stop()
        await player.shutdown()
    }
}

/// What `DesktopIntegration` raises and closes, counting the calls.
@MainActor
final class StandInWindow: DesktopWindow {
    private(set) var raises = 0
    private(set) var closes = 0

    func raise() { raises += 1 }
    func close() { closes += 1 }
}
