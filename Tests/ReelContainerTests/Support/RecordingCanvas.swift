import ReelContainer
import ReelCore

/// A canvas that records every call and measures text as 7 px per character at 14 points.
@MainActor
final class RecordingCanvas: Canvas {
    enum Call: Equatable {
        case fill(Path, Color)
        case stroke(Path, Color, lineWidth: Double)
        case gradient(Rect, top: Color, bottom: Color)
        case text(String, at: Point, font: Font, color: Color, alignment: TextAlignment)
        case image(RGBAImage, in: Rect)
        case pushClip(Rect)
        case popClip
    }

    let size: Size
    let scale: Double
    private(set) var calls: [Call] = []

    init(size: Size = Size(width: 640, height: 360), scale: Double = 1) {
        self.size = size
        self.scale = scale
    }

    func fill(_ path: Path, color: Color) { calls.append(.fill(path, color)) }
    func stroke(_ path: Path, color: Color, lineWidth: Double) {
        calls.append(.stroke(path, color, lineWidth: lineWidth))
    }
    func fillGradient(_ rect: Rect, top: Color, bottom: Color) {
        calls.append(.gradient(rect, top: top, bottom: bottom))
    }
    func drawText(_ text: String, at point: Point, font: Font, color: Color, alignment: TextAlignment) {
        calls.append(.text(text, at: point, font: font, color: color, alignment: alignment))
    }
    func measureText(_ text: String, font: Font) -> Size { WidgetContext.estimatedTextSize(text, font: font) }
    func drawImage(_ image: RGBAImage, in rect: Rect) { calls.append(.image(image, in: rect)) }
    func pushClip(_ rect: Rect) { calls.append(.pushClip(rect)) }
    func popClip() { calls.append(.popClip) }

    func reset() { calls = [] }

    /// The texts drawn, in order.
    var texts: [String] {
        calls.compactMap { if case .text(let text, _, _, _, _) = $0 { text } else { nil } }
    }

    /// The bounding boxes of the fills in `color`, in order.
    func fills(_ color: Color) -> [Rect] {
        calls.compactMap { if case .fill(let path, color) = $0 { path.boundingBox } else { nil } }
    }

    /// The number of strokes.
    var strokeCount: Int { calls.filter { if case .stroke = $0 { true } else { false } }.count }

    /// The bounding boxes and line widths of the strokes in `color`, in order.
    func strokes(_ color: Color) -> [(rect: Rect, lineWidth: Double)] {
        calls.compactMap { if case .stroke(let path, color, let width) = $0 { (path.boundingBox, width) } else { nil } }
    }

    /// The rectangles of the images drawn.
    var imageRects: [Rect] {
        calls.compactMap { if case .image(_, let rect) = $0 { rect } else { nil } }
    }
}

/// A widget of a fixed size that fills its frame with its colour and records clicks.
@MainActor
final class BoxWidget: Widget {
    let size: Size
    let color: Color
    var flexible = false
    var visible = true
    var focusable = false
    private(set) var clicks = 0

    init(width: Double, height: Double, color: Color = Color(red: 0.1, green: 0.2, blue: 0.3)) {
        size = Size(width: width, height: height)
        self.color = color
    }

    func measure(in context: WidgetContext) -> Size { size }
    var isFlexible: Bool { flexible }
    var isFocusable: Bool { focusable }
    func isVisible(in context: WidgetContext) -> Bool { visible }
    func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) { canvas.fill(frame, color: color) }
    func handle(_ event: InputEvent, in frame: Rect, context: WidgetContext) -> Bool {
        switch event {
        case .pointerDown(let point, .primary, _): return frame.contains(point)
        case .pointerUp:
            clicks += 1
            return true
        default: return false
        }
    }
}

/// A colour per index, so boxes can be told apart in recordings.
func boxColor(_ index: Int) -> Color { Color(red: Double(index + 1) / 100, green: 0.5, blue: 0.5) }
