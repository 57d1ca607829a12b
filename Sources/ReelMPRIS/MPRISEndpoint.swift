import CSystemdBus
import Foundation
import NIOConcurrencyHelpers

/// The bus-thread side of ``MPRISService``: the context of the C callbacks.
///
/// Property reads are answered at once from ``snapshot``, which the main actor swaps. Method
/// calls are parsed here, carried out on the main actor by `handle`, and answered back on the
/// bus thread afterwards, so a client's call returns once the player has changed.
final class MPRISEndpoint: Sendable {
    /// The values to answer with.
    let snapshot: NIOLockedValueBox<MPRISSnapshot>
    /// Carries out a request on the main actor.
    let handle: @MainActor @Sendable (MPRISRequest) -> MPRISOutcome
    /// The connection the objects live on.
    let connection: BusConnection

    init(
        snapshot: MPRISSnapshot, connection: BusConnection,
        handle: @escaping @MainActor @Sendable (MPRISRequest) -> MPRISOutcome
    ) {
        self.snapshot = NIOLockedValueBox(snapshot)
        self.connection = connection
        self.handle = handle
    }

    /// The callbacks for `reel_mpris_add`, with this endpoint (unretained) as the context.
    func callbacks() -> ReelMPRISCallbacks {
        ReelMPRISCallbacks(
            context: Unmanaged.passUnretained(self).toOpaque(),
            get_property: mprisGetProperty,
            set_property: mprisSetProperty,
            call_method: mprisCallMethod)
    }

    // MARK: - On the bus thread

    /// Appends the value of `property` to `reply`.
    func get(_ property: String, into reply: BusMessage) throws(BusStatus) {
        let values = snapshot.withLockedValue { $0 }
        switch property {
        case "CanQuit": try reply.append(values.canQuit)
        case "Fullscreen": try reply.append(values.fullscreen)
        case "CanSetFullscreen": try reply.append(values.canSetFullscreen)
        case "CanRaise": try reply.append(values.canRaise)
        case "HasTrackList": try reply.append(false)
        case "Identity": try reply.append(values.identity)
        case "DesktopEntry": try reply.append(values.desktopEntry)
        case "SupportedUriSchemes": try reply.append(values.supportedURISchemes)
        case "SupportedMimeTypes": try reply.append(values.supportedMIMETypes)
        case "PlaybackStatus": try reply.append(values.playbackStatus)
        case "LoopStatus": try reply.append(values.loopStatus)
        case "Rate": try reply.append(values.rate)
        case "Shuffle": try reply.append(values.shuffle)
        case "Metadata": try appendMetadata(values.metadata, to: reply)
        case "Volume": try reply.append(values.volume)
        case "Position": try reply.append(values.position)
        case "MinimumRate": try reply.append(MPRISSnapshot.minimumRate)
        case "MaximumRate": try reply.append(MPRISSnapshot.maximumRate)
        case "CanGoNext": try reply.append(values.canGoNext)
        case "CanGoPrevious": try reply.append(values.canGoPrevious)
        case "CanPlay": try reply.append(values.canPlay)
        case "CanPause": try reply.append(values.canPause)
        case "CanSeek": try reply.append(values.canSeek)
        case "CanControl": try reply.append(true)
        default: throw BusStatus(code: -ENOENT)
        }
    }

    private func appendMetadata(_ metadata: MPRISMetadata, to reply: BusMessage) throws(BusStatus) {
        try reply.open("a", "{sv}")
        try reply.appendEntry("mpris:trackid", type: "o") { (message) throws(BusStatus) in
            try message.append(metadata.trackID, as: "o")
        }
        if let length = metadata.length {
            try reply.appendEntry("mpris:length", type: "x") { (message) throws(BusStatus) in try message.append(length)
            }
        }
        let texts: [(String, String?)] = [
            ("mpris:artUrl", metadata.artURL), ("xesam:title", metadata.title), ("xesam:album", metadata.album),
            ("xesam:url", metadata.url),
        ]
        for case (let key, let value?) in texts {
            try reply.appendEntry(key, type: "s") { (message) throws(BusStatus) in try message.append(value) }
        }
        if !metadata.comments.isEmpty {
            try reply.appendEntry("xesam:comment", type: "as") { (message) throws(BusStatus) in
                try message.append(metadata.comments)
            }
        }
        if !metadata.artists.isEmpty {
            try reply.appendEntry("xesam:artist", type: "as") { (message) throws(BusStatus) in
                try message.append(metadata.artists)
            }
        }
        try reply.close()
    }

    /// Reads a property write into a request.
    func request(setting property: String, from value: BusMessage) throws(BusStatus) -> MPRISRequest {
        switch property {
        case "Fullscreen": .setFullscreen(try value.readBool())
        case "LoopStatus": .setLoopStatus(try value.readString())
        case "Rate": .setRate(try value.readDouble())
        case "Shuffle": .setShuffle(try value.readBool())
        case "Volume": .setVolume(try value.readDouble())
        default: throw BusStatus(code: -EPERM)
        }
    }

    /// Reads a method call into a request.
    func request(calling member: String, from call: BusMessage) throws(BusStatus) -> MPRISRequest {
        switch member {
        case "Raise": .raise
        case "Quit": .quit
        case "Next": .next
        case "Previous": .previous
        case "Play": .play
        case "Pause": .pause
        case "PlayPause": .playPause
        case "Stop": .stop
        case "Seek": .seek(offset: try call.readInt64())
        case "SetPosition":
            .setPosition(trackID: try call.readString(as: "o"), position: try call.readInt64())
        case "OpenUri": .openURI(try call.readString())
        default: throw BusStatus(code: -EOPNOTSUPP)
        }
    }

    /// Carries out `request` on the main actor, then replies to `call` (kept alive meanwhile)
    /// on the bus thread.
    func carryOut(_ request: MPRISRequest, replyingTo call: OpaquePointer) {
        sd_bus_message_ref(call)
        let message = SendableMessage(pointer: call)
        let handle = handle
        let connection = connection
        Task { @MainActor in
            let outcome = handle(request)
            connection.perform { _ in
                switch outcome {
                case .done: _ = reel_bus_reply_empty(message.pointer)
                case .failed(let name, let text): _ = reel_bus_reply_error(message.pointer, name, text)
                }
                sd_bus_message_unref(message.pointer)
            }
        }
    }

    /// Carries out a property write on the main actor; sd-bus has already answered.
    func carryOut(_ request: MPRISRequest) {
        let handle = handle
        Task { @MainActor in _ = handle(request) }
    }
}

/// A referenced `sd_bus_message *` on its way to the main actor and back: it is only touched on
/// the bus thread.
struct SendableMessage: @unchecked Sendable {
    let pointer: OpaquePointer
}
