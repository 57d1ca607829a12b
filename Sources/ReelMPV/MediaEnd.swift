import CMPV
import Foundation
import ReelCore

/// What libmpv's `eof-reached` means for the item it is about, read from libmpv when it is
/// reported.
///
/// `eof-reached` holds once every stream of the item ran out of data. That is the end of the
/// media only when the data was all there: an HTTP stream whose connection dropped (and was not
/// reconnected, ``/ReelCore/BufferingPolicy/reconnectsHTTP``) also runs out, short of its known
/// size and duration. And when an entry follows in libmpv's playlist (the item prepared next),
/// libmpv moves on to it by itself.
enum MediaEnd {
    /// The item played to its end.
    case end
    /// An entry follows the item in libmpv's playlist: libmpv opens it next by itself.
    case nextFollows
    /// The item's connection was lost: its data stopped short of its size and duration.
    case connectionLost(PlayerError)

    /// Whether libmpv moves on by itself (``nextFollows``).
    var isNextFollows: Bool { if case .nextFollows = self { true } else { false } }

    /// The least media, in seconds, that must be missing at the end of a stream cut short for
    /// it to count as a lost connection: libmpv's duration of a complete file may exceed the
    /// last frame's time by up to a frame or an audio packet.
    static let missingMediaThreshold: TimeInterval = 1

    /// Reads what `eof-reached` means for playlist entry `entry` (the pump's current one).
    static func classify(handle: MPVHandle, entry: Int64?) -> MediaEnd {
        let playlist = handle.property("playlist").array
        guard let entry, let index = playlist.firstIndex(where: { $0["id"].int.map(Int64.init) == entry }) else {
            return .end
        }
        // Only while libmpv still plays this entry do its stream properties describe it.
        if playlist[index]["playing"].bool == true,
            let lost = connectionLost(
                network: handle.property("demuxer-via-network").bool,
                streamPosition: handle.property("stream-pos").int.map(Int64.init),
                streamEnd: handle.property("stream-end").int.map(Int64.init),
                position: handle.property("time-pos").double, duration: handle.property("duration").double)
        {
            return .connectionLost(lost)
        }
        return index + 1 < playlist.count ? .nextFollows : .end
    }

    /// The error for a network stream that ran out at `position` seconds of `duration`, having
    /// read `streamPosition` of `streamEnd` bytes; nil when the data was all there (a local file,
    /// a stream of unknown size or duration, a live stream, or one read to its end).
    static func connectionLost(
        network: Bool?, streamPosition: Int64?, streamEnd: Int64?, position: Double?, duration: Double?
    ) -> PlayerError? {
        guard network == true, let streamPosition, let streamEnd, streamEnd > 0, streamPosition < streamEnd,
            let position, let duration, duration.isFinite, position.isFinite,
            duration - position >= missingMediaThreshold
        else { return nil }
        let reached = max(0, position)
        return PlayerError(
            .connectionLost(at: reached),
            message: String(
                format: "The connection to the server was lost: playback stopped at %.1f s of %.1f s.", reached,
                duration),
            engineDetail: "stream ended at byte \(streamPosition) of \(streamEnd)")
    }
}
