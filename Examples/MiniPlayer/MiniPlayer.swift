import Reel

/// Plays a file or address in a window with Reel's controls and seek previews: `f` fullscreen,
/// `p` picture in picture, `q` quits; media keys work and the audio output going away pauses it.
@main
struct MiniPlayer {
    static func main() async throws {
        guard CommandLine.arguments.count == 2 else { return print("usage: MiniPlayer FILE-OR-URL") }
        let player = Player(engine: try MPVEngine(configuration: .standard))
        let window = try PlayerWindow(player: player, options: .init(title: "MiniPlayer"))
        let desktop = DesktopIntegration(player: player, window: window)
        try player.load(MediaItem(url: try URLPolicy.standard.resolve(CommandLine.arguments[1])))
        await window.run()
        desktop.stop()
        await player.shutdown()
    }
}
