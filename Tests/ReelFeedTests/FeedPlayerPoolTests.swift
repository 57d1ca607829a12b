import Foundation
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

@testable import ReelFeed

/// The feed's pool on fake engines: which player holds which item, what each move costs, and
/// what plays.
@MainActor
@Suite("FeedPlayerPool on FakeEngine")
struct FeedPlayerPoolTests {
    /// The engines a pool made, in order, so a test can count them and read their commands.
    final class Engines {
        private(set) var made: [FakeEngine] = []
        /// What every engine plays for the feed's addresses.
        var media = FakeEngine.Media()
        /// The addresses every engine fails to open, with their errors.
        var failures: [URL: PlayerError] = [:]

        func make() -> FakeEngine {
            let engine = FakeEngine()
            engine.setDefaultMedia(media)
            for (url, error) in failures { engine.setFailure(error, for: url) }
            made.append(engine)
            return engine
        }

        /// The loads every engine received.
        var loads: [LoadRequest] {
            made.flatMap { engine in
                engine.sentCommands.compactMap { if case .load(let request) = $0 { request } else { nil } }
            }
        }
    }

    nonisolated static func items(_ count: Int) -> [MediaItem] {
        (0..<count).map { MediaItem(url: URL(string: "https://feed.test/\($0).mp4")!, title: "Clip \($0)") }
    }

    /// A pool whose players hold every item they can at once (``FeedPreloadPolicy/unbounded``),
    /// so the hand-over tests see it without a network to wait for.
    func makePool(
        items count: Int, size: Int = FeedPlayerPool.defaultSize, preload: FeedPreloadPolicy = .unbounded
    ) throws -> (FeedPlayerPool, Engines) {
        let engines = Engines()
        let pool = try FeedPlayerPool(items: Self.items(count), size: size, preload: preload) { engines.make() }
        return (pool, engines)
    }

    /// Waits until `condition` holds, re-checked after every change of which player holds what.
    func until(_ pool: FeedPlayerPool, _ what: String, _ condition: () -> Bool) async {
        let held = await ObservationWait.until(
            timeout: .seconds(10), observing: { _ = pool.players.map(pool.index(of:)) }, condition)
        #expect(held, "\(what)")
    }

    /// The buffering policies and loads an engine received, in order (`B` a policy, `L` a load).
    func bufferingAndLoads(_ engine: FakeEngine) -> [String] {
        engine.sentCommands.compactMap { command in
            switch command {
            case .setBufferingPolicy(let policy): "B\(policy.forwardBufferDuration.map { "\($0)" } ?? "-")"
            case .load: "L"
            default: nil
            }
        }
    }

    /// The indices of the items the pool's players hold, sorted.
    func held(_ pool: FeedPlayerPool) -> [Int] { pool.players.compactMap(pool.index(of:)).sorted() }

    @Test func nothingLoadsBeforeTheFirstShow() throws {
        let (pool, engines) = try makePool(items: 10)
        #expect(engines.made.count == 3 && pool.players.count == 3)
        #expect(engines.loads.isEmpty && pool.visibleIndex == nil && pool.visiblePlayer == nil)
    }

    @Test func theVisibleItemPlaysAndItsNeighboursWaitPausedOnTheirFirstFrame() async throws {
        let (pool, engines) = try makePool(items: 10)
        try pool.show(index: 4)
        #expect(held(pool) == [3, 4, 5])
        let visible = try #require(pool.visiblePlayer)
        try await visible.until(state: .playing)
        #expect(visible.currentItem?.title == "Clip 4")
        for index in [3, 5] {
            let neighbour = try #require(pool.player(for: index))
            try await neighbour.until(status: .ready)
            #expect(neighbour.state == .paused(reason: .userInitiated))
            #expect(neighbour.playback.video != nil, "the neighbour's first frame is not known")
        }
        #expect(engines.loads.map(\.autoplay).filter { $0 }.count == 1, "only the visible item autoplays")
        #expect(pool.player(for: 2) == nil && pool.player(for: 6) == nil)
    }

    @Test func playersGoToTheNearestItemsAheadFirst() throws {
        let (pool, _) = try makePool(items: 20, size: 4)
        try pool.show(index: 10)
        #expect(held(pool) == [9, 10, 11, 12])
        let (edge, _) = try makePool(items: 20, size: 4)
        try edge.show(index: 0)
        #expect(held(edge) == [0, 1, 2, 3])
        let (end, _) = try makePool(items: 20, size: 4)
        try end.show(index: 19)
        #expect(held(end) == [16, 17, 18, 19])
    }

    @Test func oneStepCostsOneLoadAndTheNeighbourThatWasReadyPlays() async throws {
        let (pool, engines) = try makePool(items: 10)
        try pool.show(index: 4)
        let next = try #require(pool.player(for: 5))
        let leaving = try #require(pool.visiblePlayer)
        try await next.until(status: .ready)
        try pool.moveForward()
        #expect(pool.visibleIndex == 5 && pool.visiblePlayer === next)
        #expect(engines.loads.count == 4, "the step forward loaded more than item 6")
        #expect(engines.loads.last?.item.title == "Clip 6" && engines.loads.last?.autoplay == false)
        #expect(held(pool) == [4, 5, 6])
        try await next.until(state: .playing)
        try await leaving.until(state: .paused(reason: .userInitiated))
        #expect(pool.index(of: leaving) == 4)

        try pool.moveBack()
        try pool.moveBack()
        #expect(engines.loads.count == 6 && held(pool) == [2, 3, 4])
    }

    @Test func anItemThatComesBackResumesWhereItPausedWithoutALoad() async throws {
        let engines = Engines()
        engines.media = FakeEngine.Media(duration: 30)
        let pool = try FeedPlayerPool(items: Self.items(5), preload: .unbounded) { engines.make() }
        try pool.show(index: 1)
        let first = try #require(pool.visiblePlayer)
        try await first.until(state: .playing)
        let engine = try #require(engines.made.first { first.engine === $0 })
        engine.advance(by: 4)
        try await first.until(position: 4)

        try pool.moveForward()
        try await first.until(state: .paused(reason: .userInitiated))
        #expect(first.playback.intent == PlayIntent(playWhenReady: false, reason: .user))
        let pausedAt = first.currentTime
        try pool.moveBack()
        #expect(pool.visiblePlayer === first)
        try await first.until(state: .playing)
        #expect(first.currentTime >= pausedAt && pausedAt >= 4)
        #expect(engine.sentCommands.filter { if case .load = $0 { true } else { false } }.count == 1)
        #expect(engine.sentCommands.last == .play)
        #expect(engines.loads.filter { $0.item.title == "Clip 1" }.count == 1, "item 1 was loaded again")
        #expect(engines.loads.count == 5, "coming back loaded more than item 0, which item 3 had taken")
    }

    @Test func anEndedItemThatComesBackPlaysFromTheStart() async throws {
        let (pool, engines) = try makePool(items: 3)
        try pool.show(index: 0)
        let first = try #require(pool.visiblePlayer)
        try await first.until(state: .playing)
        engines.made[0].advance(by: 5)
        try await first.until(state: .paused(reason: .endOfMedia))
        try pool.moveForward()
        try pool.moveBack()
        try await first.until(state: .playing)
        #expect(first.currentTime < 1)
    }

    /// The pool's memory and work stay bounded however long the feed and however many moves:
    /// the same three engines, and at most one load per step (three per jump).
    @Test func aThousandItemsAndManyMovesUseThePoolsEnginesOnly() async throws {
        let (pool, engines) = try makePool(items: 1_000)
        var moves = 0
        var maximumLoadsPerMove = 0
        func move(_ step: () throws(PlayerError) -> Void) async throws {
            let before = pool.loadCount
            try step()
            moves += 1
            maximumLoadsPerMove = max(maximumLoadsPerMove, pool.loadCount - before)
            let visible = try #require(pool.visibleIndex)
            let nearest = min(max(visible, 1), 998)
            #expect(held(pool) == [nearest - 1, nearest, nearest + 1])
            let playing = pool.players.filter { $0.playback.intent.playWhenReady }
            #expect(playing.count == 1 && playing.first === pool.visiblePlayer, "not only the visible item plays")
            // The main actor is every test's: let the players (and other tests) take their turn.
            await Task.yield()
        }
        try pool.show(index: 0)
        for _ in 0..<600 { try await move { () throws(PlayerError) in try pool.moveForward() } }
        for _ in 0..<250 { try await move { () throws(PlayerError) in try pool.moveBack() } }
        for _ in 0..<3 {
            for _ in 0..<20 { try await move { () throws(PlayerError) in try pool.moveForward() } }
            for _ in 0..<20 { try await move { () throws(PlayerError) in try pool.moveBack() } }
        }
        let jumpFrom = pool.loadCount
        try pool.show(index: 999)
        #expect(pool.loadCount - jumpFrom == 3)
        #expect(held(pool) == [997, 998, 999])
        #expect(try !pool.moveForward())

        #expect(engines.made.count == 3 && pool.players.count == 3, "the pool made engines beyond its size")
        #expect(maximumLoadsPerMove == 1)
        #expect(engines.loads.count == pool.loadCount, "the engines received other loads than the pool counted")
        #expect(pool.loadCount <= 3 + moves + 3)
        let visible = try #require(pool.visiblePlayer)
        try await visible.until(state: .playing)
        #expect(visible.currentItem?.title == "Clip 999")
    }

    @Test func appendedItemsBecomeNeighboursWithoutReloadingWhatIsHeld() async throws {
        let (pool, engines) = try makePool(items: 2)
        try pool.show(index: 1)
        #expect(held(pool) == [0, 1] && engines.loads.count == 2)
        try pool.append(contentsOf: Self.items(1_000).dropFirst(2))
        #expect(pool.items.count == 1_000)
        #expect(held(pool) == [0, 1, 2] && engines.loads.count == 3)
        #expect(engines.loads.last?.item.title == "Clip 2" && engines.loads.last?.autoplay == false)
        try pool.append(contentsOf: Self.items(3))
        #expect(engines.loads.count == 3, "items appended far from the visible one were loaded")
        try await pool.visiblePlayer?.until(state: .playing)
    }

    @Test func theEdgesOfTheFeedAndBadIndicesChangeNothing() throws {
        let (pool, engines) = try makePool(items: 3)
        #expect(try !pool.moveBack())
        #expect(try pool.moveForward() && pool.visibleIndex == 0)
        #expect(try !pool.moveBack())
        let error = #expect(throws: PlayerError.self) { try pool.show(index: 3) }
        #expect(error?.code == .invalidArgument)
        #expect(pool.visibleIndex == 0 && engines.loads.count == 3)
        #expect(throws: PlayerError.self) { try FeedPlayerPool(size: 0) { engines.make() } }
        #expect(engines.made.count == 3)
    }

    @Test func aRefusedAddressHoldsNoPlayerAndTheOthersAreArranged() async throws {
        var items = Self.items(3)
        items[1] = MediaItem(url: URL(string: "ftp://feed.test/1.mp4")!)
        let engines = Engines()
        let pool = try FeedPlayerPool(items: items, preload: .unbounded) { engines.make() }
        let error = #expect(throws: PlayerError.self) { try pool.show(index: 0) }
        #expect(error?.code == .refusedScheme("ftp"))
        #expect(pool.player(for: 1) == nil && held(pool) == [0, 2])
        try await pool.visiblePlayer?.until(state: .playing)
    }

    @Test func anEngineThatCannotBeMadeFailsThePoolAndShutsTheOthersDown() async throws {
        let engines = Engines()
        var made = 0
        #expect(throws: PlayerError.self) {
            try FeedPlayerPool(items: Self.items(3)) { () throws(PlayerError) -> any PlaybackEngine in
                made += 1
                guard made < 3 else { throw PlayerError(.unknown, message: "no engine") }
                return engines.make()
            }
        }
        #expect(engines.made.count == 2)
        // Subscribed before the main actor lets the pool's shutdown tasks run.
        let subscriptions = engines.made.map(\.events)
        for events in subscriptions {
            #expect(await arrives(in: events, within: .seconds(10)) { $0 == .shutdown }, "an engine was left running")
        }
    }

    // MARK: - Swipes

    @Test func swipesAreMeasuredFromTheSwipeToTheFirstFrameAndToPlaying() async throws {
        let (pool, engines) = try makePool(items: 5)
        let log = pool.swipeLog
        try pool.show(index: 0)
        let first = try #require(pool.visiblePlayer)
        try await first.until(state: .playing)
        #expect(pool.currentSwipe?.wasPreloaded == false)
        let next = try #require(pool.player(for: 1))
        try await next.until("its first frame") { $0.metrics.item?.timeToFirstFrame != nil }

        try pool.moveForward()
        #expect(pool.currentSwipe?.index == 1 && pool.currentSwipe?.wasPreloaded == true)
        #expect(pool.currentSwipe?.timeToFirstFrame == 0, "a preloaded neighbour has its frame at once")
        try await next.until(state: .playing)
        let slot = try #require(pool.players.firstIndex { $0 === next })
        engines.made[slot].stall()
        try await next.until("stalled") { $0.state == .buffering(reason: .toMinimizeStalls) }
        engines.made[slot].resumeFromStall()
        try await next.until(state: .playing)
        await pool.shutdown()

        var swipes: [FeedSwipe] = []
        for await swipe in log { swipes.append(swipe) }
        #expect(swipes.map(\.index) == [0, 1])
        #expect(swipes.map(\.previousIndex) == [nil, 0])
        #expect(swipes[0].timeToFirstFrame != nil && swipes[0].timeToPlaying != nil)
        #expect(swipes[0].stallCount == 0)
        #expect(swipes[1].timeToPlaying != nil && swipes[1].stallCount == 1)
    }

    @Test func aFailedItemIsRecordedWithItsErrorAndMovesStepOverIt() async throws {
        let engines = Engines()
        let items = Self.items(5)
        let lost = PlayerError(.connectionLost(at: 2))
        engines.failures = [items[1].url: PlayerError(.httpStatus(404)), items[2].url: lost]
        let pool = try FeedPlayerPool(items: items, preload: .unbounded) { engines.make() }
        let log = pool.swipeLog
        try pool.show(index: 0)
        try await pool.visiblePlayer?.until(state: .playing)
        // The neighbours fail while they preload: the next move steps over both.
        for index in [1, 2] {
            try await #require(pool.player(for: index)).until("item \(index) failed") {
                if case .failed = $0.playback.status { true } else { false }
            }
        }
        #expect(try pool.moveForward())
        #expect(pool.visibleIndex == 3, "items 1 and 2 are known to have failed")
        #expect(pool.failedItems == [1: PlayerError(.httpStatus(404)), 2: lost])
        // Shown anyway, a failed item's swipe says why; moving back steps over item 1.
        try pool.show(index: 2)
        try await pool.visiblePlayer?.until(state: .paused(reason: .error(lost)))
        #expect(try pool.moveBack())
        #expect(pool.visibleIndex == 0)
        await pool.shutdown()

        var swipes: [FeedSwipe] = []
        for await swipe in log { swipes.append(swipe) }
        #expect(swipes.map(\.index) == [0, 3, 2, 0])
        #expect(swipes.map(\.error) == [nil, nil, lost, nil])
    }

    @Test(arguments: [(0.0, 2), (3600.0, 1)])
    func aLiveItemThatWaitedIsOpenedAgainWhenShown(rejoinDelay: TimeInterval, loads: Int) async throws {
        var policy = FeedPreloadPolicy.unbounded
        policy.liveRejoinDelay = rejoinDelay
        let (pool, engines) = try makePool(items: 3, preload: policy)
        try pool.show(index: 0)
        let live = try #require(pool.player(for: 1))
        let engine = try #require(pool.players.firstIndex { $0 === live }.map { engines.made[$0] })
        try await live.until("loaded") { $0.playback.status == .ready }
        engine.emit(.property(.live(true)))
        try await live.until("live") { $0.playback.isLive }
        #expect(try pool.moveForward())
        // Waited longer than the delay: opened again, to join near the edge; otherwise it plays on.
        let itemLoads = engine.sentCommands.filter { if case .load = $0 { true } else { false } }
        #expect(itemLoads.count == loads)
        try await live.until(state: .playing)
        await pool.shutdown()
    }

    @Test func aPolicyThatOpensNothingBehindKeepsOnlyTheItemJustLeft() async throws {
        var policy = FeedPreloadPolicy.unbounded
        policy.neighbours = [.unlimited]
        policy.opensItemsBehind = false
        let (pool, _) = try makePool(items: 5, preload: policy)
        try pool.show(index: 2)
        #expect(held(pool) == [2, 3], "nothing is opened behind")
        #expect(try pool.moveBack())
        #expect(held(pool) == [1, 2], "the item left stays; the one behind is not opened")
        #expect(try pool.moveForward())
        #expect(held(pool) == [1, 2, 3], "the item left behind stays open for a swipe back")
        await pool.shutdown()
    }

    @Test func theMeterCountsStallsAfterPlayingAndTheTimePlayed() {
        let start = HostTime(nanoseconds: 1_000_000_000)
        func at(_ seconds: Double) -> HostTime { HostTime(nanoseconds: start.nanoseconds + UInt64(seconds * 1e9)) }
        var meter = SwipeMeter(index: 3, from: 2, at: start, date: Date(), hasFirstFrame: false)
        meter.observe(state: .buffering(reason: .evaluatingBufferRate), hasFirstFrame: false, position: 0, at: at(0.05))
        meter.observe(state: .buffering(reason: .evaluatingBufferRate), hasFirstFrame: true, position: 0, at: at(0.08))
        meter.observe(state: .playing, hasFirstFrame: true, position: 0, at: at(0.1))
        meter.observe(state: .buffering(reason: .toMinimizeStalls), hasFirstFrame: true, position: 2, at: at(2.1))
        meter.observe(state: .buffering(reason: .toMinimizeStalls), hasFirstFrame: true, position: 2, at: at(2.5))
        meter.observe(state: .playing, hasFirstFrame: true, position: 2, at: at(3))
        meter.observe(state: .playing, hasFirstFrame: true, position: 4, at: at(5))
        let swipe = meter.swipe
        #expect(abs((swipe.timeToFirstFrame ?? 0) - 0.08) < 1e-6 && abs((swipe.timeToPlaying ?? 0) - 0.1) < 1e-6)
        #expect(swipe.stallCount == 1, "the wait before the first frame is no stall, and one stall counts once")
        #expect(swipe.watchedDuration == 4)
    }

    // MARK: - Preloading

    /// A policy whose visible item and neighbours read ahead differently (libmpv's default, 2 s),
    /// with a 2 s head start.
    static let capped = FeedPreloadPolicy(
        visible: .standard, neighbours: [.init(duration: 2, bytes: 1 << 20)], visibleHeadStart: 2)

    @Test func theStandardPolicyReadsLittleAheadOfTheViewer() throws {
        let standard = FeedPreloadPolicy.standard
        #expect(standard.visible.forwardBufferDuration == 0.75 && standard.visible.receiveBufferBytes == 32 << 10)
        let neighbour = try #require(standard.buffering(atDistance: 1))
        #expect(neighbour.forwardBufferDuration == 1 && neighbour.maximumForwardBytes == 1 << 20)
        #expect(neighbour.receiveBufferBytes == 32 << 10, "a neighbour keeps the visible item's receive buffer")
        #expect(standard.visibleHeadStart <= standard.visible.forwardBufferDuration ?? 0, "a head start never reached")
        #expect(FeedPreloadPolicy.unbounded.visible == .standard)
    }

    @Test func neighboursWaitForTheVisibleItemsHeadStartAndOpenCapped() async throws {
        let (pool, engines) = try makePool(items: 10, preload: Self.capped)
        try pool.show(index: 4)
        #expect(held(pool) == [4], "a neighbour opened before the visible item had buffered anything")
        let visible = try #require(pool.visiblePlayer)
        try await visible.until(state: .playing)
        #expect(held(pool) == [4])
        let engine = engines.made[try #require(pool.players.firstIndex { $0 === visible })]
        engine.emit(.property(.bufferedRanges([TimeRange(start: 0, end: 1)])))
        try await visible.until("1 s buffered") { $0.playback.bufferedRanges.first?.end == 1 }
        #expect(held(pool) == [4], "1 s is less than the 2 s head start")

        engine.emit(.property(.bufferedRanges([TimeRange(start: 0, end: 5)])))
        await until(pool, "both neighbours open") { held(pool) == [3, 4, 5] }
        #expect(bufferingAndLoads(engine) == ["B-", "L"], "the visible item reads ahead as libmpv would")
        for index in [3, 5] {
            let slot = try #require(pool.players.firstIndex { $0 === pool.player(for: index) })
            #expect(bufferingAndLoads(engines.made[slot]) == ["B2.0", "L"], "capped before it opened")
            #expect(pool.players[slot].playback.bufferingPolicy?.maximumForwardBytes == 1 << 20)
        }
        #expect(pool.player(for: 2) == nil && pool.player(for: 6) == nil)
    }

    @Test func aSwipeLiftsTheNewVisibleItemsCapAndCapsTheOneThatLeft() async throws {
        var policy = Self.capped
        policy.visibleHeadStart = 0
        let (pool, engines) = try makePool(items: 10, preload: policy)
        try pool.show(index: 0)
        #expect(held(pool) == [0, 1])
        let first = try #require(pool.player(for: 0))
        let second = try #require(pool.player(for: 1))
        try pool.moveForward()
        func engine(of player: Player) throws -> FakeEngine {
            engines.made[try #require(pool.players.firstIndex { $0 === player })]
        }
        #expect(try bufferingAndLoads(engine(of: second)) == ["B2.0", "L", "B-"], "the cap was not lifted")
        #expect(try bufferingAndLoads(engine(of: first)) == ["B-", "L", "B2.0"], "the item that left kept reading")
        #expect(held(pool) == [0, 1, 2])
        #expect(second.playback.intent.playWhenReady && !first.playback.intent.playWhenReady)
    }

    @Test func localFilesNeedNoHeadStart() throws {
        let files = (0..<5).map { MediaItem(url: URL(fileURLWithPath: "/feed/\($0).mp4")) }
        let engines = Engines()
        let pool = try FeedPlayerPool(items: files) { engines.make() }
        try pool.show(index: 2)
        #expect(held(pool) == [2, 3], "the neighbour ahead at once; the standard policy opens nothing behind")
    }

    @Test func itemsBeyondThePolicysReachStayClosed() throws {
        var policy = FeedPreloadPolicy.standard
        policy.visibleHeadStart = 0
        policy.opensItemsBehind = true
        let (pool, _) = try makePool(items: 10, size: 5, preload: policy)
        try pool.show(index: 5)
        #expect(held(pool) == [4, 5, 6], "a pool of five opened items two away with a reach of one")
        policy.neighbours = []
        let (alone, _) = try makePool(items: 10, preload: policy)
        try alone.show(index: 5)
        try alone.moveForward()
        #expect(held(alone) == [6], "with no neighbours, the item that left is unloaded")
    }

    @Test func aPolicyNoEngineTakesIsRefused() {
        var policy = FeedPreloadPolicy.standard
        policy.visibleHeadStart = -1
        #expect(throws: PlayerError.self) { try makePool(items: 3, preload: policy) }
        policy = .standard
        policy.neighbours = [.init(bytes: 1000)]
        #expect(throws: PlayerError.self) { try makePool(items: 3, preload: policy) }
        #expect(FeedPreloadPolicy.standard.buffering(atDistance: 2) == nil)
        #expect(FeedPreloadPolicy.standard.buffering(atDistance: 0) == FeedPreloadPolicy.visibleBuffering)
    }
}

extension FakeEngine {
    /// Plays `media` for every address of the feed (`https://feed.test/N.mp4`, N < 1 000).
    fileprivate func setDefaultMedia(_ media: Media) {
        guard media != Media() else { return }
        for url in FeedPlayerPoolTests.items(1_000).map(\.url) { setMedia(media, for: url) }
    }
}

/// The feed's figures, from its swipes.
@Suite("FeedStatistics")
struct FeedStatisticsTests {
    @Test func swipesAddUpAndThePercentilesAreOfTheRecentOnes() {
        var figures = FeedStatistics()
        #expect(figures.timeToFirstFrame(percentile: 0.5) == nil && figures.stallsPer100Swipes == 0)
        let date = Date(timeIntervalSince1970: 0)
        for index in 0..<20 {
            figures.add(
                FeedSwipe(
                    index: index, previousIndex: nil, date: date, wasPreloaded: index > 0,
                    timeToFirstFrame: Double(index) / 100, stallCount: index == 3 ? 2 : 0, watchedDuration: 1,
                    error: index == 7 ? PlayerError(.httpStatus(404)) : nil))
        }
        #expect(figures.swipeCount == 20 && figures.preloadedSwipeCount == 19)
        #expect(figures.failedSwipeCount == 1 && figures.watchedDuration == 20)
        #expect(figures.stallsPer100Swipes == 10)
        #expect(figures.timeToFirstFrame(percentile: 0.5) == 0.09)
        #expect(figures.timeToFirstFrame(percentile: 0.95) == 0.18)
        #expect(figures.timeToFirstFrame(percentile: 1) == 0.19)
        // Only the last hundred times count.
        for _ in 0..<FeedStatistics.recentLimit {
            figures.add(FeedSwipe(index: 0, previousIndex: nil, date: date, wasPreloaded: true, timeToFirstFrame: 0))
        }
        #expect(figures.timeToFirstFrame(percentile: 1) == 0)
    }
}
