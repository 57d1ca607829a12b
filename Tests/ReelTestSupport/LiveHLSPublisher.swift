import Foundation
import NIOConcurrencyHelpers
import ReelTesting

/// A live HLS stream on a ``LoopbackHTTPServer``, made of pre-generated segments
/// (``Fixture/liveHLSSegments``): the media playlist is a sliding window of the segments published
/// so far, without `#EXT-X-ENDLIST`, and each request for it publishes one more segment — so the
/// stream grows as fast as the player asks, with no timer. ``freeze()`` stops the growth (the
/// stream runs dry); ``resume()`` starts it again. A publisher made with
/// ``init(segments:count:window:prefix:since:)`` grows in real time instead, one 1 s segment per
/// second, as a live room does (for benchmarks, not for tests).
///
/// ```swift
/// let publisher = try await LiveHLSPublisher(window: 6)
/// let server = LoopbackHTTPServer(routes: publisher.routes)
/// try server.start()
/// try player.load(MediaItem(url: server.url(LiveHLSPublisher.playlistPath)))
/// ```
package final class LiveHLSPublisher: Sendable {
    /// Where the media playlist is served.
    package static let playlistPath = "/live/index.m3u8"

    private struct Published {
        var count: Int
        var isFrozen = false
    }

    private let folder: URL
    private let segmentCount: Int
    private let window: Int
    /// Where the playlist and segments are served.
    private let prefix: String
    /// When the real-time stream started; nil for one that grows per request.
    private let start: ContinuousClock.Instant?
    private let published: NIOLockedValueBox<Published>

    /// Prepares the segments (made once with ffmpeg and cached) and publishes the first `window`.
    package init(window: Int = 6) async throws(MediaFixtureError) {
        folder = try await MediaFixtures.url(for: .liveHLSSegments)
        segmentCount = Fixture.liveHLSSegmentCount
        self.window = max(3, min(window, segmentCount))
        prefix = "/live"
        start = nil
        published = NIOLockedValueBox(Published(count: self.window))
    }

    /// A stream that grows in real time from `since`: `folder`'s `segment0.ts`… (`count` of them,
    /// 1 s each), `window` of them in the playlist, served under `prefix`. It runs dry after the
    /// last segment.
    package init(segments folder: URL, count: Int, window: Int = 6, prefix: String, since: ContinuousClock.Instant) {
        self.folder = folder
        segmentCount = count
        self.window = max(3, min(window, count))
        self.prefix = prefix
        start = since
        published = NIOLockedValueBox(Published(count: self.window))
    }

    /// Where this publisher serves its media playlist.
    package var playlistURLPath: String { "\(prefix)/index.m3u8" }

    /// The playlist (which publishes the next segment on every request) and every segment.
    package var routes: [String: LoopbackHTTPServer.Behaviour] {
        var routes: [String: LoopbackHTTPServer.Behaviour] = [
            playlistURLPath: .generated({ [self] in nextPlaylist() }, contentType: "application/vnd.apple.mpegurl")
        ]
        for index in 0..<segmentCount {
            routes["\(prefix)/segment\(index).ts"] = .file(
                folder.appendingPathComponent("segment\(index).ts"), contentType: "video/mp2t")
        }
        return routes
    }

    /// How many segments are published.
    package var publishedCount: Int { published.withLockedValue { $0.count } }

    /// Stops publishing: the playlist stays as it is, and the stream runs dry.
    package func freeze() { published.withLockedValue { $0.isFrozen = true } }

    /// Publishes again, one segment per request.
    package func resume() { published.withLockedValue { $0.isFrozen = false } }

    /// The playlist now, publishing one more segment for the next request (unless frozen or all
    /// are out: the stream then runs dry too).
    private func nextPlaylist() -> String {
        let count = published.withLockedValue { state -> Int in
            if let start {
                let elapsed = (ContinuousClock.now - start).components.seconds
                if !state.isFrozen { state.count = min(segmentCount, window + Int(elapsed)) }
                return state.count
            }
            let count = state.count
            if !state.isFrozen, state.count < segmentCount { state.count += 1 }
            return count
        }
        let first = max(0, count - window)
        var text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:\(first)\n"
        for index in first..<count { text += "#EXTINF:1.000000,\nsegment\(index).ts\n" }
        return text
    }
}
