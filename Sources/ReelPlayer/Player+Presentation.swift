import ReelCore

extension Player {
    /// Whether the video shows in the picture-in-picture window.
    public var isPictureInPictureActive: Bool { presentation == .pictureInPicture }

    /// Lets `host` show this player's video; ``presentation`` follows it from now on. A second
    /// host replaces the first.
    public func attachPresentation(_ host: any PresentationHost) {
        presentationHost = host
        presentationDidChange(to: host.presentation, pictureInPicturePossible: host.isPictureInPicturePossible)
    }

    /// Forgets the host (its window closed): ``presentation`` becomes ``Presentation/none``.
    public func detachPresentation() {
        presentationHost = nil
        presentationDidChange(to: .none, pictureInPicturePossible: false)
    }

    /// Shows the video as `presentation`.
    /// - Throws: ``PlayerError/Code/invalidArgument`` without a host, or for a presentation it
    ///   cannot show now; ``PlayerError/Code/engineGone`` after ``shutdown()``.
    public func setPresentation(_ presentation: Presentation) throws(PlayerError) {
        guard !isShutDown else { throw PlayerError(.engineGone) }
        guard let presentationHost else {
            throw PlayerError(.invalidArgument, message: "Nothing shows this player's video.")
        }
        try presentationHost.present(presentation)
    }

    /// Moves the video into the picture-in-picture window.
    public func startPictureInPicture() throws(PlayerError) { try setPresentation(.pictureInPicture) }

    /// Brings the video back from the picture-in-picture window into its own.
    public func stopPictureInPicture() throws(PlayerError) {
        guard isPictureInPictureActive else { return }
        try setPresentation(.inline)
    }

    /// Called by the host after every change of how it shows the video.
    public func presentationDidChange(to presentation: Presentation, pictureInPicturePossible: Bool) {
        if self.presentation != presentation { self.presentation = presentation }
        if isPictureInPicturePossible != pictureInPicturePossible {
            isPictureInPicturePossible = pictureInPicturePossible
        }
    }
}
