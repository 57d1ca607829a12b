/// A message that shows for a while and goes by itself.
///
/// ```swift
/// context[ToastOverlay.self].show(Toast("Subtitles: English"))
/// context[ToastOverlay.self].show(Toast(content: MyRichToastWidget(), duration: 5))
/// ```
@MainActor
public struct Toast {
    /// What the toast shows.
    public var content: any Widget
    /// Seconds it stays once shown.
    public var duration: Double

    /// A toast with any widget as content.
    public init(content: any Widget, duration: Double = 3) {
        self.content = content
        self.duration = max(0, duration)
    }

    /// A toast with a line of text.
    public init(_ text: String, duration: Double = 3) {
        self.init(content: BubbleWidget(text: text), duration: duration)
    }
}
