import Foundation
import ReelTestSupport

/// The live rooms of the network feed's `live` run: every third item from the third is a live HLS
/// stream that grows in real time (``NetworkFeedMedia/liveFolder``'s 1 s segments, a window of 6),
/// each with its own `LiveHLSPublisher` started when the run starts, as rooms that were live
/// before the viewer arrived.
struct LiveRooms {
    /// Whether item `index` of the feed is a live room.
    static func isLive(_ index: Int) -> Bool { index % 3 == 2 }

    /// Where room `index` serves its playlist.
    static func playlistPath(of index: Int) -> String { String(format: "/live/%02d/index.m3u8", index) }

    /// The playlist's window, in segments (seconds).
    static let window = 6

    /// Where the server's request log stood at a swipe, and the live edge then.
    struct Mark {
        var requests: Int
        var edge: Double
    }

    private let publishers: [Int: LiveHLSPublisher]
    private let start = ContinuousClock.now

    /// Publishers for every room of the feed, from now.
    init(media: NetworkFeedMedia) {
        var publishers: [Int: LiveHLSPublisher] = [:]
        for index in 0..<NetworkFeedMedia.count where Self.isLive(index) {
            publishers[index] = LiveHLSPublisher(
                segments: media.liveFolder, count: NetworkFeedMedia.liveSegmentCount, window: Self.window,
                prefix: String(format: "/live/%02d", index), since: start)
        }
        self.publishers = publishers
    }

    /// Every room's playlist and segments.
    var routes: [String: LoopbackHTTPServer.Behaviour] {
        publishers.values.reduce(into: [:]) { routes, publisher in routes.merge(publisher.routes) { first, _ in first }
        }
    }

    /// The request log's length and the live edge (in seconds of stream published) now.
    func mark(_ server: LoopbackHTTPServer) -> Mark {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return Mark(
            requests: server.requests().count,
            edge: min(Double(NetworkFeedMedia.liveSegmentCount), Double(Self.window) + seconds.rounded(.down)))
    }

    /// How far behind the live edge, in seconds, room `item` plays at `position` (its player's,
    /// which starts at 0 where the player joined): the edge now, less the segment the player
    /// joined at (the start of the last unbroken run of segments it asked for since `mark`) and
    /// the position. nil when it asked for none. A player that plays on from where it waited
    /// off screen is behind by the time it waited; one that opens the room again when shown
    /// joins where the demuxer starts (FFmpeg: three segments from the end).
    func behindEdge(item: Int, position: Double, since mark: Mark, in server: LoopbackHTTPServer) -> Double? {
        let prefix = String(format: "/live/%02d/segment", item)
        let segments = server.requests().dropFirst(mark.requests).compactMap { request -> Int? in
            guard request.path.hasPrefix(prefix) else { return nil }
            return Int(request.path.dropFirst(prefix.count).dropLast(".ts".count))
        }
        guard var joined = segments.first else { return nil }
        for (previous, next) in zip(segments, segments.dropFirst()) where next != previous && next != previous + 1 {
            joined = next
        }
        return max(0, self.mark(server).edge - Double(joined) - position)
    }
}
