import Foundation
import Testing

/// What the desktop's media controls do to a running `reel play`, windowed or headless, and what
/// both must answer alike: loop and volume are written, play-pause pauses and resumes, and
/// `Quit` ends it with 0. Only `Fullscreen` differs: a window shows the video, so it can be set
/// (and the controls lay out for full screen); without one it cannot.
enum MediaControlsScript {
    /// Drives `reel` (started with `--json`, and `REEL_PRINT_LAYOUT` when `windowed`) on `bus`
    /// with `playerctl` and `busctl`, checking what it reports after each step.
    static func run(_ reel: ReelChild, on bus: PrivateBus, windowed: Bool) async throws {
        let signals = try SignalRecorder(bus: bus)
        defer { signals.stop() }
        #expect(await reel.waitForLine(containing: #""state":"playing""#))
        let name = await Tool.run(["playerctl", "-l"], on: bus).output
        try #require(name.hasPrefix("reel.instance"), "reel is not on the bus: \(name)")
        let layouts = { reel.lines.values.filter { $0.contains(#""event":"layout""#) } }
        if windowed {
            #expect(await reel.waitForLine(containing: #""event":"layout""#), "no window: reel played headless")
        }

        // Loop and volume are properties: the write is answered at once and carried out after,
        // so each waits for the change to be signalled before reading it back.
        let loops = signals.changes(of: "LoopStatus")
        #expect(await Tool.playerctl("loop", "Track", on: bus).status == 0)
        #expect(
            await signals.signals.wait(timeout: .seconds(10)) {
                SignalRecorder.changes(of: "LoopStatus", in: $0) > loops
            })
        #expect(await Tool.playerctl("loop", on: bus).output == "Track")
        let volumes = signals.changes(of: "Volume")
        #expect(await Tool.playerctl("volume", "0.5", on: bus).status == 0)
        #expect(
            await signals.signals.wait(timeout: .seconds(10)) { SignalRecorder.changes(of: "Volume", in: $0) > volumes }
        )
        #expect(await Tool.playerctl("volume", on: bus).output == "0.500000")

        // Fullscreen is the player's presentation.
        let property = { (name: String) in await rootProperty(name, of: reel, on: bus) }
        if windowed {
            #expect(await property("CanSetFullscreen") == "b true")
            let inline = try #require(layouts().last)
            let changes = signals.changes(of: "Fullscreen")
            #expect(await setFullscreen(true, of: reel, on: bus) == 0)
            #expect(
                await signals.signals.wait(timeout: .seconds(10)) {
                    SignalRecorder.changes(of: "Fullscreen", in: $0) > changes
                })
            #expect(await property("Fullscreen") == "b true")
            // The controls follow: their layout for full screen is not the window's.
            #expect(
                await reel.lines.wait(timeout: .seconds(10)) { lines in
                    lines.last { $0.contains(#""event":"layout""#) } != inline
                })
            #expect(await setFullscreen(false, of: reel, on: bus) == 0)
            #expect(
                await signals.signals.wait(timeout: .seconds(10)) {
                    SignalRecorder.changes(of: "Fullscreen", in: $0) > changes + 1
                })
            #expect(await property("Fullscreen") == "b false")
            #expect(
                await reel.lines.wait(timeout: .seconds(10)) { lines in
                    lines.last { $0.contains(#""event":"layout""#) } == inline
                })
        } else {
            #expect(await property("CanSetFullscreen") == "b false")
            #expect(await setFullscreen(true, of: reel, on: bus) == 0)
            // A method call is carried out after the write before it: once it returns, the write
            // was refused.
            #expect(await Tool.playerctl("play", on: bus).status == 0)
            #expect(await property("Fullscreen") == "b false")
        }

        var seen = reel.lineCount
        #expect(await Tool.playerctl("play-pause", on: bus).status == 0)
        #expect(await reel.waitForLine(containing: #""reason":"userInitiated","state":"paused""#, after: seen))
        #expect(await Tool.playerctl("status", on: bus).output == "Paused")
        seen = reel.lineCount
        #expect(await Tool.playerctl("play-pause", on: bus).status == 0)
        #expect(await reel.waitForLine(containing: #""state":"playing""#, after: seen))
        #expect(await Tool.playerctl("status", on: bus).output == "Playing")

        let quit = await Tool.run(
            [
                "busctl", "--address=\(bus.address)", "call", "org.mpris.MediaPlayer2.\(name)",
                "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2", "Quit",
            ], on: bus)
        #expect(quit.status == 0, "\(quit.error)")
        #expect(await reel.exitStatus() == 0)
    }

    /// A property of the root interface of the `reel` process on `bus`, such as `b true`.
    static func rootProperty(_ property: String, of reel: ReelChild, on bus: PrivateBus) async -> String {
        await Tool.run(
            [
                "busctl", "--address=\(bus.address)", "get-property", busName(of: reel), "/org/mpris/MediaPlayer2",
                "org.mpris.MediaPlayer2", property,
            ], on: bus
        ).output
    }

    /// Sets `Fullscreen` with `busctl set-property`; returns its status.
    private static func setFullscreen(_ fullscreen: Bool, of reel: ReelChild, on bus: PrivateBus) async -> Int32 {
        await Tool.run(
            [
                "busctl", "--address=\(bus.address)", "set-property", busName(of: reel), "/org/mpris/MediaPlayer2",
                "org.mpris.MediaPlayer2", "Fullscreen", "b", fullscreen ? "true" : "false",
            ], on: bus
        ).status
    }

    private static func busName(of reel: ReelChild) -> String {
        "org.mpris.MediaPlayer2.reel.instance\(reel.processIdentifier)"
    }
}
