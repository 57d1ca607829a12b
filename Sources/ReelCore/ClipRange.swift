import Foundation

/// The part of a media file a ``MediaItem`` plays: Media3's `ClippingMediaSource`.
///
/// A clipped item is its own timeline: it starts at ``start``, ends with
/// ``PauseReason/endOfMedia`` at ``end`` (or repeats from ``start`` when it loops), and every time
/// the player reports or takes for it — position, duration, seeks, ``MediaItem/startPosition``,
/// buffered ranges, A-B loop points — counts from ``start``, so a seek bar shows the clip as the
/// whole item.
///
/// ```swift
/// let intro = MediaItem(url: movie, clip: ClipRange(start: 60, end: 90))  // 30 s long
/// ```
public struct ClipRange: Hashable, Sendable {
    /// Where the clip starts in the media, in seconds.
    public var start: TimeInterval
    /// Where it ends in the media, in seconds; nil plays to the end of the media.
    public var end: TimeInterval?

    /// Creates a range; ``check()`` says whether an engine takes it.
    public init(start: TimeInterval = 0, end: TimeInterval? = nil) {
        self.start = start
        self.end = end
    }

    /// The clip's length, when it has an end.
    public var duration: TimeInterval? { end.map { $0 - start } }

    /// Throws unless the start is a finite time not before 0 and the end, if any, a finite time
    /// after the start.
    public func check() throws(PlayerError) {
        guard start.isFinite, start >= 0 else {
            throw PlayerError(.invalidArgument, message: "A clip must start at a time in the media.")
        }
        if let end, !(end.isFinite && end > start) {
            throw PlayerError(.invalidArgument, message: "A clip must end after it starts.")
        }
    }
}
