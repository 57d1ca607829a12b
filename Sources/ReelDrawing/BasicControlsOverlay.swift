import Foundation
import ReelContainer

/// A minimal ``OverlayHost``: a title at the top, and at the bottom a translucent bar with a
/// play/pause icon, a progress bar and the time. A stand-in for the player container in
/// `reel snapshot --controls` and the window tests, until ReelContainer's container plugs in.
///
/// Set ``position``, ``duration``, ``isPaused`` and ``title`` as playback goes; the overlay
/// redraws when one changes. Space calls ``onTogglePause``.
@MainActor
public final class BasicControlsOverlay: OverlayHost {
    /// The item's title, shown at the top left.
    public var title: String? { didSet { if title != oldValue { needsDisplay = true } } }
    /// The position in seconds.
    public var position: TimeInterval = 0 {
        didSet { if Int(position * 10) != Int(oldValue * 10) { needsDisplay = true } }
    }
    /// The duration in seconds; nil when unknown.
    public var duration: TimeInterval? { didSet { if duration != oldValue { needsDisplay = true } } }
    /// Whether playback is paused (the icon shows "play" then).
    public var isPaused = false { didSet { if isPaused != oldValue { needsDisplay = true } } }
    /// Called when the user presses space.
    public var onTogglePause: (() -> Void)?

    /// Whether something changed since the last ``draw(in:)``.
    public private(set) var needsDisplay = true
    private var size = Size.zero

    /// Creates the overlay.
    public init(title: String? = nil) {
        self.title = title
    }

    /// Remembers the size.
    public func layout(size: Size, scale: Double) {
        self.size = size
        needsDisplay = true
    }

    /// The whole window: this overlay never squeezes the video.
    public var videoFrame: Rect { Rect(origin: .zero, size: size) }

    /// Draws the scrims, the title and the control bar.
    public func draw(in canvas: any Canvas) {
        needsDisplay = false
        let width = canvas.size.width
        let height = canvas.size.height
        guard width > 80, height > 80 else { return }
        if let title, !title.isEmpty {
            canvas.fillGradient(
                Rect(x: 0, y: 0, width: width, height: 64), top: .black.opacity(0.55), bottom: .clear)
            canvas.drawText(title, at: Point(x: 20, y: 26), font: .title, color: .white, alignment: .leading)
        }
        canvas.fillGradient(
            Rect(x: 0, y: height - 96, width: width, height: 96), top: .clear, bottom: .black.opacity(0.6))
        let bar = Rect(x: 16, y: height - 60, width: width - 32, height: 44)
        canvas.fill(bar, color: Color(white: 0.1, alpha: 0.55), cornerRadius: 10)

        // Play/pause icon.
        let icon = Point(x: bar.minX + 24, y: bar.midY)
        if isPaused {
            canvas.fill(
                .polygon([
                    Point(x: icon.x - 6, y: icon.y - 9), Point(x: icon.x + 9, y: icon.y),
                    Point(x: icon.x - 6, y: icon.y + 9),
                ]), color: .white)
        } else {
            canvas.fill(Rect(x: icon.x - 7, y: icon.y - 9, width: 5, height: 18), color: .white, cornerRadius: 1.5)
            canvas.fill(Rect(x: icon.x + 2, y: icon.y - 9, width: 5, height: 18), color: .white, cornerRadius: 1.5)
        }

        // Time label, then the progress track between the icon and the label.
        let label = "\(Self.format(position)) / \(duration.map(Self.format) ?? "--:--")"
        let labelSize = canvas.measureText(label, font: .time)
        canvas.drawText(
            label, at: Point(x: bar.maxX - 14, y: bar.midY), font: .time, color: .white, alignment: .trailing)
        let track = Rect(x: bar.minX + 48, y: bar.midY - 2, width: bar.width - 48 - labelSize.width - 30, height: 4)
        guard track.width > 10 else { return }
        canvas.fill(track, color: .white.opacity(0.3), cornerRadius: 2)
        let fraction = duration.map { $0 > 0 ? min(1, max(0, position / $0)) : 0 } ?? 0
        var played = track
        played.size.width = track.width * fraction
        canvas.fill(played, color: .accent, cornerRadius: 2)
        canvas.fill(.circle(center: Point(x: played.maxX, y: track.midY), radius: 6), color: .white)
    }

    /// Space toggles pause; everything else passes through.
    public func handle(_ event: InputEvent) -> Bool {
        guard case .keyDown(.space, _, _) = event else { return false }
        onTogglePause?()
        return true
    }

    /// `m:ss`, or `h:mm:ss` from one hour.
    static func format(_ seconds: TimeInterval) -> String {
        let total = Int(max(0, seconds.isFinite ? seconds : 0))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
    }
}
