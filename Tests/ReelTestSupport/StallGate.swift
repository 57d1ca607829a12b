import Foundation

/// Holds back the bytes of a ``LoopbackHTTPServer/Behaviour/stallAfter(bytes:of:gate:)`` response
/// until a test opens it.
///
/// While the gate is closed, a response sends its headers and the file's bytes before the stall
/// offset, then waits; requests for ranges that start beyond the offset send their headers and
/// wait at once. ``open()`` releases every waiting response and lets later ones through; stopping
/// the server releases them too, by closing their connections. A gate opens once and stays open.
///
/// ```swift
/// let gate = StallGate()
/// server.route("/clip.mp4", .stallAfter(bytes: 100_000, of: clip, gate: gate))
/// // … start playback …
/// #expect(await gate.waitUntilReached(timeout: .seconds(5)))
/// gate.open()
/// ```
///
/// `@unchecked Sendable`: the open flag is guarded by `condition`, which server threads block on
/// (a blocking wait that neither an actor nor a `Mutex` offers); the counter is a ``CountSignal``.
package final class StallGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var opened = false
    private let reached = CountSignal()

    /// Creates a closed gate.
    package init() {}

    /// Whether ``open()`` was called.
    package var isOpen: Bool {
        condition.lock()
        defer { condition.unlock() }
        return opened
    }

    /// How many responses have stopped at the gate while it was closed.
    package var timesReached: Int { reached.count("") }

    /// Opens the gate for good: waiting responses go on, later ones do not stop.
    package func open() {
        condition.lock()
        opened = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether `count` responses in total have stopped at the closed gate within `timeout`. Use it to
    /// know that a client is stalled, instead of sleeping.
    package func waitUntilReached(_ count: Int = 1, timeout: Duration = .seconds(10)) async -> Bool {
        await reached.wait(for: "", atLeast: count, timeout: timeout)
    }

    /// Blocks the calling server thread until the gate is open (true) or `abandon` returns true
    /// (false). `abandon` is checked under the gate's lock, so a caller that makes it true and then
    /// calls ``interrupt()`` cannot be missed.
    func pass(abandonIf abandon: () -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if opened { return true }
        reached.increment("")
        while !opened, !abandon() { condition.wait() }
        return opened
    }

    /// Wakes every thread in ``pass(abandonIf:)`` so that it checks its `abandon` condition again.
    func interrupt() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }
}
