import Reel

@MainActor
func controlsInMotion(for player: Player) -> PlayerContainer {
    var configuration = ContainerConfiguration.standard
    configuration.controls.dimming = Color(white: 0, alpha: 0.6)  // behind the controls, fading with them
    configuration.controls.setTransition(
        .opacity.animation(insertion: .easeOut(duration: 0.15), removal: .easeIn(duration: 0.4)),
        for: .top, .bottom, in: [.fullscreen])  // fades only; elsewhere the edges slide as well
    configuration.controls.setLayout(SlotLayout(alignment: .trailing), in: .top1)
    configuration.controls.setLayout(SlotLayout(distribution: .spaceEvenly), in: .bottom2, for: [.portrait])
    // Shown while paused, gone two seconds into playback; a tap brings them back.
    configuration.controls.displayStyle = .policy(
        DisplayPolicy { event, situation in
            switch event {
            case .tap: .show
            case .hover: nil
            case .update where situation.state.playerState != .playing: .show
            case .update: situation.idleTime >= 2 ? .hide : nil
            }
        })
    let container = PlayerContainer(player: player, configuration: configuration)
    container.toasts.transition = .asymmetric(
        insertion: .move(edge: .bottom).combined(with: .opacity), removal: .opacity)
    container.plugins.present(
        BubbleWidget(text: "Welcome"), duration: 2, transition: .scale(0.8).combined(with: .opacity))
    return container
}
