import Foundation
import ReelCore
import ReelFeed
import ReelMPV
import ReelPlayer
import ReelTestSupport

/// The feed on a network (issue #25): ``NetworkFeedMedia``'s 20 clips served by a
/// `LoopbackHTTPServer` whose link carries `megabits` in total with 40 ms per request, watched by
/// one ``ScriptedViewer`` (seed 25) with Reel's `FeedPlayerPool` (a policy each) and with
/// `mpv --prefetch-playlist=yes` driven over its IPC socket.
///
/// What each swipe measures, from the moment the swipe is asked for (`moveForward()` /
/// `moveBack()`, or `playlist-next` / `playlist-prev` written to mpv's socket):
/// - first frame: the new visible item has its first frame decoded. Reel: its player holds the
///   item with status `ready` (libmpv's playback restart after its load; at once for a neighbour
///   paused on its first frame). mpv: the `playback-restart` event after the new file's
///   `start-file`.
/// - playing: Reel: the visible player's `state` is `.playing`. mpv: after that restart, while
///   `paused-for-cache` is false (mpv is never paused by the script).
/// - stalls: once the visit played, each time it enters `buffering(.toMinimizeStalls)` (Reel) or
///   `paused-for-cache` turns true (mpv).
/// The viewer watches for the step's dwell from the moment the item plays (or gives up after
/// ``startTimeout``), then notes the position reached and swipes. Bytes are the server's exact
/// body bytes, over every path, when the last visit ends.
struct NetworkFeedBench {
    /// A configuration the viewer watches the feed with.
    enum Configuration: CaseIterable {
        /// Reel's pool with `FeedPreloadPolicy.standard`.
        case reelStandard
        /// Reel's pool with `FeedPreloadPolicy.unbounded`.
        case reelUnbounded
        /// `mpv --prefetch-playlist=yes` over IPC.
        case mpv

        /// Its name in the tables.
        var name: String {
            switch self {
            case .reelStandard: "Reel, FeedPreloadPolicy.standard"
            case .reelUnbounded: "Reel, FeedPreloadPolicy.unbounded"
            case .mpv: "mpv --prefetch-playlist=yes"
            }
        }

        /// The name `REEL_FEED_CONFIGURATIONS` uses.
        var shortName: String {
            switch self {
            case .reelStandard: "standard"
            case .reelUnbounded: "unbounded"
            case .mpv: "mpv"
            }
        }
    }

    /// What the feed's items are.
    enum Feed: CaseIterable {
        /// The MP4s, read progressively.
        case progressive
        /// The HLS streams of two variants (``NetworkFeedMedia/hlsFolder(of:)``).
        case hls
        /// The MP4s, with a live room (``LiveRooms``) in place of every third item from the third.
        case live

        /// The name `REEL_FEED_KINDS` uses.
        var shortName: String {
            switch self {
            case .progressive: "mp4"
            case .hls: "hls"
            case .live: "live"
            }
        }
    }

    /// What one configuration measured at one speed.
    struct Run {
        var configuration: Configuration
        var feed: Feed
        var megabits: Double
        /// Seconds from each swipe to the new item's first frame.
        var firstFrame: [Double]
        /// Seconds from each swipe to the new item playing.
        var playing: [Double]
        /// Stalls of the visible item, over every visit.
        var stalls: Int
        /// Swipes made.
        var swipes: Int
        /// Visits that never played within ``startTimeout`` (their latencies count as the timeout).
        var timeouts: Int
        /// Body bytes the server sent.
        var fetched: Int
        /// The visits to live rooms: seconds to the first frame, to playing, and how far behind
        /// the live edge each played when the viewer swiped on
        /// (``LiveRooms/behindEdge(item:position:since:in:)``).
        var liveFirstFrame: [Double] = []
        var livePlaying: [Double] = []
        var liveBehindEdge: [Double] = []
        /// What the viewer watched.
        var account: FeedByteAccount

        var stallsPer100Swipes: Double { swipes > 0 ? Double(stalls) * 100 / Double(swipes) : 0 }
        var wastedShare: Double { account.wastedShare(ofFetched: fetched) }
        var fetchedOverWatched: Double { account.fetchedOverWatched(fetched) }
    }

    /// The clips.
    var media: NetworkFeedMedia
    /// Swipes per configuration and speed.
    var swipes: Int
    /// The mpv executable; nil skips the peer.
    var mpv: String?
    /// The viewer's seed.
    var seed: UInt64 = 25
    /// The link speeds, in Mbit/s.
    static let speeds: [Double] = [4, 8, 20]
    /// Latency added to every request.
    static let latency = Duration.milliseconds(40)
    /// How long a visit waits for its item to play before the viewer swipes on.
    static let startTimeout = Duration.seconds(15)

    /// The feed's addresses: `/feed/NN.mp4`, or `/hls/NN/master.m3u8`.
    private func paths(_ feed: Feed) -> [String] {
        (0..<NetworkFeedMedia.count).map {
            switch feed {
            case .progressive: String(format: "/feed/%02d.mp4", $0)
            case .hls: String(format: "/hls/%02d/master.m3u8", $0)
            case .live: LiveRooms.isLive($0) ? LiveRooms.playlistPath(of: $0) : String(format: "/feed/%02d.mp4", $0)
            }
        }
    }

    /// What was watched, counted in the bytes of each MP4, or of each stream's highest variant.
    private func newAccount(_ feed: Feed) throws(BenchError) -> FeedByteAccount {
        var sizes: [Int] = []
        for index in 0..<NetworkFeedMedia.count {
            let files: [URL]
            switch feed {
            case .progressive, .live: files = [media.url(of: index)]
            case .hls:
                let top = media.hlsFolder(of: index).appendingPathComponent(NetworkFeedMedia.variants[0])
                files = ((try? FileManager.default.contentsOfDirectory(atPath: top.path)) ?? [])
                    .filter { $0.hasSuffix(".ts") }.map { top.appendingPathComponent($0) }
            }
            let bytes = files.compactMap {
                (try? FileManager.default.attributesOfItem(atPath: $0.path))?[.size] as? Int
            }
            guard !files.isEmpty, bytes.count == files.count else {
                throw BenchError.failed("feed on a network: clip \(index)'s media is missing")
            }
            sizes.append(bytes.reduce(0, +))
        }
        return FeedByteAccount(
            fileBytes: sizes, durations: (0..<NetworkFeedMedia.count).map { Double(NetworkFeedMedia.seconds(of: $0)) })
    }

    private func startServer(
        _ feed: Feed, megabits: Double, rooms: LiveRooms? = nil
    ) throws(BenchError) -> LoopbackHTTPServer {
        var routes: [String: LoopbackHTTPServer.Behaviour] = rooms?.routes ?? [:]
        for (index, path) in paths(feed).enumerated() where routes[path] == nil {
            switch feed {
            case .progressive, .live: routes[path] = .file(media.url(of: index))
            case .hls:
                let folder = media.hlsFolder(of: index)
                let prefix = String(format: "/hls/%02d/", index)
                let enumerator = FileManager.default.enumerator(atPath: folder.path)
                while let file = enumerator?.nextObject() as? String {
                    guard file.hasSuffix(".ts") || file.hasSuffix(".m3u8") else { continue }
                    routes[prefix + file] = .file(
                        folder.appendingPathComponent(file),
                        contentType: file.hasSuffix(".ts") ? "video/mp2t" : "application/vnd.apple.mpegurl")
                }
            }
        }
        let server = LoopbackHTTPServer(routes: routes, link: .megabits(megabits, latency: Self.latency))
        do { try server.start() } catch { throw BenchError.failed("feed on a network: the server: \(error)") }
        return server
    }

    /// The speed the HLS feed is measured at (the goals' speed).
    static let hlsSpeed: Double = 8

    /// Runs every configuration at every speed on the MP4s, then at ``hlsSpeed`` on the HLS
    /// streams, the configurations interleaved at each speed.
    @MainActor func run(progress: (String) -> Void) async throws(BenchError) -> [Run] {
        var runs: [Run] = []
        // `REEL_FEED_SPEEDS=8`, `REEL_FEED_CONFIGURATIONS=standard,mpv` and `REEL_FEED_KINDS=hls`
        // narrow a run (tuning).
        let environment = ProcessInfo.processInfo.environment
        let speeds = environment["REEL_FEED_SPEEDS"].map { $0.split(separator: ",").compactMap { Double($0) } }
        let names = environment["REEL_FEED_CONFIGURATIONS"].map { $0.split(separator: ",").map(String.init) }
        let kinds = environment["REEL_FEED_KINDS"].map { $0.split(separator: ",").map(String.init) }
        let configurations = Configuration.allCases.filter { configuration in
            (configuration != .mpv || mpv != nil) && (names?.contains(configuration.shortName) ?? true)
        }
        for feed in Feed.allCases where kinds?.contains(feed.shortName) ?? true {
            for megabits in feed == .progressive ? speeds ?? Self.speeds : [Self.hlsSpeed] {
                for configuration in configurations {
                    progress("  \(feed.shortName), \(Int(megabits)) Mbit/s, \(configuration.name)…")
                    switch configuration {
                    case .reelStandard:
                        runs.append(try await runReel(.standard, as: configuration, feed: feed, megabits: megabits))
                    case .reelUnbounded:
                        runs.append(try await runReel(.unbounded, as: configuration, feed: feed, megabits: megabits))
                    case .mpv: runs.append(try runMPV(feed: feed, megabits: megabits))
                    }
                }
            }
        }
        return runs
    }

    // MARK: - Reel

    @MainActor private func runReel(
        _ policy: FeedPreloadPolicy, as configuration: Configuration, feed: Feed, megabits: Double
    ) async throws(BenchError) -> Run {
        let viewer = ScriptedViewer(seed: seed, swipes: swipes, itemCount: NetworkFeedMedia.count)
        var account = try newAccount(feed)
        let rooms = feed == .live ? LiveRooms(media: media) : nil
        let server = try startServer(feed, megabits: megabits, rooms: rooms)
        defer { server.stop() }
        let items = paths(feed).map { MediaItem(url: server.url($0)) }
        let pool: FeedPlayerPool
        do {
            pool = try FeedPlayerPool(items: items, preload: policy) { () throws(PlayerError) in
                try MPVEngine(configuration: .headless)
            }
        } catch {
            throw BenchError.failed("feed on a network: \(error)")
        }
        var run = Run(
            configuration: configuration, feed: feed, megabits: megabits, firstFrame: [], playing: [], stalls: 0,
            swipes: 0, timeouts: 0, fetched: 0, account: account)
        var swiped = ContinuousClock.now
        let origin = rooms?.mark(server)
        do { try pool.show(index: 0) } catch { throw BenchError.failed("feed on a network: \(error)") }
        for (number, step) in viewer.steps.enumerated() {
            let visit = await watchReel(
                pool, index: step.index, url: items[step.index].url, from: swiped, dwell: step.dwell)
            let position = pool.player(for: step.index)?.currentTime
            if number > 0 {
                record(
                    visit, item: step.index, position: position, rooms: rooms, since: origin,
                    server: server, into: &run)
            }
            run.stalls += visit.stalls
            if let position { account.watched(item: step.index, upTo: position) }
            swiped = ContinuousClock.now
            do {
                if step.move == .forward { try pool.moveForward() } else { try pool.moveBack() }
            } catch {
                throw BenchError.failed("feed on a network: a swipe was refused: \(error)")
            }
            run.swipes += 1
        }
        // The last item shown: its latency and a watch of 1 s, so that every swipe is measured.
        let last = viewer.lastIndex
        let visit = await watchReel(pool, index: last, url: items[last].url, from: swiped, dwell: .seconds(1))
        let position = pool.player(for: last)?.currentTime
        record(
            visit, item: last, position: position, rooms: rooms, since: origin, server: server,
            into: &run)
        run.stalls += visit.stalls
        if let position { account.watched(item: last, upTo: position) }
        run.fetched = server.bytesSent()
        run.account = account
        await pool.shutdown()
        return run
    }

    /// One visit's figures.
    private struct Visit {
        var firstFrame: Duration?
        var playing: Duration?
        var stalls = 0
    }

    /// Adds the visit to item `item`, which ended at `position`, to the run's figures; a visit to
    /// a live room also to its own, with how far behind the edge it played (from the requests
    /// since `mark`, the run's start).
    private func record(
        _ visit: Visit, item: Int, position: Double?, rooms: LiveRooms?, since mark: LiveRooms.Mark?,
        server: LoopbackHTTPServer, into run: inout Run
    ) {
        func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        }
        let limit = seconds(Self.startTimeout)
        if let rooms, let mark, LiveRooms.isLive(item) {
            run.liveFirstFrame.append(visit.firstFrame.map(seconds) ?? limit)
            run.livePlaying.append(visit.playing.map(seconds) ?? limit)
            if let position, let behind = rooms.behindEdge(item: item, position: position, since: mark, in: server) {
                run.liveBehindEdge.append(behind)
            }
        }
        run.firstFrame.append(visit.firstFrame.map(seconds) ?? limit)
        run.playing.append(visit.playing.map(seconds) ?? limit)
        if visit.playing == nil { run.timeouts += 1 }
    }

    /// Watches item `index` of `pool` from the swipe at `swiped`: its first frame, its playing,
    /// its stalls, for `dwell` once it plays.
    @MainActor private func watchReel(
        _ pool: FeedPlayerPool, index: Int, url: URL, from swiped: ContinuousClock.Instant, dwell: Duration
    ) async -> Visit {
        var visit = Visit()
        var playedAt: ContinuousClock.Instant?
        var stalled = false
        while true {
            let now = ContinuousClock.now
            if let player = pool.player(for: index), player.currentItem?.url == url {
                let playback = player.playback
                if visit.firstFrame == nil, playback.status == .ready || playback.status == .ended {
                    visit.firstFrame = now - swiped
                }
                let state = player.state
                if playedAt == nil, state == .playing {
                    playedAt = now
                    visit.playing = now - swiped
                }
                if playedAt != nil {
                    let isStalled = state == .buffering(reason: .toMinimizeStalls)
                    if isStalled, !stalled { visit.stalls += 1 }
                    stalled = isStalled
                }
            }
            if let playedAt, now - playedAt >= dwell { return visit }
            if playedAt == nil, now - swiped >= Self.startTimeout { return visit }
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    // MARK: - mpv

    private func runMPV(feed: Feed, megabits: Double) throws(BenchError) -> Run {
        guard let mpv else { throw BenchError.missingTool("mpv") }
        let viewer = ScriptedViewer(seed: seed, swipes: swipes, itemCount: NetworkFeedMedia.count)
        var account = try newAccount(feed)
        let rooms = feed == .live ? LiveRooms(media: media) : nil
        let server = try startServer(feed, megabits: megabits, rooms: rooms)
        defer { server.stop() }
        let urls = paths(feed).map { server.url($0).absoluteString }
        let failure = { (message: String) in BenchError.failed("feed on a network, mpv: \(message)") }
        let client = try MPVClient.open(mpv: mpv, arguments: ["--prefetch-playlist=yes"] + urls, failure: failure)
        defer { client.close() }
        try client.send(#"{"command":["observe_property",2,"paused-for-cache"]}"#)
        var session = MPVFeedSession(client: client)
        var run = Run(
            configuration: .mpv, feed: feed, megabits: megabits, firstFrame: [], playing: [], stalls: 0, swipes: 0,
            timeouts: 0, fetched: 0, account: account)
        // The first item's first frame came before `open` returned.
        var swiped = ContinuousClock.now
        let origin = rooms?.mark(server)
        session.restarted = true
        for (number, step) in viewer.steps.enumerated() {
            let visit = try session.watch(from: swiped, dwell: step.dwell)
            let position = try session.position()
            if number > 0 {
                record(
                    visit, item: step.index, position: position, rooms: rooms, since: origin,
                    server: server, into: &run)
            }
            run.stalls += visit.stalls
            if let position { account.watched(item: step.index, upTo: position) }
            swiped = ContinuousClock.now
            try session.swipe(step.move)
            run.swipes += 1
        }
        let last = viewer.lastIndex
        let visit = try session.watch(from: swiped, dwell: .seconds(1))
        let position = try session.position()
        record(
            visit, item: last, position: position, rooms: rooms, since: origin, server: server,
            into: &run)
        run.stalls += visit.stalls
        if let position { account.watched(item: last, upTo: position) }
        run.fetched = server.bytesSent()
        run.account = account
        return run
    }

    /// The mpv player's state as its IPC reports it, for one feed.
    private struct MPVFeedSession {
        let client: MPVClient
        /// The new file has started (`start-file`) and restarted (`playback-restart`) since the swipe.
        var restarted = false
        private var started = true
        private var pausedForCache = false
        private var requests = 100

        init(client: MPVClient) { self.client = client }

        /// Sends the swipe.
        mutating func swipe(_ move: ScriptedViewer.Move) throws(BenchError) {
            restarted = false
            started = false
            try client.send(move == .forward ? #"{"command":["playlist-next"]}"# : #"{"command":["playlist-prev"]}"#)
        }

        /// Reads mpv's lines until the visit is over (as ``NetworkFeedBench/watchReel``).
        mutating func watch(from swiped: ContinuousClock.Instant, dwell: Duration) throws(BenchError) -> Visit {
            var visit = Visit()
            var playedAt: ContinuousClock.Instant?
            var stalled = false
            if restarted { visit.firstFrame = .zero }
            while true {
                let line = try client.nextLine(timeout: .milliseconds(5))
                let now = ContinuousClock.now
                if let line { take(line) }
                if restarted, visit.firstFrame == nil { visit.firstFrame = now - swiped }
                if playedAt == nil, restarted, !pausedForCache {
                    playedAt = now
                    visit.playing = now - swiped
                }
                if playedAt != nil {
                    if pausedForCache, !stalled { visit.stalls += 1 }
                    stalled = pausedForCache
                }
                if let playedAt, now - playedAt >= dwell { return visit }
                if playedAt == nil, now - swiped >= NetworkFeedBench.startTimeout { return visit }
            }
        }

        /// The playback position, asked for (nil without one).
        mutating func position() throws(BenchError) -> Double? {
            requests += 1
            let id = requests
            try client.send(#"{"command":["get_property","time-pos"],"request_id":\#(id)}"#)
            let deadline = ContinuousClock.now + .seconds(5)
            while ContinuousClock.now < deadline {
                guard let line = try client.nextLine(timeout: .milliseconds(50)) else { continue }
                guard let object = Self.object(line), object["request_id"] as? Int == id else {
                    take(line)
                    continue
                }
                return object["data"] as? Double ?? (object["data"] as? NSNumber)?.doubleValue
            }
            return nil
        }

        private mutating func take(_ line: String) {
            guard let object = Self.object(line) else { return }
            switch object["event"] as? String {
            case "start-file": started = true
            case "playback-restart": if started { restarted = true }
            case "property-change":
                if object["name"] as? String == "paused-for-cache" {
                    pausedForCache = object["data"] as? Bool ?? (object["data"] as? NSNumber)?.boolValue ?? false
                }
            default: break
            }
        }

        private static func object(_ line: String) -> [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }
}
