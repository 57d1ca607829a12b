import Reel
import ReelMPRIS

@MainActor
func publish(_ player: Player, window: PlayerWindow) -> (MPRISService, SleepMonitor) {
    let mpris = MPRISService(player)  // Fullscreen is player.presentation, settable while a window shows it
    do { try mpris.start() } catch { print("MPRIS is off: \(error)") }
    mpris.onQuit = { window.close() }  // Raise is a hook too; Next and Previous are the player's queue
    let sleep = SleepMonitor.interrupting(player)  // player.interruptionPolicy = .ifWasPlaying (default)
    try? sleep.start()
    return (mpris, sleep)  // keep them while the player plays
}
