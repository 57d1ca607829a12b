import Foundation
import ReelTestSupport
import ReelTesting
import Testing

/// `reel play` in a window answers the desktop's media controls as it does headless (see
/// ``MediaControlsScript``), and MPRIS's `Fullscreen` is the window's. Needs an X display: it
/// runs in `make gui-test`'s private Xvfb (the Makefile's `GUI_SUITES`), and is skipped without
/// `DISPLAY`.
@Suite(
    "reel play in a window and MPRIS", .exclusiveDisplay,
    .enabled(if: !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty, "needs an X display (DISPLAY)"))
struct WindowedReelPlayTests {
    @Test func theWindowAnswersTheMediaControlsAsHeadlessReelPlayDoes() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let bus = try await PrivateBus.start()
        defer { bus.stop() }
        let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        let reel = try ReelChild(
            ["play", clip.path, "--no-audio", "--json"], bus: bus,
            environment: ["DISPLAY": display, "REEL_PRINT_LAYOUT": "1"])
        defer { reel.terminate() }
        try await MediaControlsScript.run(reel, on: bus, windowed: true)
    }

    /// The window's texts follow `LANG` as gettext reads it: German here, where the picture in
    /// picture window's title (which the window manager shows) says so. The make targets run
    /// the tests in the messages locale C, which the child's environment overrides.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"), "needs xdotool"))
    func theWindowFollowsAGermanLang() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let bus = try await PrivateBus.start()
        defer { bus.stop() }
        let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        let reel = try ReelChild(
            ["play", clip.path, "--no-audio", "--json", "--picture-in-picture"], bus: bus,
            environment: ["DISPLAY": display, "LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""])
        defer { reel.terminate() }
        #expect(await reel.waitForLine(containing: #""state":"playing""#))
        let window = await Command.output(
            "timeout", "-s", "KILL", "20", "xdotool", "search", "--sync", "--name", "Bild im Bild"
        )
        .split(separator: "\n").first.map(String.init)
        let id = try #require(window, "no picture-in-picture window with a German title")
        let title = await Command.output("xdotool", "getwindowname", id)
        #expect(
            title.trimmingCharacters(in: .whitespacesAndNewlines) == "\(clip.lastPathComponent) — Reel — Bild im Bild")
    }

    /// `reel play` with no file (Reel chosen from the desktop's menu) opens an empty window that
    /// plays what is dropped on it, names it in the title, and stays open at the end until `q`.
    @Test(.enabled(if: WindowDrop.isAvailable, "needs xdotool and python3-xlib"))
    func withNoFileAnEmptyWindowPlaysWhatIsDroppedAndStaysOpen() async throws {
        let first = try await MediaFixtures.url(for: .shortClip)
        let second = try await MediaFixtures.url(for: .tenSecondClip)
        let bus = try await PrivateBus.start()
        defer { bus.stop() }
        let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        let reel = try ReelChild(
            ["play", "--no-audio", "--json"], bus: bus, environment: ["DISPLAY": display, "REEL_PRINT_LAYOUT": "1"])
        defer { reel.terminate() }
        #expect(await reel.waitForLine(containing: #""event":"layout""#), "no window")
        let found = await Command.output(
            "timeout", "-s", "KILL", "20", "xdotool", "search", "--sync", "--name", "^Reel$")
        let window = try #require(found.split(separator: "\n").first.map(String.init), "no window called Reel")

        func drop(_ file: URL) async throws {
            let result = try await WindowDrop.drop(file.absoluteString + "\r\n", type: "text/uri-list", on: window)
            #expect(result.status == 0, "xdnd-drop: \(result.errorText)")
        }
        try await drop(first)
        #expect(await reel.waitForLine(containing: #""state":"playing""#))
        // The search's pattern stays ASCII (xdotool's regex runs in the C locale); the name is
        // compared whole.
        let named = await Command.output(
            "timeout", "-s", "KILL", "20", "xdotool", "search", "--sync", "--name",
            "^\(first.lastPathComponent) .+ Reel$")
        #expect(
            named.split(separator: "\n").first.map(String.init) == window, "the title does not name the dropped file")
        let title = await Command.output("xdotool", "getwindowname", window)
        #expect(title.trimmingCharacters(in: .newlines) == "\(first.lastPathComponent) — Reel")
        // At its end the window stays, and takes the next drop.
        #expect(await reel.waitForLine(containing: #""reason":"endOfMedia""#))
        let seen = reel.lineCount
        try await drop(second)
        #expect(await reel.waitForLine(containing: #""state":"playing""#, after: seen))
        #expect(reel.isRunning)
        _ = await Command.output("xdotool", "key", "--window", window, "q")
        #expect(await reel.exitStatus() == 0)
    }

    @Test func fullscreenStartsTheWindowFullscreen() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let bus = try await PrivateBus.start()
        defer { bus.stop() }
        let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        let reel = try ReelChild(
            ["play", clip.path, "--no-audio", "--json", "--fullscreen"], bus: bus,
            environment: ["DISPLAY": display, "REEL_PRINT_LAYOUT": "1"])
        defer { reel.terminate() }
        #expect(await reel.waitForLine(containing: #""state":"playing""#))
        #expect(await reel.waitForLine(containing: #""event":"layout""#), "no window: reel played headless")
        #expect(await MediaControlsScript.rootProperty("Fullscreen", of: reel, on: bus) == "b true")
    }
}
