import Foundation
import ReelTestSupport
import Testing

/// The feed benchmark's live rooms: a publisher that grows in real time, one 1 s segment per
/// second, behind a window.
@Suite("Live HLS publisher in real time")
struct LiveHLSPublisherTests {
    @Test func thePlaylistSlidesWithTheClockAndRunsDryAtTheEnd() throws {
        let folder = URL(fileURLWithPath: "/nonexistent")
        let started = LiveHLSPublisher(
            segments: folder, count: 20, window: 6, prefix: "/room", since: .now - .seconds(4))
        let playlist = try #require(Self.playlist(started))
        #expect(playlist.contains("#EXT-X-MEDIA-SEQUENCE:4\n"))
        #expect(playlist.contains("segment9.ts") && !playlist.contains("segment10.ts"))
        #expect(!playlist.contains("#EXT-X-ENDLIST"))
        #expect(started.routes["/room/segment19.ts"] != nil && started.routes["/room/segment20.ts"] == nil)

        let ended = LiveHLSPublisher(
            segments: folder, count: 20, window: 6, prefix: "/room", since: .now - .seconds(60))
        let last = try #require(Self.playlist(ended))
        #expect(last.contains("#EXT-X-MEDIA-SEQUENCE:14\n") && last.contains("segment19.ts"))
    }

    private static func playlist(_ publisher: LiveHLSPublisher) -> String? {
        guard case .generated(let make, _) = publisher.routes[publisher.playlistURLPath] else { return nil }
        return make()
    }
}
