/// Keeps a handler added to the container (``GestureService/addHandler(_:)``,
/// ``PlayerContainer/addAppActionHandler(_:)``) registered: ``cancel()`` or releasing it removes
/// the handler, like Combine's `AnyCancellable`.
@MainActor
public final class HandlerRegistration {
    private var removal: (@MainActor () -> Void)?

    init(_ removal: @escaping @MainActor () -> Void) { self.removal = removal }

    /// Removes the handler. Idempotent.
    public func cancel() {
        removal?()
        removal = nil
    }

    isolated deinit { cancel() }
}

/// Handlers in the order they were added, each removable through its registration.
@MainActor
struct HandlerList<Handler> {
    private var entries: [(id: Int, handler: Handler)] = []
    private var nextID = 0

    /// The handlers, oldest first.
    var handlers: [Handler] { entries.map(\.handler) }

    /// Adds `handler`; returns its identifier for ``remove(_:)``.
    mutating func add(_ handler: Handler) -> Int {
        nextID += 1
        entries.append((nextID, handler))
        return nextID
    }

    /// Removes the handler with identifier `id`.
    mutating func remove(_ id: Int) { entries.removeAll { $0.id == id } }
}
