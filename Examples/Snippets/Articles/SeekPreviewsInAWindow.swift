import Foundation
import Reel

@MainActor
func previewWhileSeeking(_ player: Player) -> (PlayerContainer, SeekPreviews) {
    let previews = SeekPreviews(player: player)  // a PreviewModel per item, for the seek bar
    let container = PlayerContainer(
        store: player.store, configuration: .standard(previewImage: previews.image(at:)))
    previews.onImage = { [weak container] in container?.context.setNeedsDisplay() }  // a thumbnail arrived
    return (container, previews)  // PlayerWindow(player:) does all this by itself
}
