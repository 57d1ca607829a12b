/// The picture's colour adjustments, each from −100 to 100 with 0 unchanged: what players put
/// in an "Adjustments" panel. The mpv engine applies them with FFmpeg's `eq` and `hue` filters,
/// so they show with every video output (libmpv's own equalizer needs its GPU output).
///
/// ```swift
/// var adjustments = player.videoAdjustments
/// adjustments.brightness = 20
/// try player.setVideoAdjustments(adjustments)
/// try player.setVideoAdjustments(.neutral)   // reset
/// ```
public struct VideoAdjustments: Hashable, Sendable, Codable {
    /// Brighter above 0, darker below.
    public var brightness: Double
    /// More contrast above 0.
    public var contrast: Double
    /// More colourful above 0; −100 is grey.
    public var saturation: Double
    /// Lighter mid-tones above 0.
    public var gamma: Double
    /// Hue rotation.
    public var hue: Double

    /// Creates adjustments; 0 everywhere is the picture as decoded.
    public init(
        brightness: Double = 0, contrast: Double = 0, saturation: Double = 0, gamma: Double = 0, hue: Double = 0
    ) {
        self.brightness = brightness
        self.contrast = contrast
        self.saturation = saturation
        self.gamma = gamma
        self.hue = hue
    }

    /// No adjustment.
    public static let neutral = VideoAdjustments()

    /// The values by name, in a fixed order.
    public var values: [(name: String, value: Double)] {
        [
            ("brightness", brightness), ("contrast", contrast), ("saturation", saturation), ("gamma", gamma),
            ("hue", hue),
        ]
    }

    /// Throws when a value is outside −100…100.
    /// - Throws: ``PlayerError/Code/invalidArgument``.
    public func check() throws(PlayerError) {
        for (name, value) in values where !(value.isFinite && (-100...100).contains(value)) {
            throw PlayerError(.invalidArgument, message: "The \(name) must be between -100 and 100.")
        }
    }
}
