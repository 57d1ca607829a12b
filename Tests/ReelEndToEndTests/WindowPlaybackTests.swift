import Foundation
import ReelTestSupport
import ReelTesting
import Testing

/// `reel play` in a real window, driven like a user with xdotool: it needs an X display (run
/// through `scripts/with-display.sh`, as `make test` does) and the built `reel` executable next
/// to the test bundle.
@Suite(
    "Window playback, end to end", .serialized, .exclusiveDisplay,
    .enabled(
        if: !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"),
        "needs an X display (DISPLAY) and xdotool"))
struct WindowPlaybackTests {
    // NB: `--controls always`: with auto-hide, a loaded machine could hide the controls between the
    // test's hover and its click, and a click on the bare video only shows them again.
    @Test func clicksPauseResumeAndSeekThenQQuits() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let reel = try ReelProcess(arguments: ["play", clip.path, "--no-audio", "--json", "--controls", "always"])
        defer { reel.terminate() }

        let window = try #require(
            await Command.output("timeout", "-s", "KILL", "20", "xdotool", "search", "--sync", "--name", "^ten-seconds")
                .split(
                    separator: "\n"
                )
                .first.map(String.init), "the window never appeared")
        let layout = try #require(await reel.waitForRecord(timeout: 20) { $0["event"] as? String == "layout" })
        _ = try #require(await reel.waitForRecord(timeout: 20) { $0["state"] as? String == "playing" })
        let button = try #require(layout["playPause"] as? [Double])
        let bar = try #require(layout["seekBar"] as? [Double])
        let (buttonX, buttonY) = (Int(button[0] + button[2] / 2), Int(button[1] + button[3] / 2))

        // Pause, then play, with the play/pause button in the middle.
        var seen = reel.recordCount
        await Command.output("xdotool", "mousemove", "--window", window, "\(buttonX)", "\(buttonY - 40)")
        await Command.output("xdotool", "mousemove", "--window", window, "\(buttonX)", "\(buttonY)", "click", "1")
        let paused = await reel.waitForRecord(after: seen, timeout: 10) {
            $0["state"] as? String == "paused" && $0["reason"] as? String == "userInitiated"
        }
        #expect(paused != nil, "no paused(userInitiated) after the first click")
        seen = reel.recordCount
        await Command.output("xdotool", "mousemove", "--window", window, "\(buttonX)", "\(buttonY)", "click", "1")
        let playing = await reel.waitForRecord(after: seen, timeout: 10) { $0["state"] as? String == "playing" }
        #expect(playing != nil, "no playing after the second click")

        // Drag the seek bar's knob from 30 % to 80 %: the position jumps to about 8 s.
        let barY = Int(bar[1] + bar[3] / 2)
        let (from, to) = (Int(bar[0] + bar[2] * 0.3), Int(bar[0] + bar[2] * 0.8))
        seen = reel.recordCount
        await Command.output("xdotool", "mousemove", "--window", window, "\(from)", "\(barY)", "mousedown", "1")
        await Command.output("xdotool", "mousemove", "--window", window, "\((from + to) / 2)", "\(barY)")
        await Command.output("xdotool", "mousemove", "--window", window, "\(to)", "\(barY)", "mouseup", "1")
        let jumped = await reel.waitForRecord(after: seen, timeout: 10) { record in
            guard let position = record["position"] as? Double else { return false }
            return position >= 7.5 && position <= 9.5
        }
        #expect(jumped != nil, "the position never reached ≈ 8 s after the drag")

        // q quits with 0 (or the clip ended by itself, also 0).
        await Command.output("xdotool", "key", "--window", window, "q")
        let status = await reel.waitForExit(timeout: 15)
        #expect(status == 0)
    }

    /// MPlayerKit's system player: mpv's own window with its controller, from the same command.
    @Test func theSystemPlayerIsMPVsOwnWindowAndQuitsWithQ() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let reel = try ReelProcess(arguments: ["play", clip.path, "--no-audio", "--json", "--system-player"])
        defer { reel.terminate() }
        _ = try #require(await reel.waitForRecord(timeout: 20) { $0["state"] as? String == "playing" })
        let window = try #require(
            await Command.output(
                "timeout", "-s", "KILL", "20", "xdotool", "search", "--sync", "--name", "ten-seconds.mp4 - mpv"
            )
            .split(separator: "\n").first.map(String.init), "mpv's window never appeared")
        await Command.output("xdotool", "key", "--window", window, "q")
        #expect(await reel.waitForExit(timeout: 15) == 0)
    }
}

/// The `reel` executable built next to the test bundle, running with its JSON lines collected.
final class ReelProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var buffer = Data()
    private var records: [[String: Any]] = []

    /// Starts `reel arguments…` with `REEL_PRINT_LAYOUT` set.
    init(arguments: [String]) throws {
        process.executableURL = try BuiltProduct.require("reel")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["REEL_PRINT_LAYOUT"] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.append(handle.availableData)
        }
        try process.run()
    }

    private func append(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        buffer.append(data)
        while let newline = buffer.firstIndex(of: 0x0A) {
            let line = buffer[buffer.startIndex..<newline]
            buffer.removeSubrange(buffer.startIndex...newline)
            if let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] {
                records.append(object)
            }
        }
    }

    /// How many JSON records arrived so far.
    var recordCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return records.count
    }

    /// The first record from index `after` on that `matches`, polling until `timeout` seconds.
    func waitForRecord(
        after start: Int = 0, timeout: Double, matching matches: ([String: Any]) -> Bool
    ) async -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let found = lock.withLock { records.dropFirst(start).first(where: matches) }
            if let found { return found }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    /// The exit status, polling until `timeout` seconds; nil if it is still running.
    func waitForExit(timeout: Double) async -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Kills the process if it still runs.
    func terminate() {
        if process.isRunning { process.terminate() }
    }
}
