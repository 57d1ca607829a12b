import CSystemdBus
import Foundation
import NIOConcurrencyHelpers
import Observation
import ReelCore
import ReelPlayer

/// Keeps the screensaver off while video plays, through `org.freedesktop.ScreenSaver` on the
/// session bus (`Inhibit` and `UnInhibit`, which GNOME, KDE and xfce answer).
///
/// It inhibits while the player wants to play an item with a picture, and releases the
/// inhibition on pause, stop, the end, a failure and ``stop()``.
///
/// ## Threading
/// Main actor; the D-Bus calls are made on the connection's own thread, in order.
@MainActor
public final class ScreenSaverInhibitor {
    /// Whether the screensaver is inhibited (asked for; the service's answer arrives later).
    public private(set) var isInhibiting = false
    /// Whether the inhibitor is connected.
    public private(set) var isRunning = false
    /// Called once, on the main actor, when the screensaver service refused or is missing.
    public var onFailure: (@MainActor (String) -> Void)?

    /// The player followed.
    public let player: Player
    private let address: BusAddress
    private let applicationName: String
    private var connection: BusConnection?
    private var generation = 0
    private let cookie = Cookie()
    private var hasReportedFailure = false

    /// The screensaver service's name, object and interface.
    nonisolated static let service = "org.freedesktop.ScreenSaver"
    nonisolated static let path = "/org/freedesktop/ScreenSaver"

    /// Creates an inhibitor for `player` on `address` (default: the session bus); `applicationName`
    /// is what the screensaver service is told is inhibiting it.
    public init(_ player: Player, address: BusAddress = .session, applicationName: String = "Reel") {
        self.player = player
        self.address = address
        self.applicationName = applicationName
    }

    /// Connects and starts following the player.
    /// - Throws: ``BusError`` when the bus cannot be reached.
    public func start() throws(BusError) {
        guard !isRunning else { return }
        let connection = try BusConnection(address)
        self.connection = connection
        isRunning = true
        connection.start(name: "reel.screensaver")
        generation += 1
        follow(generation)
    }

    isolated deinit { stop() }

    /// Releases any inhibition and disconnects. Idempotent.
    public func stop() {
        guard isRunning, let connection else { return }
        generation += 1
        if isInhibiting { release(on: connection) }
        isRunning = false
        connection.close()
        self.connection = nil
    }

    /// Whether `playback` keeps the screensaver off: an item with a picture that plays or is
    /// about to.
    static func wantsInhibition(_ playback: PlaybackInfo) -> Bool {
        let hasPicture = playback.video != nil || playback.tracks.contains { $0.kind == .video }
        let active = playback.status == .loading || playback.status == .ready
        return playback.intent.playWhenReady && active && hasPicture
    }

    private func follow(_ generation: Int) {
        guard generation == self.generation, let connection else { return }
        let wanted = withObservationTracking {
            Self.wantsInhibition(player.playback)
        } onChange: { [weak self] in
            Task { @MainActor in self?.follow(generation) }
        }
        guard wanted != isInhibiting else { return }
        isInhibiting = wanted
        if wanted { inhibit(on: connection) } else { release(on: connection) }
    }

    private func inhibit(on connection: BusConnection) {
        let cookie = cookie
        let application = applicationName
        connection.perform { [weak self] connection in
            let outcome = Self.call(connection, "Inhibit") { (message) throws(BusStatus) in
                try message.append(application)
                try message.append("Playing video")
            }
            switch outcome {
            case .success(let reply):
                let value = try? BusMessage(pointer: reply).readUInt32()
                sd_bus_message_unref(reply)
                cookie.value.withLockedValue { $0 = value }
            case .failure(let reason):
                Task { @MainActor in self?.report(reason.message) }
            }
        }
    }

    private func release(on connection: BusConnection) {
        let cookie = cookie
        connection.perform { [weak self] connection in
            let stored = cookie.value.withLockedValue { stored in
                defer { stored = nil }
                return stored
            }
            guard let value = stored else { return }
            let outcome = Self.call(connection, "UnInhibit") { (message) throws(BusStatus) in try message.append(value)
            }
            switch outcome {
            case .success(let reply): sd_bus_message_unref(reply)
            case .failure(let reason): Task { @MainActor in self?.report(reason.message) }
            }
        }
    }

    private func report(_ reason: String) {
        guard !hasReportedFailure else { return }
        hasReportedFailure = true
        onFailure?(reason)
    }

    /// Calls a method of the screensaver service on the connection's thread and waits for the
    /// reply (at most 2 s); the connection's thread does nothing else meanwhile.
    nonisolated private static func call(
        _ connection: BusConnection, _ member: String, arguments: (BusMessage) throws(BusStatus) -> Void
    ) -> Result<OpaquePointer, CallFailure> {
        var message: OpaquePointer?
        var result = sd_bus_message_new_method_call(connection.bus, &message, service, path, service, member)
        guard result >= 0, let message else { return .failure(CallFailure("\(member): \(describe(result))")) }
        defer { sd_bus_message_unref(message) }
        do {
            try arguments(BusMessage(pointer: message))
        } catch {
            return .failure(CallFailure("\(member): \(describe(error.code))"))
        }
        var error = sd_bus_error(name: nil, message: nil, _need_free: 0)
        var reply: OpaquePointer?
        result = sd_bus_call(connection.bus, message, 2_000_000, &error, &reply)
        defer { sd_bus_error_free(&error) }
        guard result >= 0, let reply else {
            let text = error.message.map { String(cString: $0) } ?? describe(result)
            return .failure(CallFailure("\(service).\(member) failed: \(text)"))
        }
        return .success(reply)
    }

    nonisolated private static func describe(_ code: Int32) -> String { String(cString: strerror(-code)) }

    /// The service's cookie for the inhibition in force, used on the connection's thread.
    private final class Cookie: Sendable {
        let value = NIOLockedValueBox<UInt32?>(nil)
    }

    /// Why a call failed.
    private struct CallFailure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}
