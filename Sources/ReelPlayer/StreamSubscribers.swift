/// The subscribers of one of ``Player``'s streams: each gets every element from when it
/// subscribed, and all finish together.
@MainActor
final class StreamSubscribers<Element: Sendable> {
    private var continuations: [UInt64: AsyncStream<Element>.Continuation] = [:]
    private var nextID: UInt64 = 0
    private var isFinished = false

    /// A new stream of every element from now on; already finished once ``finish()`` ran.
    func subscribe() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream()
        guard !isFinished else {
            continuation.finish()
            return stream
        }
        nextID += 1
        let id = nextID
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations[id] = nil }
        }
        return stream
    }

    /// Hands `element` to every subscriber.
    func yield(_ element: Element) {
        for continuation in continuations.values { continuation.yield(element) }
    }

    /// Finishes every stream, and those subscribed later.
    func finish() {
        isFinished = true
        for continuation in continuations.values { continuation.finish() }
        continuations.removeAll()
    }
}
