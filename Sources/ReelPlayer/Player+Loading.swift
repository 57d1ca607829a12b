import Foundation
import ReelComposable
import ReelCore

extension Player {
    /// The video's frame rate in frames per second (the container's); nil without video or when
    /// the container does not say.
    public var frameRate: Double? { playback.frameRate }

    /// Moves exactly to frame `frame`, counted from 0: frame `n` shows at `n / frameRate`.
    /// - Throws: ``/ReelCore/PlayerError/Code/invalidArgument`` while the frame rate is unknown,
    ///   or for a frame before 0 or past the end.
    public func seek(toFrame frame: Int) throws(PlayerError) { try perform(.transport(.frameSeekRequested(frame))) }

    /// How the engine buffers, as last set with ``setBufferingPolicy(_:)``; nil while the
    /// engine's configuration holds (`MPVConfiguration.buffering`).
    public var bufferingPolicy: BufferingPolicy? { playback.bufferingPolicy }

    /// Changes how the engine buffers: the wait before playing and after a stall, the read-ahead
    /// and the network timeout take effect at once, the cache's sizes and HTTP reconnection from
    /// the next item opened.
    public func setBufferingPolicy(_ policy: BufferingPolicy) throws(PlayerError) {
        try perform(.transport(.bufferingPolicyChanged(policy)))
    }
}
