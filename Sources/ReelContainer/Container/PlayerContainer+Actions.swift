import Foundation
import ReelComposable
import ReelCore

extension PlayerContainer {
    /// Performs a container action: player intents go to the store (with a feedback bubble
    /// where the change is not otherwise visible; the window follows the player's presentation),
    /// the rest to the container's panels, its app handlers and the host.
    public func perform(_ action: ContainerAction) {
        let configuration = context.configuration
        let strings = configuration.strings
        switch action {
        case .player(let action):
            let before = context.state
            context.send(action)
            feedback(for: action, before: before)
        case .multiplySpeed(let factor):
            let range = configuration.speedRange
            let speed = min(range.upperBound, max(range.lowerBound, context.state.playback.speed * factor))
            context.send(.transport(.rateChanged(speed)))
            bubble(strings.text(.speedChanged, strings.speed(speed)))
        case .app(let action):
            for handler in appActionHandlers.handlers { handler(action) }
        case .quit:
            onQuit?()
        case .toggleControls:
            controls.toggle()
        case .openMenu(let menu):
            var panel = FeaturePanel(
                edge: .right, style: .cover, extent: configuration.menuPanelWidth,
                content: PlayerMenus.widget(for: menu, strings: strings),
                background: configuration.theme.panelBackground)
            panel.fitsContent = true
            features.present(panel)
        case .closePanel:
            features.dismiss()
        case .screenshot:
            let folder =
                configuration.screenshotFolder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let name = PlayerFeature.screenshotName(context.state)
            context.send(
                .outputs(.screenshotRequested(to: folder.appendingPathComponent(name), includingSubtitles: true)))
            toasts.show(Toast(strings.text(.screenshotTaken, name)))
        }
    }

    /// Says what `action` changed, where nothing else shows it: a bubble for a skip, the mute, a
    /// track or the zoom, a toast for the A-B loop.
    private func feedback(for action: PlayerFeature.Action, before: PlayerFeature.State) {
        let strings = context.configuration.strings
        let state = context.state
        switch action {
        case .transport(.skipRequested(let seconds, _)):
            bubble(Cycling.skipLabel(seconds, strings: strings), alignment: seconds < 0 ? .leading : .trailing)
        case .transport(.muteToggled):
            bubble(state.playback.isMuted ? strings[.muted] : strings.volume(state.playback.volume))
        case .outputs(.subtitleTrackCycled):
            guard !state.playback.tracks(.subtitle).isEmpty else { return bubble(strings[.noSubtitles]) }
            let selected = state.playback.selectedTrack(.subtitle)
            bubble(strings.text(.subtitlesChanged, selected.map(strings.name(of:)) ?? strings[.off]))
        case .outputs(.audioTrackCycled):
            guard state.playback.tracks(.audio).count > 1, let selected = state.playback.selectedTrack(.audio) else {
                return
            }
            bubble(strings.text(.audioChanged, strings.name(of: selected)))
        case .transport(.abLoopCycled):
            let loop = state.playback.abLoop
            let withHours = (state.playback.duration ?? 0) >= 3600
            toasts.show(Toast(Cycling.abLoopLabel(loop, withHours: withHours, strings: strings)))
        case .controls(.showRequested), .controls(.hideRequested):
            controls.followStore()
        case .outputs(.zoomMultiplied):
            let zoom = state.playback.framing.zoom
            guard zoom != before.playback.framing.zoom else { return }
            bubble(strings.text(.zoom, String(Int((zoom * 100).rounded()))))
        default:
            break
        }
    }

    private func bubble(_ text: String, alignment: Alignment = .center) {
        plugins.present(BubbleWidget(text: text), alignment: alignment, duration: context.configuration.bubbleDuration)
    }
}
