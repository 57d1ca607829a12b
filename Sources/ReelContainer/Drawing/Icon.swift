import ReelCore

/// A vector icon: a filled part and a stroked part, both as ``/ReelCanvas/Path``s in logical pixels.
public struct Icon: Hashable, Sendable {
    /// What is filled.
    public var fill: Path
    /// What is stroked.
    public var stroke: Path
    /// The stroke's width.
    public var lineWidth: Double

    /// Creates an icon.
    public init(fill: Path = Path(), stroke: Path = Path(), lineWidth: Double = 2) {
        self.fill = fill
        self.stroke = stroke
        self.lineWidth = lineWidth
    }
}

extension Canvas {
    /// Draws `icon` in `color`.
    public func draw(_ icon: Icon, color: Color) {
        if !icon.fill.elements.isEmpty { fill(icon.fill, color: color) }
        if !icon.stroke.elements.isEmpty { stroke(icon.stroke, color: color, lineWidth: icon.lineWidth) }
    }
}
