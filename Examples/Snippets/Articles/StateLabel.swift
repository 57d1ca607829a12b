import Foundation
import Reel

/// What a status line shows for each state: every pause and every wait says why.
func statusText(for state: PlayerState) -> String {
    switch state {
    case .playing: "Playing"
    case .paused(reason: .userInitiated): "Paused"
    case .paused(reason: .interrupted): "Paused: the system took the sound"
    case .paused(reason: .endOfMedia): "Ended"
    case .paused(reason: .error(let error)): "Failed: \(error.localizedDescription)"
    case .buffering(reason: .seeking): "Seeking…"
    case .buffering(reason: .toMinimizeStalls): "Buffering…"
    case .buffering(reason: .evaluatingBufferRate): ""  // opening: Apple advises no spinner
    case .buffering(reason: .noItemToPlay), .buffering(reason: .unknown): ""
    }
}
