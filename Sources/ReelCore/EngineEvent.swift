import Foundation

/// Why an item stopped playing.
public enum EndReason: Hashable, Sendable {
    /// Playback reached the end of the media.
    case endOfMedia
    /// The item was stopped or replaced by another load. Never an end of media or a failure.
    case stopped
    /// The item could not be opened or played.
    case failed(PlayerError)
}

/// A change of one engine property. Properties are level state: the engine may coalesce changes,
/// so only the latest value counts. `nil` means the engine does not know the value.
public enum PropertyChange: Hashable, Sendable {
    /// The engine's pause flag.
    case paused(Bool)
    /// Playback waits for the network cache to fill (a stall).
    case pausedForCache(Bool)
    /// How full the cache is while stalled, 0…1.
    case bufferingProgress(Double?)
    /// The engine holds the last frame at the end of the media.
    case endReached(Bool)
    /// The current media time in seconds, sampled at a host time.
    case position(TimeInterval?, at: HostTime)
    /// The item's duration; nil when unknown or live.
    case duration(TimeInterval?)
    /// The media time ranges held in the cache.
    case bufferedRanges([TimeRange])
    /// What the cache reports besides its ranges: whether it reached the end, stopped reading, or
    /// ran dry.
    case bufferFlags(BufferFlags)
    /// Whether the item can be seeked.
    case seekable(Bool?)
    /// Whether the item is a live stream: its end is not known and moves as it plays (an HLS
    /// playlist without an end, RTSP, RTMP, SRT). Reported once the item is open.
    case live(Bool)
    /// All tracks of the current item.
    case tracks([Track])
    /// The decoded picture's geometry; nil without video.
    case video(VideoGeometry?)
    /// The item's chapters.
    case chapters([Chapter])
    /// The container's metadata tags.
    case metadata([String: String])
    /// The item's title as the engine sees it.
    case title(String?)
    /// The container format's name, such as `"matroska"`.
    case container(String?)
    /// The hardware decoder in use, such as `"vaapi"`; nil while software decodes.
    case hardwareDecoder(String?)
    /// The playback speed.
    case speed(Double)
    /// The volume, 0…1.
    case volume(Double)
    /// Whether sound is muted.
    case muted(Bool)
    /// What repeats at the end.
    case loop(LoopMode)
    /// The A-B loop.
    case abLoop(ABLoop)
    /// The engine's counters for the current item (dropped frames, bit rates, bytes), sampled
    /// when asked (``EngineCommand/reportStatistics``) and when the item reaches its end.
    case statistics(EngineStatistics)
    /// The audio outputs the engine can play on, ``AudioDevice/automatic`` first; it changes
    /// as devices come and go.
    case audioDevices([AudioDevice])
    /// The audio output driver that plays the sound (`"pulse"`); nil while none is open.
    case audioOutputDriver(String?)
}

/// A typed event from a ``PlaybackEngine``.
public enum EngineEvent: Hashable, Sendable {
    /// The engine began opening an item.
    case itemStarted(ItemID)
    /// The item is open: tracks, duration and metadata are known.
    case itemLoaded(ItemID)
    /// The item stopped, with the reason.
    case itemEnded(ItemID, EndReason)
    /// A seek began; playback waits until ``playbackRestarted``.
    case seekStarted
    /// Frames flow again after a load or a seek.
    case playbackRestarted
    /// A property changed.
    case property(PropertyChange)
    /// A command the engine had accepted failed later.
    case commandFailed(EngineCommand, PlayerError)
    /// The engine has shut down; no more events follow.
    case shutdown
}
