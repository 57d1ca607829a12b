import Foundation
import Reel

@MainActor
func watchOnTheDesktop(_ clip: URL) async throws {
    let player = Player(engine: try MPVEngine(configuration: .standard))
    let window = try PlayerWindow(player: player)
    let desktop = DesktopIntegration(player: player, window: window) { issue in
        print("reel: \(issue.message)")  // "MPRIS is off: Cannot connect to the session bus: …"; it plays on
    }
    try player.load(MediaItem(url: clip, title: "Clip"))
    await window.run()  // until the window is closed (also by MPRIS's Quit)
    desktop.stop()  // leaves the buses, releases the screensaver
    await player.shutdown()
}
