import Foundation
import Reel

@MainActor
func playClip() async throws {
    let player = Player(engine: try MPVEngine(configuration: .headless))  // no picture, no sound; or .standard
    let events = player.events  // every state change and item event from now on, in order
    try player.load(MediaItem(url: URL(fileURLWithPath: "clip.mkv"), title: "Clip"))
    for await case .stateChanged(let state) in events {
        print(state)  // buffering(reason: .evaluatingBufferRate), playing, paused(reason: .endOfMedia)
        if state == .paused(reason: .endOfMedia) { break }
    }
    await player.shutdown()
}
