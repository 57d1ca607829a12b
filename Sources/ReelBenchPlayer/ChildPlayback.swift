import Foundation
import ReelCore
import ReelMPV
import ReelPlayer

/// The benchmark's child mode: plays one file with Reel exactly as an app would (`MPVEngine`
/// with `MPVConfiguration.headless` under a `Player`) and returns when it ends.
@MainActor
enum ChildPlayback {
    /// Plays `path` to its end, or only its first frame (`frames=1`, after which the engine ends
    /// the item); returns 0 when it ended normally and 1 when it failed.
    static func run(path: String, firstFrameOnly: Bool) async -> Int32 {
        var configuration = MPVConfiguration.headless
        if firstFrameOnly { configuration.options["frames"] = "1" }
        let player: Player
        do {
            player = Player(engine: try MPVEngine(configuration: configuration))
        } catch {
            report(error)
            return 1
        }
        let events = player.events
        var status: Int32 = 1
        do {
            try player.load(MediaItem(url: URL(fileURLWithPath: path)))
            playback: for await event in events {
                switch event {
                case .stateChanged(.paused(reason: .endOfMedia)), .itemEnded(_, .endOfMedia), .itemEnded(_, .stopped):
                    status = 0
                    break playback
                case .stateChanged(.paused(reason: .error(let error))), .itemEnded(_, .failed(let error)):
                    report(error)
                    break playback
                default:
                    continue
                }
            }
        } catch {
            report(error)
        }
        await player.shutdown()
        return status
    }

    private static func report(_ error: PlayerError) {
        FileHandle.standardError.write(Data("ReelBench child: \(error.message)\n".utf8))
    }
}
