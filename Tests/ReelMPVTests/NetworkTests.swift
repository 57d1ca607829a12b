import Foundation
import ReelCore
import ReelMPV
import ReelPlayer
import ReelTesting
import Testing

/// Network behaviour against a loopback server the test controls.
@MainActor
@Suite("MPVEngine over HTTP", .serialized)
struct NetworkTests {
    @Test func aServerThatStallsMidFileBuffersToMinimizeStallsThenResumes() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: clip.path)[.size] as? Int)
        let gate = StallGate()
        let server = LoopbackHTTPServer(routes: ["/clip.mp4": .stallAfter(bytes: size * 4 / 10, of: clip, gate: gate)])
        try server.start()
        defer { server.stop() }
        let player = Player(engine: try MPVEngine(configuration: .headless))
        try player.load(MediaItem(url: server.url("/clip.mp4")))
        try await player.until(state: .playing, timeout: .seconds(15))
        #expect(await gate.waitUntilReached(timeout: .seconds(15)))
        try await player.until(state: .buffering(reason: .toMinimizeStalls), timeout: .seconds(20))
        #expect(player.playback.stallCount == 1)
        gate.open()
        try await player.until(state: .playing, timeout: .seconds(20))
        try await player.until(position: 9, timeout: .seconds(20))
        await player.shutdown()
    }

    @Test(arguments: [404, 500])
    func anHTTPErrorStatusFailsWithThatStatus(_ status: Int) async throws {
        let server = LoopbackHTTPServer(routes: ["/gone.mp4": .status(status)])
        try server.start()
        defer { server.stop() }
        let error = try await MPVFailure.loading(server.url("/gone.mp4"))
        #expect(error.code == .httpStatus(status))
    }

    @Test func aDeadServerFailsAsUnreachable() async throws {
        let server = LoopbackHTTPServer()
        try server.start()
        let url = server.url("/clip.mp4")
        server.stop()
        let error = try await MPVFailure.loading(url)
        #expect(error.code == .networkUnreachable)
    }
}
