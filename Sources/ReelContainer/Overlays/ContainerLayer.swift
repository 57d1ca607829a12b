/// The built-in layers, bottom to top.
public enum ContainerLayer: String, Hashable, Sendable, CaseIterable {
    /// The video area: draws nothing (the host draws video at ``PlayerContainer/videoFrame``)
    /// and turns the input nothing above consumed into gestures.
    case render
    /// Panels that slide in from an edge: menus, playlists, comments.
    case feature
    /// One transient widget: the seek target, a "+10 s" bubble, a preview.
    case plugin
    /// The controls in their slots.
    case control
    /// Messages that dismiss themselves.
    case toast
}
