import Foundation
import Reel

@MainActor
func playEpisodes(_ files: [URL]) async throws {
    let player = Player(engine: try MPVEngine(configuration: .headless))
    try player.setQueue(files.map { MediaItem(url: $0) })  // plays the first; each next one is prepared
    try player.setRepeatMode(.all)  // .off, .one (the item) or .all (the queue)
    try player.setShuffle(true, seed: 42)  // the same seed, the same order; false restores it
    try player.next()  // previous() restarts the item past its first 3 s
    print(player.queue.currentIndex ?? -1, player.canGoNext)
    await player.shutdown()
}
