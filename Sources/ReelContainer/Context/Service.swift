/// A per-player object made by a ``Context``: a widget's view model, or logic that services share.
///
/// ```swift
/// final class ChapterService: Service {
///     private weak var context: Context?
///     init(context: Context) { self.context = context }
///     func nextChapter() {
///         guard let context, let next = context.state.playback.chapters.first(where: {
///             $0.start > context.state.seekBarPosition
///         }) else { return }
///         context.send(.transport(.seekRequested(to: next.start)))
///         context[ToastOverlay.self].show(Toast(next.title ?? "Next chapter"))
///     }
/// }
/// ```
///
/// A context makes one instance per service type, lazily, on first use of `context[Type.self]`,
/// then calls ``start()``; ``Context/stop()`` and ``Context/stopService(_:)`` call ``stop()``.
///
/// ## Ownership
/// The context owns its services. A service must keep its context **weakly** (and capture it
/// weakly in closures), so that releasing the context releases every service.
@MainActor
public protocol Service: AnyObject {
    /// Creates the service for `context`; keep the reference weak.
    init(context: Context)
    /// Called once, right after the context made the service, before anyone uses it.
    func start()
    /// Called when the context stops the service: release timers, observers and panels.
    func stop()
}

extension Service {
    /// Does nothing.
    public func start() {}
    /// Does nothing.
    public func stop() {}
}
