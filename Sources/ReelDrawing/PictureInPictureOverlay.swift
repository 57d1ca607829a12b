import ReelCanvas
import ReelCore

/// What the picture-in-picture window draws over the video: nothing while the pointer is away;
/// on hover a scrim with a restore button (top left) and a close button (top right). A click
/// anywhere else plays or pauses.
@MainActor
package final class PictureInPictureOverlay: OverlayHost {
    /// The pointer's last move shows the buttons for this long.
    static let visibleFor = 2.0
    /// Side of a button's square, logical pixels.
    static let buttonSize = 28.0

    /// Brings the video back into its window.
    package var onRestore: () -> Void = {}
    /// Closes picture in picture (the video stops showing; the player pauses).
    package var onClose: () -> Void = {}
    /// Plays or pauses.
    package var onTogglePlayPause: () -> Void = {}

    private var size = Size.zero
    private var shownUntil = -Double.infinity
    private var now = 0.0
    private var dirty = true

    /// An overlay with its buttons hidden.
    package init() {}

    /// The restore button's rectangle.
    var restoreButton: Rect { Rect(x: 6, y: 6, width: Self.buttonSize, height: Self.buttonSize) }
    /// The close button's rectangle.
    var closeButton: Rect {
        Rect(x: size.width - 6 - Self.buttonSize, y: 6, width: Self.buttonSize, height: Self.buttonSize)
    }

    /// Whether the buttons show.
    var showsButtons: Bool { now < shownUntil }

    package func layout(size: Size, scale: Double) {
        self.size = size
        dirty = true
    }

    package var videoFrame: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    package var needsDisplay: Bool { dirty }

    /// When the buttons hide, while they show.
    package var nextUpdate: Double? { showsButtons ? shownUntil : nil }

    /// Unused: the overlay changes only in ``handle(_:)``.
    package var onNeedsDisplay: (@MainActor () -> Void)?

    /// Unused: the overlay is timed by its events.
    package var clock: (@MainActor () -> Double)?

    package func draw(in canvas: any Canvas) {
        dirty = false
        guard showsButtons else { return }
        canvas.fillGradient(
            Rect(x: 0, y: 0, width: size.width, height: Self.buttonSize + 24), top: .black.opacity(0.6),
            bottom: .clear)
        let restore = restoreButton.insetBy(dx: 6, dy: 6)
        var arrow = Path()
        arrow.move(to: Point(x: restore.minX, y: restore.minY + restore.height * 0.4))
        arrow.line(to: Point(x: restore.minX, y: restore.maxY))
        arrow.line(to: Point(x: restore.maxX, y: restore.maxY))
        arrow.line(to: Point(x: restore.maxX, y: restore.minY))
        arrow.line(to: Point(x: restore.minX + restore.width * 0.4, y: restore.minY))
        arrow.move(to: Point(x: restore.minX + restore.width * 0.25, y: restore.maxY - restore.height * 0.25))
        arrow.line(to: Point(x: restore.maxX - restore.width * 0.15, y: restore.minY + restore.height * 0.15))
        canvas.stroke(arrow, color: .white, lineWidth: 2)
        let close = closeButton.insetBy(dx: 8, dy: 8)
        var cross = Path()
        cross.move(to: Point(x: close.minX, y: close.minY))
        cross.line(to: Point(x: close.maxX, y: close.maxY))
        cross.move(to: Point(x: close.maxX, y: close.minY))
        cross.line(to: Point(x: close.minX, y: close.maxY))
        canvas.stroke(cross, color: .white, lineWidth: 2)
    }

    @discardableResult
    package func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .pointerMoved(_, let time):
            reveal(at: time)
        case .pointerDown(let point, .primary, let time):
            reveal(at: time)
            if restoreButton.contains(point) {
                onRestore()
            } else if closeButton.contains(point) {
                onClose()
            } else {
                onTogglePlayPause()
            }
        case .pointerExited(let time):
            now = time
            shownUntil = time
            dirty = true
        case .tick(let time):
            let wasShowing = showsButtons
            now = time
            if wasShowing != showsButtons { dirty = true }
        default:
            return false
        }
        return true
    }

    private func reveal(at time: Double) {
        if !showsButtons { dirty = true }
        now = time
        shownUntil = time + Self.visibleFor
    }
}
