import Foundation
import Reel

@MainActor
func showWithMyControls(_ player: Player) throws -> (PlayerWindow, [HandlerRegistration]) {
    var configuration = ContainerConfiguration.standard
    configuration.controls.setWidgets(
        [SkipButton(seconds: -10), PlayPauseButton(style: .large), SkipButton(seconds: 10)], in: .center)
    configuration.controls.setWidgets([CloseButton(), TitleBar(), PictureInPictureButton()], in: .top1)
    configuration.controls.setWidgets([FrameStepButton(forward: false), FrameStepButton(forward: true)], in: .left)
    configuration.controls.showsOnAppearance = false  // hidden until a tap or hover
    configuration.menuItems[.speed] = [MenuItem(title: "Report a problem…", action: .app("report"))]
    configuration.dropPolicy = .standard  // files and addresses dropped on the window play; Shift queues
    let controls = PlayerContainer(player: player, configuration: configuration)
    let window = try PlayerWindow(player: player, overlay: controls)
    let report = controls.addAppActionHandler { action in
        if action == "report" { print("report about", player.currentItem?.url.lastPathComponent ?? "nothing") }
    }
    let zooms = controls.gestures.addHandler { gesture, _ in
        if case .magnify(let factor, _) = gesture { print("zoom ×", factor) }
        return false  // only watches: ctrl+wheel and pinches still zoom the picture
    }
    return (window, [report, zooms])
}
