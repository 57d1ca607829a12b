import Foundation
import Logging
import ReelCore
import ReelIsolation
import ReelPreview
import ReelTestSupport
import ReelTesting
import Testing

/// Media that never returns, checked through the library's isolation with `reel worker` as the
/// worker: each costs at most its timeout, and says what was known. One at a time: a spinning worker
/// takes a whole core, which the timing-sensitive suites running beside these need.
@Suite("Isolated checks of media that never returns", .serialized)
struct UntrustedMediaTests {
    /// The hard deadline of these tests.
    static let deadline = Duration.seconds(3)

    private func isolation(logLevel: Logger.Level? = nil) throws -> Isolation {
        Isolation(executable: try BuiltProduct.require("reel"), arguments: ["worker"], workerLogLevel: logLevel)
    }

    /// Checks `url` with a job that would wait a minute, so only the isolation's kill ends it.
    private func killedCheck(
        _ url: URL, logLevel: Logger.Level? = nil
    ) async throws -> (error: IsolationError, elapsed: Duration) {
        let isolation = try isolation(logLevel: logLevel)
        let started = ContinuousClock.now
        let run: IsolatedRun<MediaCheck.Report>
        do {
            run = try await isolation.run(MediaCheck(url: url, seconds: 1, timeout: 60), timeout: Self.deadline)
        } catch {
            return (error, ContinuousClock.now - started)
        }
        Issue.record("expected the worker to be killed, got \(run.output)")
        throw CancellationError()
    }

    @Test func aPipeWithoutAWriterIsKilledAtTheDeadlineWhileOpening() async throws {
        let pipe = try UntrustedMedia.pipeWithoutWriter()
        defer { try? FileManager.default.removeItem(at: pipe.deletingLastPathComponent()) }
        let (error, elapsed) = try await killedCheck(pipe)
        #expect(error.reason == .timedOut(Self.deadline))
        #expect(elapsed < hangBound(after: Self.deadline))
        // Opening, as a rule; on a loaded machine the worker may still be starting at the deadline.
        #expect([nil, .opening].contains(error.lastProgress(as: MediaCheck.Progress.self)?.stage))
    }

    @Test func aPipeWithoutAWriterTimesOutOnItsOwnWhenTheJobsLimitIsShorter() async throws {
        let pipe = try UntrustedMedia.pipeWithoutWriter()
        defer { try? FileManager.default.removeItem(at: pipe.deletingLastPathComponent()) }
        // The isolation's limit is far away, so that a worker slow to start on a loaded machine
        // still reaches its own limit first: an answer (not a kill) proves the job timed out.
        let run = try await isolation().run(MediaCheck(url: pipe, seconds: 1, timeout: 1.5), timeout: .seconds(30))
        #expect(run.output.result == .timeout)
        #expect(run.output.stage == .opening)
    }

    @Test func aServerThatSendsHeadersAndThenNothingIsKilledAtTheDeadline() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let gate = StallGate()
        let server = LoopbackHTTPServer(routes: ["/stalled.mp4": .stallAfter(bytes: 0, of: clip, gate: gate)])
        try server.start()
        defer {
            gate.open()
            server.stop()
        }
        let (error, elapsed) = try await killedCheck(server.url("/stalled.mp4"))
        #expect(await gate.waitUntilReached(timeout: .seconds(1)), "the worker asked the server")
        #expect(error.isTimeout)
        #expect(elapsed < hangBound(after: Self.deadline))
        // Opening, as a rule; on a loaded machine the worker may still be starting at the deadline.
        #expect([nil, .opening].contains(error.lastProgress(as: MediaCheck.Progress.self)?.stage))
    }

    @Test func aByteRangeDASHManifestThatSpinsFFmpegIsKilledAtTheDeadline() async throws {
        let manifest = try await UntrustedMedia.spinningDASHManifest()
        let (error, elapsed) = try await killedCheck(manifest, logLevel: .warning)
        #expect(error.isTimeout)
        #expect(elapsed < hangBound(after: Self.deadline))
        // libxml2's complaint reached the worker's log once, through the engine's logger (with its
        // metadata); nothing of libxml2's own printing reached the worker's standard error.
        let complaints = error.diagnostics.filter { $0.contains("namespace error") }
        #expect(complaints.count == 1, "\(error.diagnostics)")
        #expect(complaints.allSatisfy { $0.contains("reel.source=libxml2") }, "\(complaints)")
    }

    /// A `Player` (in `reel play`, so that the spinning thread it must abandon dies with that
    /// process and not with this one): the item fails with `timedOut` at `--open-timeout`, and the
    /// shutdown that follows gives up on the stuck engine instead of hanging.
    @Test func aPlayerOnTheSpinningManifestTimesOutAndStillExits() async throws {
        let manifest = try await UntrustedMedia.spinningDASHManifest()
        let reel = try BuiltProduct.require("reel")
        let started = ContinuousClock.now
        let result = try await Command.run([
            reel.path, "play", "--headless", "--no-audio", "--no-mpris", "--json", "--open-timeout", "2",
            manifest.path,
        ])
        let elapsed = ContinuousClock.now - started
        #expect(result.status == 1, "\(result.errorText)")
        #expect(result.outputText.contains("\"code\":\"timedOut\""), "\(result.outputText)")
        // The open timeout, then at most the player's 5 s shutdown timeout.
        #expect(elapsed < hangBound(after: .seconds(2) + .seconds(5)))
    }

    @Test func isolatedThumbnailsOfAStalledServerFailAtTheDeadline() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let gate = StallGate()
        let server = LoopbackHTTPServer(routes: ["/stalled.mp4": .stallAfter(bytes: 0, of: clip, gate: gate)])
        try server.start()
        defer {
            gate.open()
            server.stop()
        }
        let provider = IsolatedThumbnailProvider(
            url: server.url("/stalled.mp4"), width: 64, isolation: try isolation(), timeout: Self.deadline)
        let started = ContinuousClock.now
        await #expect(throws: ThumbnailError.self) { _ = try await provider.duration() }
        #expect(ContinuousClock.now - started < hangBound(after: Self.deadline))
    }

    @Test func isolatedThumbnailsOfAServedClipArriveAsTheyAreMade() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let server = LoopbackHTTPServer(routes: ["/clip.mp4": .file(clip)])
        try server.start()
        defer { server.stop() }
        let provider = IsolatedThumbnailProvider(
            url: server.url("/clip.mp4"), width: 64, isolation: try isolation(), timeout: .seconds(30))
        let duration = try #require(try await provider.duration())
        #expect(abs(duration - 2) < 0.1)
        var thumbnails: [Thumbnail] = []
        for try await thumbnail in provider.thumbnails(at: [0.25, 1.0, 1.75]) { thumbnails.append(thumbnail) }
        #expect(thumbnails.map(\.requestedTime).sorted() == [0.25, 1.0, 1.75])
        #expect(thumbnails.allSatisfy { $0.width == 64 && $0.height == 48 && $0.pixels.count == 64 * 48 * 4 })
    }
}
