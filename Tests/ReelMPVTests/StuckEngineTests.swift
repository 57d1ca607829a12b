import Foundation
import ReelComposable
import ReelCore
import ReelMPV
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Media that never becomes ready (a FIFO nobody writes to: libmpv's open blocks in the kernel)
/// costs a player its readiness deadline, never its responsiveness.
@MainActor
@Suite("A stuck engine")
struct StuckEngineTests {
    @Test func aFIFOWithNoWriterTimesOutAndThePlayerStaysResponsive() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("never.mkv")
        #expect(mkfifo(fifo.path, 0o600) == 0)

        let deadline = PlayerFeature.ReadinessDeadline(local: .seconds(2), network: .seconds(2))
        let player = Player(
            engine: try MPVEngine(configuration: .headless), feature: PlayerFeature(readinessDeadline: deadline))
        player.shutdownTimeout = .seconds(1)
        try player.load(MediaItem(url: fifo))
        try await player.until(state: .paused(reason: .error(PlayerError(.timedOut))), timeout: .seconds(20))

        // Still answering: commands are queued behind the stuck core, never awaited.
        try player.setVolume(0.5)
        #expect(player.volume == 0.5)
        // libmpv cancels the open at quit; were it stuck, shutdown would abandon it.
        await player.shutdown()
        #expect(player.isShutDown)
        let writer = open(fifo.path, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
    }

    /// A server that sends its headers and then nothing: the network item fails at its own
    /// deadline, and the player answers meanwhile.
    @Test func aServerThatSendsHeadersThenNothingTimesOut() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let gate = StallGate()
        let server = LoopbackHTTPServer(routes: ["/stalled.mp4": .stallAfter(bytes: 0, of: clip, gate: gate)])
        try server.start()
        defer {
            gate.open()
            server.stop()
        }
        let deadline = PlayerFeature.ReadinessDeadline(local: .seconds(2), network: .seconds(2))
        let player = Player(
            engine: try MPVEngine(configuration: .headless), feature: PlayerFeature(readinessDeadline: deadline))
        player.shutdownTimeout = .seconds(1)
        let started = ContinuousClock.now
        try player.load(MediaItem(url: server.url("/stalled.mp4")))
        try await player.until(state: .paused(reason: .error(PlayerError(.timedOut))), timeout: .seconds(30))
        #expect(ContinuousClock.now - started < hangBound(after: .seconds(2)))
        try player.setVolume(0.25)
        #expect(player.volume == 0.25)
        await player.shutdown()
        #expect(player.isShutDown)
    }
}
