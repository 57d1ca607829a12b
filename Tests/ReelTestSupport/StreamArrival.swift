/// Whether an element that `matches` arrives on `stream` within `timeout`: a wait on an event,
/// bounded, for tests (the timeout is the bound, not the synchronisation).
package func arrives<Element: Sendable>(
    in stream: AsyncStream<Element>, within timeout: Duration, where matches: @escaping @Sendable (Element) -> Bool
) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
        group.addTask {
            for await element in stream where matches(element) { return true }
            return false
        }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return false
        }
        let found = await group.next() ?? false
        group.cancelAll()
        return found
    }
}
