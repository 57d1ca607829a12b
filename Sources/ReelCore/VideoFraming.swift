import Foundation

/// How the picture fills the view: SuperPlayer's `videoGravity` (AVPlayer's
/// `AVLayerVideoGravity`).
public enum VideoGravity: String, Hashable, Sendable, Codable, CaseIterable {
    /// The whole picture, letterboxed or pillarboxed (`resizeAspect`).
    case fit
    /// The view filled, the picture cropped to keep its shape (`resizeAspectFill`).
    case fill
    /// The view filled, the picture stretched to it (`resize`).
    case stretch
}

/// How the picture is framed in the view: gravity, zoom, pan and the shape it is shown with.
///
/// ```swift
/// var framing = VideoFraming(gravity: .fill)
/// framing.zoom = 2            // twice as large, around the centre moved by `pan`
/// framing.aspectRatio = 4 / 3  // show it 4:3 whatever the file says; nil: as the file says
/// try player.setVideoFraming(framing)
/// ```
public struct VideoFraming: Hashable, Sendable, Codable {
    /// How the picture fills the view.
    public var gravity: VideoGravity
    /// How much larger the picture is shown (1 is as framed by the gravity; 0.125…8).
    public var zoom: Double
    /// How far the picture is moved, as fractions of its own width and height (−1…1 each;
    /// positive moves it right and down).
    public var pan: (x: Double, y: Double) {
        get { (panX, panY) }
        set {
            panX = newValue.x
            panY = newValue.y
        }
    }
    /// The width-to-height ratio to show the picture with instead of its own; nil shows it as the
    /// file says.
    public var aspectRatio: Double?
    private var panX: Double
    private var panY: Double

    /// Creates a framing; the defaults are the whole picture, as the file says.
    public init(
        gravity: VideoGravity = .fit, zoom: Double = 1, pan: (x: Double, y: Double) = (0, 0), aspectRatio: Double? = nil
    ) {
        self.gravity = gravity
        self.zoom = zoom
        panX = pan.x
        panY = pan.y
        self.aspectRatio = aspectRatio
    }

    /// The whole picture, as the file says.
    public static let standard = VideoFraming()

    /// The aspect ratios players offer: 16:9, 4:3, 2.35:1.
    public static let commonAspectRatios: [Double] = [16.0 / 9, 4.0 / 3, 2.35]

    /// Throws when a value is outside what an engine takes.
    /// - Throws: ``PlayerError/Code/invalidArgument``.
    public func check() throws(PlayerError) {
        guard zoom.isFinite, (0.125...8).contains(zoom) else {
            throw PlayerError(.invalidArgument, message: "The zoom must be between 0.125 and 8.")
        }
        guard panX.isFinite, panY.isFinite, (-1...1).contains(panX), (-1...1).contains(panY) else {
            throw PlayerError(.invalidArgument, message: "The pan must be between -1 and 1 in each direction.")
        }
        if let aspectRatio, !(aspectRatio.isFinite && (0.1...10).contains(aspectRatio)) {
            throw PlayerError(.invalidArgument, message: "The aspect ratio must be between 0.1 and 10.")
        }
    }
}
