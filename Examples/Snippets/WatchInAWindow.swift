import Foundation
import Reel

@MainActor
func watch(_ clip: URL) async throws {
    let player = Player(engine: try MPVEngine(configuration: .standard))
    let window = try PlayerWindow(player: player)  // Reel's controls with seek previews; `q` closes it
    try player.load(MediaItem(url: clip, title: "Clip"))
    await window.run()  // until the window is closed
    await player.shutdown()
}
