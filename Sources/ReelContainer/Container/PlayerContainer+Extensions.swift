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
    /// `text` holds one path or address a line (a drag of several files brings several). Each
    /// goes through ``ContainerConfiguration/dropPolicy`` first; a folder brings its media files
    /// (``/ReelCore/MediaFolder``), a local M3U or PLS playlist its entries (read through the same policy; an HLS playlist is one stream). What
    /// the policy refuses opens nothing and the first refusal is said in a toast, as is any drop
    /// while the policy is nil.
    public func open(dropped text: String, appending: Bool) {
        guard let policy = context.configuration.dropPolicy else {
            return toasts.show(Toast(context.configuration.strings[.dropsTurnedOff]))
        }
        let strings = context.configuration.strings
        var items: [MediaItem] = []
        var refusal: String?
        for line in text.split(whereSeparator: \.isNewline) {
            let entry = line.trimmingCharacters(in: .whitespaces)
            guard !entry.isEmpty else { continue }
            do throws(DropRefusal) {
                items += try Self.items(dropped: entry, policy: policy)
            } catch {
                switch error {
                case .emptyFolder(let name): refusal = refusal ?? strings.text(.emptyFolder, name)
                case .refused(let error): refusal = refusal ?? strings.description(of: error)
                }
            }
        }
        if let refusal { toasts.show(Toast(refusal)) }
        guard let first = items.first else { return }
        if appending, !context.state.queue.isEmpty {
            context.send(.queue(.appendRequested(items)))
            toasts.show(
                Toast(
                    items.count == 1
                        ? strings.text(.addedToQueue, first.url.lastPathComponent)
                        : strings.text(.addedItemsToQueue, String(items.count))))
        } else {
            context.send(.queue(.replaceRequested(items)))
        }
    }

    /// Why a dropped line opens nothing: a folder without media (said with its name), or an
    /// error of the policy or the playlist.
    private enum DropRefusal: Error {
        case emptyFolder(String)
        case refused(PlayerError)
    }

    /// The items one dropped line stands for: itself, a folder's media files, or a local
    /// playlist file's entries.
    private static func items(dropped text: String, policy: URLPolicy) throws(DropRefusal) -> [MediaItem] {
        let url: URL
        do throws(PlayerError) {
            url = try policy.resolve(text)
            try policy.check(url)
        } catch {
            throw .refused(error)
        }
        if MediaFolder.isFolder(url) {
            do throws(PlayerError) {
                return try MediaFolder.items(in: url, policy: policy)
            } catch {
                throw error.code == .nothingToPlay ? .emptyFolder(url.lastPathComponent) : .refused(error)
            }
        }
        guard url.isFileURL, PlaylistFile.format(of: url) != nil else { return [MediaItem(url: url)] }
        do throws(PlayerError) {
            let playlist = try PlaylistFile.read(contentsOf: url, policy: policy)
            return playlist.isStream ? [MediaItem(url: url)] : playlist.entries.map(\.item)
        } catch {
            throw .refused(error)
        }
    }
}
