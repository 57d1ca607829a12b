import Foundation
import ReelCore

extension PlayerFeature {
    /// When frame `frame` (from 0) shows: `frame / rate` seconds, at the container's frame rate.
    /// - Throws: ``/ReelCore/PlayerError/Code/invalidArgument`` for a negative frame, a frame past
    ///   the end, or while the frame rate is unknown (no video, or a container that does not say).
    public static func time(ofFrame frame: Int, in playback: PlaybackInfo) throws(PlayerError) -> TimeInterval {
        guard frame >= 0 else { throw PlayerError(.invalidArgument, message: "Frames are counted from 0.") }
        guard let rate = playback.frameRate else {
            throw PlayerError(
                .invalidArgument, message: "The video's frame rate is not known, so frames cannot be sought.")
        }
        let time = Double(frame) / rate
        if let duration = playback.duration, time > duration {
            throw PlayerError(.invalidArgument, message: "Frame \(frame) is past the end of the video.")
        }
        return time
    }
}
