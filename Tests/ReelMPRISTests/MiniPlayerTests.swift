import Foundation
import ReelTestSupport
import ReelTesting
import Testing

/// The README's quick start (`Examples/MiniPlayer`) driven like a user under X: a click on the
/// play/pause button, `f`, `p` and picture in picture's close button, `q`; what the player does is
/// read from the desktop's side (MPRIS on a private bus), since the program prints nothing. Runs
/// in `make gui-test`'s private Xvfb (the Makefile's `GUI_SUITES`). `timeout -s KILL`: the
/// test process's children inherit a blocked SIGTERM.
@Suite(
    "MiniPlayer, the quick start", .exclusiveDisplay,
    .enabled(
        if: !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"),
        "needs an X display (DISPLAY) and xdotool"))
struct MiniPlayerTests {
    @Test func clickFullscreenPictureInPictureAndQuit() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let bus = try await PrivateBus.start()
        defer { bus.stop() }
        let signals = try SignalRecorder(bus: bus)
        defer { signals.stop() }
        let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        let mini = try ReelChild(
            [clip.path], executable: "MiniPlayer", bus: bus,
            environment: ["DISPLAY": display, "PULSE_SERVER": "unix:/nonexistent"])
        defer { mini.terminate() }
        let window = try #require(
            await Command.output("timeout", "-s", "KILL", "20", "xdotool", "search", "--sync", "--name", "^MiniPlayer$")
                .split(separator: "\n").first.map(String.init), "the window never appeared")
        #expect(await Self.status(is: "Playing", on: bus, signals: signals))

        // A click on the play/pause button in the middle pauses. The controls hide by themselves
        // while playing, and a click on the bare video only shows them: then click again.
        var paused = false
        for _ in 0..<3 where !paused {
            await Command.output("xdotool", "mousemove", "--window", window, "640", "300")
            await Command.output("xdotool", "mousemove", "--window", window, "640", "360", "click", "1")
            paused = await Self.status(is: "Paused", on: bus, signals: signals, timeout: .seconds(5))
        }
        #expect(paused, "no click on the play/pause button paused the player")

        // `f`: the player's presentation, which MPRIS shows as Fullscreen.
        await Command.output("xdotool", "key", "--window", window, "f")
        #expect(await Self.property("Fullscreen", is: "b true", of: mini, on: bus, signals: signals))
        await Command.output("xdotool", "key", "--window", window, "f")
        #expect(await Self.property("Fullscreen", is: "b false", of: mini, on: bus, signals: signals))

        // `p`: picture in picture, a small window of its own; its close button brings the video back.
        #expect(await Tool.playerctl("play", on: bus).status == 0)
        #expect(await Self.status(is: "Playing", on: bus, signals: signals))
        await Command.output("xdotool", "key", "--window", window, "p")
        let small = await Command.output(
            "timeout", "-s", "KILL", "10", "xdotool", "search", "--sync", "--name", "picture in picture")
        let pip = try #require(small.split(separator: "\n").last.map(String.init), "no picture-in-picture window")
        await Command.output("xdotool", "mousemove", "--window", pip, "300", "30")
        await Command.output("xdotool", "mousemove", "--window", pip, "300", "20", "click", "1")
        #expect(await Self.status(is: "Paused", on: bus, signals: signals))
        #expect(await Command.output("xdotool", "search", "--name", "picture in picture").isEmpty)

        // `q` closes the window, and the program ends with 0.
        await Command.output("xdotool", "key", "--window", window, "q")
        #expect(await mini.exitStatus() == 0)
    }

    /// Waits until `playerctl status` says `expected`, checking again at every property change.
    static func status(
        is expected: String, on bus: PrivateBus, signals: SignalRecorder, timeout: Duration = .seconds(20)
    ) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            let seen = signals.signals.values.count
            if await Tool.playerctl("status", on: bus).output == expected { return true }
            _ = await signals.signals.wait(timeout: .seconds(1)) { $0.count > seen }
        }
        return false
    }

    /// Waits until the root interface's `name` reads `expected` (`busctl` format, `b true`).
    static func property(
        _ name: String, is expected: String, of mini: ReelChild, on bus: PrivateBus, signals: SignalRecorder
    ) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while ContinuousClock.now < deadline {
            let seen = signals.signals.values.count
            let value = await Tool.run(
                [
                    "busctl", "--address=\(bus.address)", "get-property",
                    "org.mpris.MediaPlayer2.reel.instance\(mini.processIdentifier)", "/org/mpris/MediaPlayer2",
                    "org.mpris.MediaPlayer2", name,
                ], on: bus
            ).output
            if value == expected { return true }
            _ = await signals.signals.wait(timeout: .seconds(1)) { $0.count > seen }
        }
        return false
    }
}
