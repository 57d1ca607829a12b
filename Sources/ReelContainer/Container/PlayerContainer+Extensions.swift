import Foundation
import ReelComposable
import ReelCore

extension PlayerContainer {
    /// Adds a handler for ``ContainerAction/app(_:)``: the app's own menu entries, keys and
    /// buttons. Every handler sees every app action, oldest first. Keep the registration:
    /// releasing it removes the handler.
    ///
    /// ```swift
    /// var configuration = ContainerConfiguration.standard
    /// configuration.menuItems[.speed] = [MenuItem(title: "Report a problem…", action: .app("report"))]
    /// let container = PlayerContainer(player: player, configuration: configuration)
    /// let registration = container.addAppActionHandler { action in
    ///     if action == "report" { print("the app shows its report form") }
    /// }
    /// ```
    public func addAppActionHandler(_ handler: @escaping @MainActor (AppAction) -> Void) -> HandlerRegistration {
        let id = appActionHandlers.add(handler)
        return HandlerRegistration { [weak self] in self?.appActionHandlers.remove(id) }
    }

    /// Plays what was dropped on the window, or adds it to the end of the queue when
    /// `appending` (Shift held) and something plays already.
    ///
    /// `text` is a path or an address (the first line of a dropped list). It goes through
    /// ``ContainerConfiguration/dropPolicy`` first: an address the policy refuses, or any drop
    /// while the policy is nil, opens nothing and says why in a toast.
    public func open(dropped text: String, appending: Bool) {
        let first =
            text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard let policy = context.configuration.dropPolicy else {
            return toasts.show(Toast(context.configuration.strings[.dropsTurnedOff]))
        }
        let url: URL
        do throws(PlayerError) {
            url = try policy.resolve(first)
            try policy.check(url)
        } catch {
            return toasts.show(Toast(context.configuration.strings.description(of: error)))
        }
        let item = MediaItem(url: url)
        if appending, !context.state.queue.isEmpty {
            context.send(.queue(.append([item])))
            toasts.show(Toast(context.configuration.strings.text(.addedToQueue, url.lastPathComponent)))
        } else {
            context.send(.queue(.replace([item])))
        }
    }

    /// Multiplies the picture's zoom by `factor`, within 0.125…8, and says the new zoom in a
    /// bubble.
    func zoom(by factor: Double) {
        guard factor.isFinite, factor > 0 else { return }
        var framing = context.state.playback.framing
        let zoom = min(8, max(0.125, framing.zoom * factor))
        guard zoom != framing.zoom else { return }
        framing.zoom = zoom
        context.send(.videoFramingSet(framing))
        plugins.present(
            BubbleWidget(text: context.configuration.strings.text(.zoom, String(Int((zoom * 100).rounded())))),
            alignment: .center,
            duration: context.configuration.bubbleDuration)
    }
}
