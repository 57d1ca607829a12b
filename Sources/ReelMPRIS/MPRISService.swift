import CSystemdBus
import Foundation
import NIOConcurrencyHelpers
import Observation
import ReelCore
import ReelPlayer

/// Publishes a player on D-Bus as an MPRIS media player, so desktop media controls, media keys
/// and `playerctl` show and drive it.
///
/// ```swift
/// let mpris = MPRISService(player)
/// do { try mpris.start() } catch { print("MPRIS is off: \(error)") }   // plays on either way
/// mpris.onQuit = { window.close() }
/// ```
///
/// Both interfaces of MPRIS 2.2 are exported: `org.mpris.MediaPlayer2` and
/// `org.mpris.MediaPlayer2.Player` with every property, the methods, `PropertiesChanged` after
/// every change of the player's observable state, and `Seeked` when the position jumps.
/// Commands reach the player with the reason ``/ReelCore/IntentReason/remote``, through the same
/// ``/ReelPlayer/Player`` methods an app calls, so they behave alike with or without a window.
/// `Fullscreen` is the player's ``/ReelPlayer/Player/presentation`` (its one owner): it reads
/// `presentation == .fullscreen`, can be set while a window shows the video
/// (`presentation != .none`), and a client's write asks the player
/// (``/ReelPlayer/Player/setPresentation(_:autoplay:)``), which the window follows. `Next`, `Previous`,
/// `Shuffle`, `LoopStatus` (None, Track, Playlist) and `CanGoNext`/`CanGoPrevious` are the
/// player's queue. `Raise` and `Quit` are hooks the app sets; their `Can…` properties are false
/// until it does.
///
/// ## Threading
/// Main actor. The connection runs on a thread of its own, which answers property reads from a
/// snapshot this service keeps current; method calls hop to the main actor and are answered
/// after the player has changed.
@MainActor
public final class MPRISService {
    /// The name on the bus.
    public let busName: String
    /// Whether the service is on the bus.
    public private(set) var isRunning = false

    /// Called for `Quit`; `CanQuit` is true while set.
    public var onQuit: (@MainActor () -> Void)? { didSet { publish() } }
    /// Called for `Raise`; `CanRaise` is true while set.
    public var onRaise: (@MainActor () -> Void)? { didSet { publish() } }

    /// The player published.
    public let player: Player
    private let configuration: MPRISConfiguration
    private var connection: BusConnection?
    private var endpoint: MPRISEndpoint?
    private var published: MPRISSnapshot
    private var seekBaseline: (item: ItemID?, anchor: PositionAnchor)?
    private var generation = 0

    /// Creates the service for `player`; nothing is published until ``start()``.
    public init(_ player: Player, configuration: MPRISConfiguration = MPRISConfiguration()) {
        self.player = player
        self.configuration = configuration
        busName = configuration.busName
        published = MPRISSnapshot(
            identity: configuration.identity, desktopEntry: configuration.desktopEntry,
            supportedURISchemes: configuration.urlPolicy.allowedSchemes.sorted(),
            supportedMIMETypes: configuration.supportedMIMETypes)
    }

    /// Connects, exports the objects, takes the bus name and starts the bus thread.
    /// - Throws: ``BusError`` when there is no bus (no `DBUS_SESSION_BUS_ADDRESS`), the connection
    ///   is refused or the name is taken. The player is not affected.
    public func start() throws(BusError) {
        guard !isRunning else { return }
        let connection = try BusConnection(configuration.address)
        published = snapshot()
        let endpoint = MPRISEndpoint(snapshot: published, connection: connection) { [weak self] request in
            self?.handle(request) ?? .failed(name: "org.mpris.MediaPlayer2.Reel.Gone", message: "The player is gone.")
        }
        // The callbacks' context lives as long as the connection, even if this service does not.
        connection.keep(endpoint)
        // Still on this thread: the bus thread starts below, after the last direct use.
        var callbacks = endpoint.callbacks()
        var objects: OpaquePointer?
        var result = reel_mpris_add(connection.bus, &callbacks, &objects)
        if result >= 0 { result = sd_bus_request_name(connection.bus, busName, 0) }
        guard result >= 0, let objects else {
            reel_mpris_remove(objects)
            connection.close()
            throw BusError("publish \(busName) on \(configuration.address.name)", code: result)
        }
        let exported = SendableObjects(pointer: objects)
        self.connection = connection
        self.endpoint = endpoint
        isRunning = true
        connection.start(name: "reel.mpris")
        removal = { connection in
            reel_mpris_remove(exported.pointer)
            _ = connection
        }
        seekBaseline = (player.playback.itemID, player.playback.anchor)
        generation += 1
        observe(generation)
    }

    isolated deinit { stop() }

    /// Leaves the bus. Idempotent.
    public func stop() {
        guard isRunning, let connection else { return }
        isRunning = false
        generation += 1
        if let removal { connection.perform(removal) }
        removal = nil
        connection.close()
        self.connection = nil
        endpoint = nil
    }

    private var removal: (@Sendable (BusConnection) -> Void)?

    /// Whether the bus shows the player's current state (a change is published after a hop to
    /// the main actor; tests wait for this before reading the bus).
    var isUpToDate: Bool { !isRunning || published == snapshot() }

    // MARK: - Publishing

    private func observe(_ generation: Int) {
        guard generation == self.generation else { return }
        withObservationTracking {
            _ = player.playback
            _ = player.presentation
            _ = player.queue
            _ = player.requiresLinearPlayback
        } onChange: { [weak self] in
            Task { @MainActor in
                self?.publish()
                self?.observe(generation)
            }
        }
    }

    private func snapshot() -> MPRISSnapshot {
        var next = published
        next.update(from: player.playback)
        // Linear playback: clients grey out their seek bar (and Seek and SetPosition are ignored).
        next.canSeek = next.canSeek && !player.requiresLinearPlayback
        next.canQuit = onQuit != nil
        next.canRaise = onRaise != nil
        next.loopStatus = MPRISSnapshot.loopStatus(player.repeatMode)
        next.shuffle = player.isShuffled
        let hasItem = player.playback.item != nil
        next.canGoNext = hasItem && player.canGoNext
        next.canGoPrevious = hasItem && player.canGoPrevious
        next.canSetFullscreen = player.presentation != .none
        next.fullscreen = player.presentation == .fullscreen
        return next
    }

    /// Swaps in a new snapshot and signals what changed: `PropertiesChanged` per interface, and
    /// `Seeked` when the position jumped.
    private func publish() {
        guard isRunning, let connection, let endpoint else { return }
        let next = snapshot()
        let old = published
        published = next
        endpoint.snapshot.withLockedValue { $0 = next }
        let root = next.changedRootProperties(since: old)
        let player = next.changedPlayerProperties(since: old)
        let seeked = seekedPosition()
        guard !root.isEmpty || !player.isEmpty || seeked != nil else { return }
        connection.perform { connection in
            if !root.isEmpty { emitPropertiesChanged(connection, REEL_MPRIS_ROOT_INTERFACE, root) }
            if !player.isEmpty { emitPropertiesChanged(connection, REEL_MPRIS_PLAYER_INTERFACE, player) }
            if let seeked {
                _ = reel_bus_emit_int64(
                    connection.bus, REEL_MPRIS_PATH, REEL_MPRIS_PLAYER_INTERFACE, "Seeked", seeked)
            }
        }
    }

    /// The new position in microseconds when the anchor jumped (a seek, a loop, the engine's own
    /// seek) since the last look; nil while playback flows as extrapolated or the item changed.
    private func seekedPosition() -> Int64? {
        let playback = player.playback
        defer { seekBaseline = (playback.itemID, playback.anchor) }
        guard let baseline = seekBaseline, baseline.item == playback.itemID, playback.itemID != nil,
            baseline.anchor != playback.anchor
        else { return nil }
        let expected = baseline.anchor.position(at: playback.anchor.time)
        guard abs(playback.anchor.position - expected) > Self.seekThreshold else { return nil }
        return Int64((playback.anchor.position * 1_000_000).rounded())
    }

    /// How far the position must jump, in seconds, to count as a seek.
    static let seekThreshold: TimeInterval = 0.5

    // MARK: - Requests

    /// Carries out a client's request through the player, with the reason `remote`.
    private func handle(_ request: MPRISRequest) -> MPRISOutcome {
        defer { publish() }
        do {
            try carryOut(request)
            return .done
        } catch {
            return .failed(name: "org.mpris.MediaPlayer2.Reel.Refused", message: error.message)
        }
    }

    private func carryOut(_ request: MPRISRequest) throws(PlayerError) {
        let playback = player.playback
        let hasItem = playback.item != nil && playback.status != .idle
        switch request {
        case .raise: onRaise?()
        case .quit: onQuit?()
        case .next: try player.next()
        case .previous: try player.previous()
        case .setFullscreen(let fullscreen):
            // Leaving full screen means the window; picture in picture is not full screen.
            guard fullscreen || player.presentation == .fullscreen else { return }
            try player.setPresentation(fullscreen ? .fullscreen : .inline)
        case .play:
            guard hasItem else { return }
            try player.play(reason: .remote)
        case .pause:
            guard hasItem else { return }
            try player.pause(reason: .remote)
        case .playPause:
            guard hasItem else { return }
            try player.togglePlayPause(reason: .remote)
        case .stop:
            guard hasItem else { return }
            try player.stop(reason: .remote)
        case .seek(let offset):
            guard hasItem, playback.isSeekable != false else { return }
            let goal = playback.position() + Double(offset) / 1_000_000
            // The spec: seeking past the end acts like Next.
            if let duration = playback.duration, goal > duration, player.canGoNext {
                try player.next()
                return
            }
            try player.seek(to: max(0, goal))
        case .setPosition(let trackID, let position):
            // The spec: a stale track or a position outside the track is ignored.
            guard hasItem, trackID == MPRISMetadata(playback).trackID, position >= 0 else { return }
            let seconds = Double(position) / 1_000_000
            if let duration = playback.duration, seconds > duration { return }
            try player.seek(to: seconds)
        case .openURI(let text):
            guard let url = URL(string: text) else {
                throw PlayerError(.invalidArgument, message: "\"\(text)\" is not a valid address.")
            }
            try configuration.urlPolicy.check(url)
            try player.load(MediaItem(url: url), reason: .remote)
        case .setLoopStatus(let status):
            guard let mode = MPRISSnapshot.repeatMode(status) else {
                throw PlayerError(.invalidArgument, message: "\"\(status)\" is not a loop status.")
            }
            try player.setRepeatMode(mode)
        case .setRate(let rate):
            // The spec: a rate of 0 pauses.
            if rate == 0 {
                try player.pause(reason: .remote)
            } else {
                let clamped = min(MPRISSnapshot.maximumRate, max(MPRISSnapshot.minimumRate, rate))
                try player.setRate(clamped)
            }
        case .setVolume(let volume): try player.setVolume(min(1, max(0, volume)))
        case .setShuffle(let shuffled):
            guard shuffled != player.isShuffled else { return }
            try player.setShuffle(shuffled)
        }
    }
}

/// Emits `PropertiesChanged` for `names` of `interface`, on the connection's thread.
private func emitPropertiesChanged(_ connection: BusConnection, _ interface: String, _ names: [String]) {
    var strings = names.map { strdup($0) }
    strings.append(nil)
    _ = sd_bus_emit_properties_changed_strv(connection.bus, REEL_MPRIS_PATH, interface, &strings)
    for string in strings { free(string) }
}

/// The exported objects, removed on the bus thread.
private struct SendableObjects: @unchecked Sendable {
    let pointer: OpaquePointer
}
