import Reel
import ReelMPRIS

@MainActor
func publish(_ player: Player, window: PlayerWindow) -> (MPRISService, SleepMonitor) {
    let mpris = MPRISService(player)  // a Player, or any RemoteControllable
    do { try mpris.start() } catch { print("MPRIS is off: \(error)") }
    mpris.onQuit = { window.close() }  // Raise, Next, Previous and Fullscreen are hooks too
    let sleep = SleepMonitor.interrupting(player)  // player.interruptionPolicy = .ifWasPlaying (default)
    try? sleep.start()
    return (mpris, sleep)  // keep them while the player plays
}
