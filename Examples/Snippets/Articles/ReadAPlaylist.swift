import Foundation
import Reel

@MainActor
func playPlaylist(_ file: URL, on player: Player) throws {
    let playlist = try PlaylistFile.read(contentsOf: file)  // M3U or PLS; every entry through URLPolicy.standard
    for problem in playlist.problems { print(problem) }  // "line 7: …", refused or missing entries
    try player.setQueue(playlist.entries.map(\.item))
}
