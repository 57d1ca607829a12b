import CSystemdBus
import Foundation
import ReelPlayer

/// Watches logind for the system going to sleep and waking up (`PrepareForSleep` of
/// `org.freedesktop.login1.Manager` on the system bus).
///
/// ```swift
/// let sleep = SleepMonitor.interrupting(player)   // paused(reason: .interrupted) before sleep
/// try sleep.start()
/// ```
///
/// Only signals sent by the owner of `org.freedesktop.login1` count, so another client cannot
/// pause the player with a forged one. The bus address is injectable for tests (a stand-in
/// logind on a private bus).
///
/// ## Threading
/// Main actor; the connection runs on a thread of its own and `onPrepareForSleep` is called on
/// the main actor.
@MainActor
public final class SleepMonitor {
    /// Called with `true` when the system is about to sleep and `false` when it woke up.
    public var onPrepareForSleep: @MainActor (Bool) -> Void
    /// Whether the monitor is connected.
    public private(set) var isRunning = false

    private let address: BusAddress
    private var connection: BusConnection?

    /// Creates a monitor of the logind on `address` (default: the system bus).
    public init(address: BusAddress = .system, onPrepareForSleep: @escaping @MainActor (Bool) -> Void) {
        self.address = address
        self.onPrepareForSleep = onPrepareForSleep
    }

    /// A monitor that interrupts `player` before sleep (``/ReelPlayer/Player/beginInterruption()``)
    /// and ends the interruption on waking, when the player's ``/ReelPlayer/Player/interruptionPolicy``
    /// decides whether it resumes.
    public static func interrupting(_ player: Player, address: BusAddress = .system) -> SleepMonitor {
        SleepMonitor(address: address) { [weak player] sleeping in
            if sleeping {
                player?.beginInterruption()
            } else {
                player?.endInterruption(shouldResume: true)
            }
        }
    }

    /// Connects and subscribes.
    /// - Throws: ``BusError`` when the bus cannot be reached.
    public func start() throws(BusError) {
        guard !isRunning else { return }
        let connection = try BusConnection(address)
        let handler = BusHandler { [weak self] message in
            guard let sleeping = try? message.readBool() else { return 0 }
            Task { @MainActor in self?.onPrepareForSleep(sleeping) }
            return 0
        }
        connection.keep(handler)
        // Still on this thread: the bus thread starts below.
        let result = sd_bus_match_signal(
            connection.bus, nil, "org.freedesktop.login1", "/org/freedesktop/login1",
            "org.freedesktop.login1.Manager", "PrepareForSleep", busHandlerTrampoline, handler.userdata)
        guard result >= 0 else {
            connection.close()
            throw BusError("watch logind on \(address.name)", code: result)
        }
        self.connection = connection
        isRunning = true
        connection.start(name: "reel.logind")
    }

    isolated deinit { stop() }

    /// Disconnects. Idempotent.
    public func stop() {
        isRunning = false
        connection?.close()
        connection = nil
    }
}
