import ReelCore

/// A vertical gradient behind a region, so white controls read on bright video.
public struct Scrim: Hashable, Sendable {
    /// The colour at the top edge.
    public var top: Color
    /// The colour at the bottom edge.
    public var bottom: Color
    /// How far beyond the region the gradient reaches, in logical pixels.
    public var extent: Double

    /// Creates a scrim.
    public init(top: Color, bottom: Color, extent: Double) {
        self.top = top
        self.bottom = bottom
        self.extent = extent
    }

    /// Dark at the top edge, clear towards the middle.
    public static let fromTop = Scrim(top: Color(white: 0, alpha: 0.6), bottom: .clear, extent: 32)
    /// Clear from the middle, dark at the bottom edge.
    public static let fromBottom = Scrim(top: .clear, bottom: Color(white: 0, alpha: 0.65), extent: 40)
}
