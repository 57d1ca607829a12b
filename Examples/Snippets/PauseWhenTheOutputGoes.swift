import Reel
import ReelPulse

@MainActor
func pauseWhenTheOutputGoes(_ player: Player) async -> AudioOutputMonitor {
    let output = AudioOutputMonitor.interrupting(player)  // player.interrupt(): paused(reason: .interrupted)
    try? await output.start()
    return output  // keep it while the player plays
}
