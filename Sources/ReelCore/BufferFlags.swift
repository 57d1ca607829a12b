import Foundation

/// What an engine's cache reports besides the ranges it holds: the facts behind
/// ``PlaybackInfo/isPlaybackBufferEmpty``, ``PlaybackInfo/isPlaybackBufferFull`` and
/// ``PlaybackInfo/isPlaybackLikelyToKeepUp`` (libmpv's `demuxer-cache-state`).
public struct BufferFlags: Hashable, Sendable {
    /// The cache holds the item up to its end: nothing is left to read (libmpv's `eof`).
    public var reachesEnd: Bool
    /// The cache stopped reading: it holds what the buffering policy allows, or the item to its
    /// end (libmpv's `idle`).
    public var isIdle: Bool
    /// Playback asked for more than the cache held (libmpv's `underrun`).
    public var isUnderrun: Bool

    /// Creates flags; all false by default (nothing known yet).
    public init(reachesEnd: Bool = false, isIdle: Bool = false, isUnderrun: Bool = false) {
        self.reachesEnd = reachesEnd
        self.isIdle = isIdle
        self.isUnderrun = isUnderrun
    }
}
