import Foundation
import Reel

@MainActor
func scrollAFeed(_ clips: [URL]) async throws {
    let pool = try FeedPlayerPool(items: clips.map { MediaItem(url: $0) }) { () throws(PlayerError) in
        try MPVEngine(configuration: .headless)  // three engines, made here, whatever the feed's length
    }
    try pool.show(index: 0)  // item 0 plays; item 1 waits paused on its first frame
    _ = try pool.moveForward()  // item 1 plays at once; item 0 pauses; item 2 loads paused
    print(pool.visiblePlayer?.state ?? .paused(reason: .userInitiated))
    await pool.shutdown()
}
