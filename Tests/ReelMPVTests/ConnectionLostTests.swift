import Foundation
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

@testable import ReelMPV

/// A connection that drops before the end of an item over HTTP: it is reopened where it stopped
/// when the buffering policy says so, and otherwise ends the item in a typed error that says how
/// far it got, counted as a failure.
@MainActor
@Suite("A dropped connection is not an end", .serialized)
struct ConnectionLostTests {
    @Test func theRuleComparesBytesAndTimeOfANetworkStream() {
        // Cut short: 1.2 MB of 4 MB read, 8.6 s of 30 s played.
        let lost = MediaEnd.connectionLost(
            network: true, streamPosition: 1_215_674, streamEnd: 4_059_867, position: 8.6, duration: 30)
        #expect(lost?.code == .connectionLost(at: 8.6))
        #expect(lost?.message.contains("8.6 s of 30.0 s") == true, "\(lost?.message ?? "")")
        // A local file, a stream of unknown size, or one without a duration is not judged.
        #expect(
            MediaEnd.connectionLost(network: false, streamPosition: 1, streamEnd: 9, position: 1, duration: 30) == nil)
        #expect(
            MediaEnd.connectionLost(network: true, streamPosition: 1, streamEnd: 0, position: 1, duration: 30) == nil)
        #expect(
            MediaEnd.connectionLost(network: true, streamPosition: 1, streamEnd: 9, position: 1, duration: nil) == nil)
        // Read to its end.
        #expect(
            MediaEnd.connectionLost(network: true, streamPosition: 9, streamEnd: 9, position: 8.6, duration: 30) == nil)
        // An MP4 whose index is at its end stops reading before it: every second was played.
        #expect(
            MediaEnd.connectionLost(
                network: true, streamPosition: 3_900_000, streamEnd: 4_059_867, position: 29.98, duration: 30)
                == nil)
    }

    @Test func aConnectionLostMidItemEndsInATypedErrorAndCountsAsFailed() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: clip.path)[.size] as? Int)
        let server = LoopbackHTTPServer(routes: ["/drop.mp4": .resetAfter(bytes: size * 4 / 10, of: clip)])
        try server.start()
        defer { server.stop() }
        let player = Player(engine: try MPVEngine(configuration: .headless))
        try player.load(MediaItem(url: server.url("/drop.mp4")))
        try await untilEnded(player)
        guard case .failed(let error) = player.playback.status, case .connectionLost(let reached) = error.code else {
            Issue.record("\(player.state) \(player.playback.status)")
            await player.shutdown()
            return
        }
        // About 40 % of a 10 s clip arrived: playback stopped well before its end.
        #expect(reached > 1 && reached < 8, "\(reached)")
        #expect(player.metrics.session.failedItemCount == 1)
        #expect(player.errorLog.map(\.error.code) == [.connectionLost(at: reached)])
        await player.shutdown()
        #expect(player.accessLog.last?.endReason == .failed(error))
    }

    @Test func aPolicyThatReconnectsPlaysTheItemToItsEnd() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: clip.path)[.size] as? Int)
        let server = LoopbackHTTPServer(routes: ["/drop.mp4": .resetOnceAfter(bytes: size * 4 / 10, of: clip)])
        try server.start()
        defer { server.stop() }
        var configuration = MPVConfiguration.headless
        configuration.buffering.reconnectsHTTP = true
        let player = Player(engine: try MPVEngine(configuration: configuration))
        try player.load(MediaItem(url: server.url("/drop.mp4")))
        try await untilEnded(player)
        #expect(player.state == .paused(reason: .endOfMedia))
        #expect(server.requestCount("/drop.mp4") >= 2, "the dropped connection was opened again")
        #expect(player.metrics.session.failedItemCount == 0)
        await player.shutdown()
    }

    /// Waits until `player` ends its item, at the end of the media or in a failure.
    private func untilEnded(_ player: Player) async throws {
        try await player.until("an end or a failure", timeout: .seconds(40)) { player in
            switch player.state {
            case .paused(reason: .error), .paused(reason: .endOfMedia): true
            default: false
            }
        }
    }
}
