import Foundation
import ReelComposable
import ReelCore

extension PlayerContainer {
    /// Performs a container action: player intents go to the store (with a feedback bubble
    /// where the change is not otherwise visible), fullscreen to the player's presentation (which the window follows), quitting to the host.
    public func perform(_ action: ContainerAction) {
        let state = context.state
        let configuration = context.configuration
        let strings = configuration.strings
        switch action {
        case .player(let action):
            context.send(action)
        case .skip(let seconds):
            context.send(.skipTapped(seconds: seconds))
            bubble(Cycling.skipLabel(seconds, strings: strings), alignment: seconds < 0 ? .leading : .trailing)
        case .toggleMute:
            context.send(.muteToggled)
            let playback = context.state.playback
            bubble(playback.isMuted ? strings[.muted] : strings.volume(playback.volume))
        case .multiplySpeed(let factor):
            let range = configuration.speedRange
            let speed = min(range.upperBound, max(range.lowerBound, state.playback.speed * factor))
            context.send(.speedSelected(speed))
            bubble(strings.text(.speedChanged, strings.speed(speed)))
        case .cycleSubtitles:
            let tracks = state.playback.tracks(.subtitle)
            guard !tracks.isEmpty else { return bubble(strings[.noSubtitles]) }
            let next = Cycling.nextSubtitle(in: tracks)
            context.send(.subtitleTrackSelected(id: next))
            bubble(
                strings.text(.subtitlesChanged, tracks.first { $0.id == next }.map(strings.name(of:)) ?? strings[.off]))
        case .cycleAudio:
            let tracks = state.playback.tracks(.audio)
            guard tracks.count > 1, let next = Cycling.nextAudio(in: tracks) else { return }
            context.send(.audioTrackSelected(id: next))
            bubble(strings.text(.audioChanged, tracks.first { $0.id == next }.map(strings.name(of:)) ?? ""))
        case .cycleABLoop:
            let loop = Cycling.nextABLoop(after: state.playback.abLoop, at: state.seekBarPosition)
            context.send(.abLoopSet(loop))
            toasts.show(
                Toast(Cycling.abLoopLabel(loop, withHours: (state.playback.duration ?? 0) >= 3600, strings: strings)))
        case .toggleFullscreen:
            context.send(.presentationRequested(isFullscreen ? .inline : .fullscreen))
        case .exitFullscreen:
            if isFullscreen { context.send(.presentationRequested(.inline)) }
        case .togglePictureInPicture:
            let inPictureInPicture = state.presentation == .pictureInPicture
            context.send(.presentationRequested(inPictureInPicture ? .inline : .pictureInPicture))
        case .leavePresentation:
            if state.presentation == .fullscreen || state.presentation == .pictureInPicture {
                context.send(.presentationRequested(.inline))
            }
        case .zoom(let factor):
            zoom(by: factor)
        case .app(let action):
            for handler in appActionHandlers.handlers { handler(action) }
        case .quit:
            onQuit?()
        case .showControls:
            controls.present()
        case .hideControls:
            controls.dismiss()
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
            let name = PlayerFeature.screenshotName(state)
            context.send(.screenshotRequested(to: folder.appendingPathComponent(name), includingSubtitles: true))
            toasts.show(Toast(strings.text(.screenshotTaken, name)))
        }
    }

    private func bubble(_ text: String, alignment: Alignment = .center) {
        plugins.present(BubbleWidget(text: text), alignment: alignment, duration: context.configuration.bubbleDuration)
    }
}
