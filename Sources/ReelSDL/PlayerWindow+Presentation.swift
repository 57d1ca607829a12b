import CSDL2
import ReelContainer
import ReelCore
import ReelDrawing
import ReelPlayer

/// MPlayerKit's presentations for a window: inline, fullscreen and picture in picture.
///
/// Picture in picture is a second, small window (borderless, always on top, near the bottom-right
/// corner) showing the same video from the same engine: libmpv has one renderer per engine, so
/// the renderer moves there and the main window hides, keeping its size and state for the way
/// back. On hover it shows a restore button and a close button; closing it pauses the player.
/// What the picture-in-picture window asks of playback.
public enum PictureInPictureRequest: Hashable, Sendable {
    /// A click on the video: play or pause.
    case togglePlayPause
    /// The window was closed: pause.
    case pause
}

extension PlayerWindow: PresentationHost {
    /// The picture-in-picture window's width as a share of the display's usable width.
    static let pictureInPictureShare = 0.25
    /// The picture-in-picture window's smallest width, logical pixels.
    static let pictureInPictureMinimumWidth = 240.0

    /// How the video is shown now.
    public var presentation: Presentation {
        if isClosed { return .none }
        if inPictureInPicture { return .pictureInPicture }
        return isFullscreen ? .fullscreen : .inline
    }

    /// Whether the window can show picture in picture (until it closes).
    public var isPictureInPicturePossible: Bool { !isClosed }

    /// Whether the video shows in the picture-in-picture window.
    public var isPictureInPictureActive: Bool { !isClosed && inPictureInPicture }

    /// Switches to `presentation`.
    /// - Throws: ``PlayerError/Code/invalidArgument`` for ``Presentation/none`` (``close()``
    ///   closes the window) and ``PlayerError/Code/engineGone`` once the window is closed.
    public func present(_ presentation: Presentation) throws(PlayerError) {
        guard !isClosed else { throw PlayerError(.engineGone, message: "The window is closed.") }
        switch presentation {
        case .none:
            throw PlayerError(.invalidArgument, message: "A window cannot present nothing; close it instead.")
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

    /// Makes `player` follow this window's presentation: it is attached as the player's host,
    /// and the picture-in-picture window's requests (``onPictureInPictureRequest``) play and
    /// pause it.
    public func attach(to player: Player) {
        self.player = player
        onPictureInPictureRequest = { [weak player] request in
            switch request {
            case .togglePlayPause: try? player?.togglePlayPause()
            case .pause: try? player?.pause()
            }
        }
        player.attachPresentation(self)
    }

    /// Connects the picture-in-picture window's buttons (once, from `init`).
    func connectPictureInPicture() {
        pictureInPictureOverlay.onTogglePlayPause = { [weak self] in self?.onPictureInPictureRequest?(.togglePlayPause)
        }
        pictureInPictureOverlay.onRestore = { [weak self] in self?.setPictureInPicture(false) }
        pictureInPictureOverlay.onClose = { [weak self] in self?.closePictureInPicture() }
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
        let title = "\(title) — picture in picture"
        let opened = RenderThread.shared.sync {
            surface.openPictureInPicture(width: Int(size.width), height: Int(size.height), title: title)
        }
        inPictureInPicture = opened
    }

    /// The user closed picture in picture: the video goes back to its window, paused.
    func closePictureInPicture() {
        guard inPictureInPicture else { return }
        setPictureInPicture(false)
        onPictureInPictureRequest?(.pause)
    }

    /// Tells the attached player how the video is shown now.
    func reportPresentation() {
        player?.presentationDidChange(to: presentation, pictureInPicturePossible: isPictureInPicturePossible)
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
