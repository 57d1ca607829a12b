import CSystemdBus
import Dispatch
import Foundation
import NIOConcurrencyHelpers

/// One sd-bus connection and the thread that runs it.
///
/// sd-bus connections are single-threaded, so ``bus`` is used only on this connection's own
/// thread: inside the actions given to ``perform(_:)`` and inside the C callbacks that
/// `sd_bus_process` calls there. Other threads (the main actor) hand work over with
/// ``perform(_:)``, which wakes the loop through an eventfd. The thread never runs Swift
/// concurrency jobs and the main actor never blocks on the bus.
final class BusConnection: @unchecked Sendable {
    /// The connection; only for this connection's thread.
    let bus: OpaquePointer
    /// Where it is connected.
    let address: BusAddress
    private let wakeDescriptor: Int32
    private let mailbox = NIOLockedValueBox(Mailbox())
    private let finished = DispatchSemaphore(value: 0)
    private let kept = NIOLockedValueBox<[any AnyObject & Sendable]>([])

    private struct Mailbox {
        var actions: [@Sendable (BusConnection) -> Void] = []
        var isStarted = false
        var isClosing = false
    }

    /// Connects to `address`. Nothing is processed until ``start(name:)``.
    /// - Throws: ``BusError`` when there is no such bus or it refuses the connection.
    init(_ address: BusAddress) throws(BusError) {
        var connection: OpaquePointer?
        let result: Int32
        switch address {
        case .session: result = reel_bus_open(nil, 1, &connection)
        case .system: result = reel_bus_open(nil, 0, &connection)
        case .address(let text): result = reel_bus_open(text, 1, &connection)
        }
        guard result >= 0, let connection else { throw BusError("connect to \(address.name)", code: result) }
        let descriptor = reel_bus_wake_fd_new()
        guard descriptor >= 0 else {
            reel_bus_close(connection)
            throw BusError("create an eventfd", code: descriptor)
        }
        bus = connection
        self.address = address
        wakeDescriptor = descriptor
    }

    /// Starts the connection's thread, named `name`.
    func start(name: String) {
        let first = mailbox.withLockedValue { mailbox in
            defer { mailbox.isStarted = true }
            return !mailbox.isStarted
        }
        guard first else { return }
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    /// Keeps `object` (a handler or context that C callbacks use) alive for as long as the
    /// connection: its thread may call back into it until then.
    func keep(_ object: any AnyObject & Sendable) { kept.withLockedValue { $0.append(object) } }

    /// Runs `action` on the connection's thread, after the actions handed over before it.
    func perform(_ action: @escaping @Sendable (BusConnection) -> Void) {
        let accepted = mailbox.withLockedValue { mailbox in
            guard !mailbox.isClosing else { return false }
            mailbox.actions.append(action)
            return true
        }
        if accepted { reel_bus_wake(wakeDescriptor) }
    }

    /// Runs the actions handed over so far, stops the thread, flushes and closes the connection.
    /// Blocks only until the loop's current turn ends. Idempotent.
    func close() {
        let (first, started) = mailbox.withLockedValue { mailbox in
            defer { mailbox.isClosing = true }
            return (!mailbox.isClosing, mailbox.isStarted)
        }
        guard first else { return }
        if started {
            reel_bus_wake(wakeDescriptor)
            finished.wait()
        }
        reel_bus_close(bus)
        Foundation.close(wakeDescriptor)
    }

    private func run() {
        while true {
            let (actions, closing) = mailbox.withLockedValue { mailbox in
                defer { mailbox.actions.removeAll() }
                return (mailbox.actions, mailbox.isClosing)
            }
            for action in actions { action(self) }
            if closing { break }
            if reel_bus_iterate(bus, wakeDescriptor) < 0 { break }
        }
        // Run what arrived while closing (an unregistration, a last reply) before the flush.
        let rest = mailbox.withLockedValue { mailbox in
            defer { mailbox.actions.removeAll() }
            return mailbox.actions
        }
        for action in rest { action(self) }
        finished.signal()
    }
}
