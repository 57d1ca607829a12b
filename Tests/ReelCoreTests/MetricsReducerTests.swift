import Foundation
import ReelCore
import Testing

/// The metrics reducer on event sequences with host times the test chooses: no engine, no clock.
@Suite("MetricsReducer")
struct MetricsReducerTests {
    /// A player's state and its metrics, fed the same inputs at times the test gives.
    struct Session {
        var playback = PlaybackInfo()
        var metrics: MetricsState
        var entries: [MetricsLogEntry] = []
        let origin = HostTime(seconds: 100)

        init() { metrics = MetricsState(origin: origin, date: Date(timeIntervalSince1970: 1_000_000)) }

        func time(_ seconds: Double) -> HostTime { origin.advanced(by: seconds) }

        mutating func send(_ command: EngineCommand, at seconds: Double) {
            playback.apply(.sent(command, reason: .user), at: time(seconds))
        }

        mutating func receive(_ event: EngineEvent, at seconds: Double) {
            playback.apply(.received(event), at: time(seconds))
            entries += metrics.apply(event, playback: playback, at: time(seconds))
        }

        /// Loads `request` and plays it: first frame at `firstFrame`, playing from `playing`.
        mutating func start(_ request: LoadRequest, at seconds: Double, firstFrame: Double, playing: Double) {
            send(.load(request), at: seconds)
            receive(.itemStarted(request.id), at: seconds)
            receive(.property(.paused(false)), at: seconds)
            receive(.itemLoaded(request.id), at: firstFrame - 0.01)
            receive(.playbackRestarted, at: firstFrame)
            receive(.property(.position(0, at: time(playing))), at: playing)
        }
    }

    let clip = MediaItem(url: URL(string: "http://127.0.0.1/clip.mp4")!, title: "Clip")

    @Test func timesToFirstFrameStartupStallsAndPlayingAreCountedFromEvents() throws {
        var session = Session()
        let request = LoadRequest(item: clip)
        session.start(request, at: 0, firstFrame: 0.4, playing: 0.4)
        #expect(session.playback.playerState == .playing)
        // 2 s of play, a 1 s stall, 3 s more play, a 0.5 s stall, 1.5 s more.
        session.receive(.property(.pausedForCache(true)), at: 2.4)
        session.receive(.property(.pausedForCache(false)), at: 3.4)
        session.receive(.property(.pausedForCache(true)), at: 6.4)
        session.receive(.property(.pausedForCache(false)), at: 6.9)
        let item = try #require(session.metrics.metrics(at: session.time(8.4)).item)
        #expect(item.itemID == request.id)
        #expect(item.url == clip.url)
        #expect(item.title == "Clip")
        #expect(item.timeToFirstFrame == 0.4)
        #expect(item.startupTime == 0.4)
        #expect(item.stallCount == 2)
        #expect(abs(item.stallDuration - 1.5) < 1e-6)
        #expect(abs(item.playingDuration - 6.5) < 1e-6)
        #expect(abs((item.rebufferingRatio ?? -1) - 1.5 / 8) < 1e-6)
        #expect(item.startDate == Date(timeIntervalSince1970: 1_000_000))
    }

    @Test func aStallWhilePausedOrBeforeTheFirstFrameIsNoStall() throws {
        var session = Session()
        let request = LoadRequest(item: clip)
        session.send(.load(request), at: 0)
        session.receive(.itemStarted(request.id), at: 0)
        session.receive(.property(.paused(false)), at: 0)
        session.receive(.itemLoaded(request.id), at: 0.1)
        // Waiting for the cache before the first frame is startup, not a stall.
        session.receive(.property(.pausedForCache(true)), at: 0.2)
        session.receive(.property(.pausedForCache(false)), at: 1.2)
        session.receive(.playbackRestarted, at: 1.3)
        session.send(.pause, at: 2)
        session.receive(.property(.paused(true)), at: 2)
        session.receive(.property(.pausedForCache(true)), at: 3)
        session.receive(.property(.pausedForCache(false)), at: 4)
        let item = try #require(session.metrics.metrics(at: session.time(5)).item)
        #expect(item.stallCount == 0)
        #expect(item.stallDuration == 0)
        #expect(abs(item.playingDuration - 0.7) < 1e-6)
        #expect(abs((item.timeToFirstFrame ?? 0) - 1.3) < 1e-6)
    }

    @Test func anEndedItemLeavesAnAccessLogEntryAndCountsInTheSession() throws {
        var session = Session()
        let first = LoadRequest(item: clip)
        session.start(first, at: 0, firstFrame: 0.5, playing: 0.5)
        session.receive(
            .property(.statistics(EngineStatistics(droppedFrames: 3, inputRate: 50_000, bytesTransferred: 120_000))),
            at: 4)
        session.receive(.property(.endReached(true)), at: 4.5)
        // Paused at the end: no more playing time.
        session.receive(.itemEnded(first.id, .endOfMedia), at: 9)
        #expect(session.metrics.metrics(at: session.time(9)).item == nil)
        guard case .access(let entry) = try #require(session.entries.first) else {
            Issue.record("expected an access-log entry")
            return
        }
        #expect(entry.endReason == .endOfMedia)
        #expect(entry.metrics.droppedFrames == 3)
        #expect(entry.metrics.bytesTransferred == 120_000)
        #expect(entry.metrics.observedBitrate == 400_000)
        #expect(abs(entry.metrics.playingDuration - 4) < 1e-6)
        #expect(entry.endDate == Date(timeIntervalSince1970: 1_000_009))
        #expect(session.metrics.accessLog == [entry])

        let second = LoadRequest(item: MediaItem(url: URL(string: "http://127.0.0.1/b.mp4")!))
        session.start(second, at: 10, firstFrame: 11, playing: 11)
        let metrics = session.metrics.metrics(at: session.time(13))
        #expect(metrics.item?.itemID == second.id)
        #expect(metrics.session.itemCount == 2)
        #expect(abs(metrics.session.playingDuration - 6) < 1e-6)
        #expect(metrics.session.bytesTransferred == 120_000)
        #expect(metrics.session.droppedFrames == 3)
        #expect(abs((metrics.session.averageTimeToFirstFrame ?? 0) - 0.75) < 1e-6)
    }

    @Test func aFailedItemLeavesAnErrorLogEntryWithTheEnginesLastWords() throws {
        var session = Session()
        let request = LoadRequest(item: clip)
        session.send(.load(request), at: 0)
        session.receive(.itemStarted(request.id), at: 0)
        let error = PlayerError(
            .httpStatus(404), engineCode: -13,
            engineDetail: "loading failed | [ffmpeg] http: HTTP error 404 Not Found | [stream] Failed to open")
        session.receive(.itemEnded(request.id, .failed(error)), at: 0.3)
        let errors = session.entries.compactMap { entry -> ErrorLogEntry? in
            if case .error(let error) = entry { error } else { nil }
        }
        let entry = try #require(errors.first)
        #expect(errors.count == 1)
        #expect(entry.error == error)
        #expect(entry.itemID == request.id)
        #expect(entry.url == clip.url)
        #expect(entry.command == nil)
        #expect(
            entry.engineLog == ["loading failed", "[ffmpeg] http: HTTP error 404 Not Found", "[stream] Failed to open"])
        #expect(entry.date == Date(timeIntervalSince1970: 1_000_000.3))
        let metrics = session.metrics.metrics(at: session.time(1))
        #expect(metrics.session.failedItemCount == 1)
        #expect(metrics.session.itemCount == 1)
        #expect(session.metrics.errorLog == [entry])
    }

    @Test func aFailedCommandIsLoggedWithTheItem() throws {
        var session = Session()
        let request = LoadRequest(item: clip)
        session.start(request, at: 0, firstFrame: 0.2, playing: 0.2)
        let error = PlayerError(.commandFailed)
        session.receive(.commandFailed(.selectTrack(.audio, id: 9), error), at: 1)
        #expect(
            session.entries == [
                .error(
                    ErrorLogEntry(
                        date: Date(timeIntervalSince1970: 1_000_001), itemID: request.id, url: clip.url, error: error,
                        command: .selectTrack(.audio, id: 9)))
            ])
    }

    @Test func aVariantChangeClosesTheAccessLogSpan() throws {
        var session = Session()
        let request = LoadRequest(item: MediaItem(url: URL(string: "http://127.0.0.1/master.m3u8")!))
        session.start(request, at: 0, firstFrame: 0.5, playing: 0.5)
        func tracks(selected: Int) -> [Track] {
            [
                Track(id: 1, kind: .video, codec: "h264", isSelected: selected == 1, height: 720, bitrate: 2_000_000),
                Track(id: 2, kind: .video, codec: "h264", isSelected: selected == 2, height: 360, bitrate: 600_000),
            ]
        }
        session.receive(.property(.container("hls")), at: 0.5)
        session.receive(.property(.tracks(tracks(selected: 1))), at: 0.5)
        #expect(session.metrics.metrics(at: session.time(1)).item?.indicatedBitrate == 2_000_000)
        #expect(session.metrics.metrics(at: session.time(1)).item?.decoder == "h264 (software)")
        session.receive(.property(.pausedForCache(true)), at: 3)
        session.receive(.property(.pausedForCache(false)), at: 4)
        session.receive(.property(.tracks(tracks(selected: 2))), at: 5.5)
        guard case .access(let first) = try #require(session.entries.first) else {
            Issue.record("expected an access-log entry")
            return
        }
        #expect(first.endReason == nil)
        #expect(first.metrics.videoTrackID == 1)
        #expect(first.metrics.indicatedBitrate == 2_000_000)
        #expect(first.metrics.stallCount == 1)
        #expect(abs(first.metrics.playingDuration - 4) < 1e-6)
        #expect(first.metrics.timeToFirstFrame == 0.5)
        session.receive(.property(.tracks([])), at: 7.4)
        session.receive(.itemEnded(request.id, .stopped), at: 7.5)
        guard case .access(let second) = try #require(session.entries.last) else {
            Issue.record("expected a second access-log entry")
            return
        }
        #expect(session.entries.count == 2)
        #expect(second.metrics.videoTrackID == 2)
        #expect(second.metrics.indicatedBitrate == 600_000)
        #expect(second.metrics.stallCount == 0)
        #expect(abs(second.metrics.playingDuration - 2) < 1e-6)
        #expect(second.metrics.timeToFirstFrame == nil)
        #expect(second.metrics.startDate == Date(timeIntervalSince1970: 1_000_005.5))
        #expect(second.endReason == .stopped)
    }

    @Test func theRevisionMovesOnFiguresNotOnPositions() {
        var session = Session()
        let request = LoadRequest(item: clip)
        session.start(request, at: 0, firstFrame: 0.4, playing: 0.4)
        let revision = session.metrics.revision
        for step in 1...20 {
            let seconds = 0.4 + Double(step) * 0.25
            session.receive(.property(.position(seconds - 0.4, at: session.time(seconds))), at: seconds)
        }
        #expect(session.metrics.revision == revision)
        session.receive(.property(.pausedForCache(true)), at: 6)
        #expect(session.metrics.revision != revision)
    }

    @Test func theLogsKeepTheirLastEntriesAndAnItemHeldAtItsEndEndedThere() {
        var session = Session()
        let held = LoadRequest(item: clip)
        session.start(held, at: 0, firstFrame: 0.1, playing: 0.1)
        session.receive(.property(.endReached(true)), at: 0.5)
        session.receive(.itemEnded(held.id, .stopped), at: 0.6)
        #expect(session.metrics.accessLog.last?.endReason == .endOfMedia)
        for index in 0..<(MetricsState.logLimit + 5) {
            let request = LoadRequest(item: clip)
            session.start(request, at: Double(index), firstFrame: Double(index) + 0.1, playing: Double(index) + 0.1)
            session.receive(.itemEnded(request.id, .stopped), at: Double(index) + 0.5)
        }
        #expect(session.metrics.accessLog.count == MetricsState.logLimit)
        #expect(session.entries.count == MetricsState.logLimit + 6)
        #expect(session.metrics.metrics(at: session.time(200)).session.itemCount == MetricsState.logLimit + 6)
    }
}
