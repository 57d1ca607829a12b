import Foundation
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
