import Foundation
import Reel

@MainActor
func playTheIntro(of movie: URL) async throws {
    var configuration = MPVConfiguration.standard
    configuration.buffering = .minimizingStalls  // 5 s of media before it starts and after a stall
    let player = Player(engine: try MPVEngine(configuration: configuration))
    var intro = MediaItem(url: movie, clip: ClipRange(start: 60, end: 90))  // an item 30 s long
    intro.preferredAudioLanguages = ["ja", "en"]  // the first of these the media has (mpv's alang)
    try player.load(intro, autoplay: false)
    _ = await player.wait(timeout: .seconds(10)) { $0.status == .ready }
    try player.seek(toFrame: 48)  // exactly frame 48: 2 s into the clip at 24 fps (player.frameRate)
    try player.setBufferingPolicy(.playImmediately)  // per player, at run time
    await player.shutdown()
}
