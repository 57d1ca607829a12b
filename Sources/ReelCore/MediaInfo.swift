import Foundation

/// A span of media time in seconds, such as a buffered range.
public struct TimeRange: Hashable, Sendable, Codable {
    /// Where the range begins.
    public var start: TimeInterval
    /// Where the range ends (not before ``start``).
    public var end: TimeInterval

    /// Creates a range; `end` is raised to `start` when it is smaller.
    public init(start: TimeInterval, end: TimeInterval) {
        self.start = start
        self.end = max(start, end)
    }

    /// Whether `time` lies inside the range.
    public func contains(_ time: TimeInterval) -> Bool { time >= start && time <= end }
}

/// A named point in the media.
public struct Chapter: Hashable, Sendable, Codable {
    /// The chapter's title, when the file gives one.
    public var title: String?
    /// Where the chapter starts, in seconds.
    public var start: TimeInterval

    /// Creates a chapter.
    public init(title: String?, start: TimeInterval) {
        self.title = title
        self.start = start
    }
}

/// The size of the decoded picture and how it is meant to be displayed.
public struct VideoGeometry: Hashable, Sendable, Codable {
    /// Decoded width in pixels.
    public var width: Int
    /// Decoded height in pixels.
    public var height: Int
    /// Display width after the pixel aspect ratio, before rotation.
    public var displayWidth: Int
    /// Display height after the pixel aspect ratio, before rotation.
    public var displayHeight: Int
    /// Clockwise rotation in degrees the file asks for (0, 90, 180 or 270).
    public var rotation: Int

    /// Creates a geometry.
    public init(width: Int, height: Int, displayWidth: Int? = nil, displayHeight: Int? = nil, rotation: Int = 0) {
        self.width = width
        self.height = height
        self.displayWidth = displayWidth ?? width
        self.displayHeight = displayHeight ?? height
        self.rotation = rotation
    }

    /// The size as it appears on screen: display size with the rotation applied.
    public var presentationSize: (width: Int, height: Int) {
        rotation % 180 == 0 ? (displayWidth, displayHeight) : (displayHeight, displayWidth)
    }

    /// Width divided by height as it appears on screen, or nil for an empty picture.
    public var displayAspect: Double? {
        let size = presentationSize
        guard size.width > 0, size.height > 0 else { return nil }
        return Double(size.width) / Double(size.height)
    }
}

/// What repeats when playback reaches the end.
public enum LoopMode: String, Hashable, Sendable, Codable {
    /// Nothing repeats.
    case off
    /// The current item repeats forever.
    case item
}

/// An A-B loop: playback jumps back to `a` when it reaches `b`.
public struct ABLoop: Hashable, Sendable, Codable {
    /// Where the loop starts.
    public var a: TimeInterval?
    /// Where the loop ends.
    public var b: TimeInterval?

    /// Creates a loop; both ends nil turn it off.
    public init(a: TimeInterval?, b: TimeInterval?) {
        self.a = a
        self.b = b
    }

    /// No loop.
    public static let off = ABLoop(a: nil, b: nil)
}
