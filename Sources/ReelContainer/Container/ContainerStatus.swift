/// How the container is shown: its controls, insets and panels are configured per status.
public enum ContainerStatus: String, Hashable, Sendable, CaseIterable {
    /// In a window or a page, with other content around.
    case inline
    /// The host made the window fullscreen (``PlayerContainer/isFullscreen``).
    case fullscreen
    /// Taller than wide, or showing a portrait video: a compact set of controls.
    case portrait

    /// The status for a container of `size` showing video of `videoAspect` (width / height).
    ///
    /// Portrait wins when the container is taller than wide or the video is portrait (aspect
    /// below 1); otherwise the host's fullscreen flag decides.
    public static func resolve(size: Size, videoAspect: Double?, isFullscreen: Bool) -> ContainerStatus {
        if size.height > size.width { return .portrait }
        if let videoAspect, videoAspect > 0, videoAspect < 1 { return .portrait }
        return isFullscreen ? .fullscreen : .inline
    }
}
