import Foundation
import ReelCore
import ReelFeed
import ReelMPV
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// The feed's pool on libmpv (headless): a neighbour is opened, paused on its first frame, before
/// the swipe, and plays from the same player after it.
@MainActor
@Suite("FeedPlayerPool on libmpv")
struct FeedPlayerPoolOnMPVTests {
    @Test func theNextItemIsReadyBeforeTheSwipeAndPlaysAfterIt() async throws {
        let clips = [
            try await MediaFixtures.url(for: .tenSecondClip), try await MediaFixtures.url(for: .shortClip),
            try await MediaFixtures.url(for: .multiTrack),
        ]
        let pool = try FeedPlayerPool(items: clips.map { MediaItem(url: $0) }) { () throws(PlayerError) in
            try MPVEngine(configuration: .headless)
        }
        try pool.show(index: 0)
        let first = try #require(pool.visiblePlayer)
        let next = try #require(pool.player(for: 1))
        try await first.until(state: .playing, timeout: .seconds(20))

        // Before the swipe: the next item is open, its picture's size known, and it has not moved.
        try await next.until("the next item's first frame", timeout: .seconds(20)) {
            $0.playback.status == .ready && $0.playback.video != nil
        }
        #expect(next.state == .paused(reason: .userInitiated))
        #expect(next.playback.video?.width == 320 && next.playback.video?.height == 240)
        #expect(next.currentTime == 0)

        try pool.moveForward()
        #expect(pool.visiblePlayer === next)
        try await next.until(state: .playing, timeout: .seconds(10))
        try await next.until(position: 0.5, timeout: .seconds(10))
        try await first.until(state: .paused(reason: .userInitiated), timeout: .seconds(10))
        #expect(pool.loadCount == 3, "the swipe loaded an item (a pool of three holds all three)")
        await pool.shutdown()
        #expect(pool.players.allSatisfy { $0.isShutDown })
    }

    /// An HLS neighbour waits on the first frame of the variant its item asks for, and plays it
    /// after the swipe: the pool changes no variant (with libmpv a switch while playing pauses
    /// for the cache, as the new variant is read from the position on).
    @Test func anAdaptiveStreamPlaysTheVariantItsItemAsksFor() async throws {
        let server = LoopbackHTTPServer(
            routes: try await LoopbackHTTPServer.hlsVariantsRoutes("/a")
                .merging(try await LoopbackHTTPServer.hlsVariantsRoutes("/b")) { first, _ in first })
        try server.start()
        defer { server.stop() }
        let items = ["/a", "/b"].map { prefix in
            var item = MediaItem(url: server.url(LoopbackHTTPServer.hlsVariantsPath(prefix)))
            item.preferredPeakBitRate = 0
            return item
        }
        let pool = try FeedPlayerPool(items: items) { () throws(PlayerError) in
            try MPVEngine(configuration: .headless)
        }
        try pool.show(index: 0)
        let first = try #require(pool.visiblePlayer)
        try await first.until(state: .playing, timeout: .seconds(20))
        #expect(first.playback.video?.height == 90)
        let next = try await pool.until(opened: 1)
        try await next.until("the neighbour's first frame", timeout: .seconds(20)) {
            $0.playback.status == .ready && $0.playback.video != nil
        }
        #expect(next.playback.video?.height == 90)

        try pool.moveForward()
        try await next.until(position: 1, timeout: .seconds(20))
        #expect(next.playback.video?.height == 90 && next.playback.currentVariant == next.variants.last)
        #expect(next.streamingQuality == .auto)
        await pool.shutdown()
    }

    @Test func onANetworkANeighbourFetchesItsBudgetUntilItIsShown() async throws {
        let clip = try await MediaFixtures.url(for: .feedClip)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: clip.path)[.size] as? Int)
        let server = LoopbackHTTPServer(
            routes: ["/0.mp4": .file(clip), "/1.mp4": .file(clip), "/2.mp4": .file(clip)],
            link: .megabits(40, latency: .milliseconds(20)))
        try server.start()
        defer { server.stop() }
        let items = (0..<3).map { MediaItem(url: server.url("/\($0).mp4")) }
        // The visible item reads as far as libmpv's defaults go (its whole file, here), through
        // the feed's receive buffer, which its neighbours share; they are capped as standard's.
        var visible = BufferingPolicy.standard
        visible.receiveBufferBytes = FeedPreloadPolicy.visibleBuffering.receiveBufferBytes
        let policy = FeedPreloadPolicy(
            visible: visible, neighbours: FeedPreloadPolicy.standard.neighbours,
            visibleHeadStart: FeedPreloadPolicy.standard.visibleHeadStart)
        let pool = try FeedPlayerPool(items: items, preload: policy) { () throws(PlayerError) in
            try MPVEngine(configuration: .headless)
        }
        try pool.show(index: 0)
        let next = try await pool.until(opened: 1)
        try await next.until("the neighbour's first frame", timeout: .seconds(20)) {
            $0.playback.status == .ready && $0.playback.video != nil
        }

        // The visible item reads to its end (a network stream's read-ahead is what the cache
        // holds); the neighbour had the same link all that time, and read only its budget.
        #expect(await server.waitForBytes("/0.mp4", atLeast: size, timeout: .seconds(30)))
        let neighbourBytes = server.bytesSent("/1.mp4")
        #expect(
            neighbourBytes > 0 && neighbourBytes < size / 2, "the neighbour read \(neighbourBytes) of \(size) bytes")
        #expect(server.bytesSent("/2.mp4") == 0, "an item beyond the policy's reach was fetched")

        // Shown, it reads on.
        try pool.moveForward()
        #expect(await server.waitForBytes("/1.mp4", atLeast: size, timeout: .seconds(30)))
        await pool.shutdown()
    }
}

extension FeedPlayerPool {
    /// Waits until a player holds item `index`, and returns it.
    func until(opened index: Int, timeout: Duration = .seconds(20)) async throws -> Player {
        let observe: @MainActor () -> Void = { _ = self.players.map(self.index(of:)) }
        let opened = await ObservationWait.until(timeout: timeout, observing: observe) {
            self.player(for: index) != nil
        }
        #expect(opened, "item \(index) never opened")
        return try #require(player(for: index))
    }
}
