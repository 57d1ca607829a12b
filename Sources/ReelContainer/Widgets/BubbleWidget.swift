/// A line of text on a rounded dark background: plugin bubbles ("+10 s") and text toasts.
@MainActor
public final class BubbleWidget: Widget {
    /// The text.
    public var text: String
    /// The font (nil: the theme's label font).
    public var font: Font?
    /// Padding around the text.
    public var padding = Insets(top: 8, left: 14, bottom: 8, right: 14)

    /// Creates a bubble.
    public init(text: String, font: Font? = nil) {
        self.text = text
        self.font = font
    }

    /// The text's size plus padding.
    public func measure(in context: WidgetContext) -> Size {
        let size = context.measureText(text, font: font ?? context.theme.labelFont)
        return Size(
            width: size.width + padding.left + padding.right, height: size.height + padding.top + padding.bottom)
    }

    /// Draws the background and the text.
    public func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {
        canvas.fill(frame, color: context.theme.bubbleBackground, cornerRadius: min(10, frame.height / 2))
        canvas.drawText(
            text, at: Point(x: frame.midX, y: frame.midY), font: font ?? context.theme.labelFont,
            color: context.theme.foreground, alignment: .center)
    }
}
