import CSDL2
import ReelComposable
import ReelContainer
import ReelCore
import ReelDrawing
import ReelPlayer

/// MPlayerKit's presentations for a window: inline, fullscreen and picture in picture.
///
/// Picture in picture is a second, small window (borderless, always on top, near the bottom-right
/// corner) showing the same video from the same engine: libmpv has one renderer per engine, so
/// the renderer moves there and the main window hides, keeping its size and state for the way
/// back. On hover it shows a restore button and a close button; a click on the video plays or
/// pauses; closing it brings the video back, paused.
extension PlayerWindow {
    /// The picture-in-picture window's width as a share of the display's usable width.
    static let pictureInPictureShare = 0.25
    /// The picture-in-picture window's smallest width, logical pixels.
    static let pictureInPictureMinimumWidth = 240.0

    /// How the window shows the video now.
    public var presentation: Presentation {
        if isClosed { return .none }
        if inPictureInPicture { return .pictureInPicture }
        return isFullscreen ? .fullscreen : .inline
    }

    /// Whether the window can show picture in picture (until it closes).
    public var isPictureInPicturePossible: Bool { !isClosed }

    /// Whether the video shows in the picture-in-picture window.
    public var isPictureInPictureActive: Bool { !isClosed && inPictureInPicture }

    /// Makes the window follow `player`'s presentation and report its own changes to it (once,
    /// from `init(player:)`).
    func connect(_ player: Player) {
        self.player = player
        pictureInPictureOverlay.onTogglePlayPause = { [weak player] in
            player?.store.send(.transport(.playPauseToggled(reason: .user)))
        }
        presentationObservation = player.store.observeChanges { [weak self] old, new in
            guard old.presentation != new.presentation else { return }
            self?.follow(new.presentation)
        }
        reportPresentation()
    }

    /// Connects the picture-in-picture window's restore and close buttons (once, from `init`).
    func connectPictureInPicture() {
        pictureInPictureOverlay.onRestore = { [weak self] in self?.setPictureInPicture(false) }
        pictureInPictureOverlay.onClose = { [weak self] in self?.closePictureInPicture() }
    }

    /// Shows the video as the player's state asks, then reports what it shows (a picture-in-picture
    /// window that could not open leaves it inline).
    func follow(_ presentation: Presentation) {
        guard !isClosed, presentation != self.presentation else { return }
        switch presentation {
        case .none:
            break
        case .inline:
            setPictureInPicture(false)
            setFullscreen(false)
        case .fullscreen:
            setFullscreen(true)
        case .pictureInPicture:
            setPictureInPicture(true)
        }
        reportPresentation()
    }

    /// Opens or closes the picture-in-picture window.
    func setPictureInPicture(_ active: Bool) {
        guard !isClosed, active != inPictureInPicture else { return }
        defer { reportPresentation() }
        let surface = surface
        guard active else {
            inPictureInPicture = false
            RenderThread.shared.sync { surface.closePictureInPicture() }
            return
        }
        if isFullscreen { setFullscreen(false) }
        let size = pictureInPictureSize()
        // In the language of the container's texts (the environment's when the window shows an
        // overlay of the app's).
        let strings = container?.context.configuration.strings ?? ContainerStrings()
        let title = strings.text(.pictureInPictureTitle, title)
        let opened = RenderThread.shared.sync {
            surface.openPictureInPicture(width: Int(size.width), height: Int(size.height), title: title)
        }
        inPictureInPicture = opened
    }

    /// The user closed picture in picture: the video goes back to its window, paused.
    func closePictureInPicture() {
        guard inPictureInPicture else { return }
        setPictureInPicture(false)
        player?.store.send(.transport(.pauseRequested()))
    }

    /// Tells the player how the video is shown now.
    func reportPresentation() {
        guard let player,
            player.presentation != presentation || player.isPictureInPicturePossible != isPictureInPicturePossible
        else { return }
        player.presentationDidChange(to: presentation, pictureInPicturePossible: isPictureInPicturePossible)
    }

    /// A quarter of the display's width (at least 240 pixels), with the video's shape (the
    /// window's without a player, 16:9 before the first layout).
    private func pictureInPictureSize() -> Size {
        let surface = surface
        let usableWidth = RenderThread.shared.sync { surface.displayUsableWidth() }
        let width = max(Self.pictureInPictureMinimumWidth, Double(usableWidth) * Self.pictureInPictureShare).rounded()
        let windowAspect = size.width > 0 && size.height > 0 ? size.width / size.height : nil
        let aspect = player?.aspectRatio ?? windowAspect ?? 16.0 / 9
        return Size(width: width, height: (width / aspect).rounded())
    }
}
