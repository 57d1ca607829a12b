import Foundation
import ReelTestSupport
import ReelTesting
import Testing

/// `Examples/Feed` driven like a user under X: ↓, the wheel, ↑ and a drag move the feed, and the
/// item shown plays. The program prints a JSON line per item shown and per item that starts to
/// play, and names its window after the item shown. Runs in `make gui-test`'s private Xvfb (the
/// Makefile's `GUI_SUITES`). `timeout -s KILL` and `SIGKILL`: the test process's children
/// inherit a blocked SIGTERM.
@Suite(
    "Feed, the example", .serialized, .exclusiveDisplay,
    .enabled(
        if: !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"),
        "needs an X display (DISPLAY) and xdotool"))
struct FeedExampleTests {
    @Test func keysTheWheelAndADragMoveTheFeedAndTheItemShownPlays() async throws {
        var clips: [URL] = []
        for fixture in [Fixture.shortClip, .tenSecondClip, .multiTrack, .videoOnly] {
            clips.append(try await MediaFixtures.url(for: fixture))
        }
        let feed = try FeedProcess(clips.map(\.path))
        defer { feed.kill() }
        let window = try #require(await Self.window(named: "Feed 1/4: short.mp4"), "the window never appeared")
        try #require(await feed.saw("playing", 0))

        await Command.output("xdotool", "key", "--window", window, "Down")
        try #require(await feed.saw("playing", 1), "↓ did not play the second item")
        #expect(await Self.window(named: "Feed 2/4: ten-seconds.mp4") == window)

        await Command.output("xdotool", "mousemove", "--window", window, "200", "360", "click", "5")
        try #require(await feed.saw("playing", 2), "the wheel did not play the third item")
        #expect(await Self.window(named: "Feed 3/4: multitrack.mkv") == window)

        await Command.output("xdotool", "key", "--window", window, "Up")
        try #require(await feed.saw("shown", 1, times: 2), "↑ did not go back to the second item")
        #expect(await Self.window(named: "Feed 2/4: ten-seconds.mp4") == window)

        // A drag up, TikTok's swipe, shows the next item.
        await Command.output("xdotool", "mousemove", "--window", window, "200", "560", "mousedown", "1")
        await Command.output("xdotool", "mousemove", "--window", window, "200", "420")
        await Command.output("xdotool", "mousemove", "--window", window, "200", "160", "mouseup", "1")
        try #require(await feed.saw("playing", 2, times: 2), "the drag did not play the third item again")
        #expect(await Self.window(named: "Feed 3/4: multitrack.mkv") == window)
        #expect(feed.count("shown", 3) == 0, "the feed moved further than asked")

        await Command.output("xdotool", "key", "--window", window, "q")
        #expect(await feed.exitStatus() == 0)
    }

    @Test func overAddressesAFailedItemSaysWhyAndTheFeedGoesOn() async throws {
        let short = try await MediaFixtures.url(for: .shortClip)
        let ten = try await MediaFixtures.url(for: .tenSecondClip)
        let server = LoopbackHTTPServer(routes: [
            "/gone.mp4": .status(404), "/short.mp4": .file(short), "/ten.mp4": .file(ten),
        ])
        try server.start()
        defer { server.stop() }
        let feed = try FeedProcess(["/gone.mp4", "/short.mp4", "/ten.mp4"].map { server.url($0).absoluteString })
        defer { feed.kill() }
        let window = try #require(await Self.window(named: "Feed 1/3: gone.mp4"), "the window never appeared")
        #expect(await server.waitForRequests("/gone.mp4"))
        await Command.output("xdotool", "key", "--window", window, "Down")
        try #require(await feed.saw("playing", 1), "↓ did not play the second address")
        #expect(await Self.window(named: "Feed 2/3: short.mp4") == window)
        #expect(feed.count("playing", 0) == 0, "a 404 never plays")
        await Command.output("xdotool", "key", "--window", window, "q")
        #expect(await feed.exitStatus() == 0)
    }

    /// The window whose title starts with `title`, once it has that title (xdotool waits for
    /// it); nil after 20 s.
    static func window(named title: String) async -> String? {
        let found = await Command.output(
            "timeout", "-s", "KILL", "20", "xdotool", "search", "--sync", "--name", "^\(title)")
        return found.split(separator: "\n").first.map(String.init)
    }
}

/// The `Feed` executable built next to the test bundle, its JSON lines counted as they arrive
/// (`event:index`), so the test waits for them without polling.
final class FeedProcess: Sendable {
    private let process = Process()
    private let lines = CountSignal()

    /// Starts `Feed paths…` with no sound server (its audio output fails at once, the video plays).
    init(_ paths: [String]) throws {
        process.executableURL = try BuiltProduct.require("Feed")
        process.arguments = paths
        var environment = ProcessInfo.processInfo.environment
        environment["PULSE_SERVER"] = "unix:/nonexistent"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let lines = lines
        process.terminationHandler = { _ in lines.increment("exit") }
        let reader = output.fileHandleForReading
        let thread = Thread {
            var pending = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = pending[pending.startIndex..<newline]
                    pending.removeSubrange(pending.startIndex...newline)
                    guard let record = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                        let event = record["event"] as? String, let index = record["index"] as? Int
                    else { continue }
                    lines.increment("\(event):\(index)")
                }
            }
        }
        thread.start()
        try process.run()
    }

    /// Whether the program printed `event` for item `index` at least `times` times, waiting up to
    /// 20 s for it.
    func saw(_ event: String, _ index: Int, times: Int = 1) async -> Bool {
        await lines.wait(for: "\(event):\(index)", atLeast: times, timeout: .seconds(20))
    }

    /// How many times the program printed `event` for item `index` so far.
    func count(_ event: String, _ index: Int) -> Int { lines.count("\(event):\(index)") }

    /// The exit status once the program ends; nil if it runs 20 s more.
    func exitStatus() async -> Int32? {
        guard await lines.wait(for: "exit", atLeast: 1, timeout: .seconds(20)) else { return nil }
        return process.terminationStatus
    }

    /// Kills the program with `SIGKILL` if it still runs.
    func kill() {
        if process.isRunning { _ = Foundation.kill(process.processIdentifier, SIGKILL) }
    }
}
