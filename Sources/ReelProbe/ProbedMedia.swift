import Foundation

/// What libavformat found in a container, without playing it: what ``MediaProbe`` returns.
///
/// Unknown values are nil (and left out of the JSON encoding). Times are in seconds, bit rates in
/// bits per second.
public struct ProbedMedia: Hashable, Sendable, Codable {
    /// The address that was read.
    public var url: URL
    /// FFmpeg's demuxer name, such as `matroska,webm` or `mov,mp4,m4a,3gp,3g2,mj2`.
    public var container: String
    /// The demuxer's description, such as `Matroska / WebM`.
    public var containerDescription: String?
    /// The duration; nil when unknown (live streams, some raw formats).
    public var duration: Double?
    /// The container's start time (the first timestamp), when known.
    public var startTime: Double?
    /// The bit rate over the whole container, when known.
    public var bitRate: Int?
    /// Every stream, in the container's order.
    public var streams: [ProbedStream]
    /// The chapters, in order.
    public var chapters: [ProbedChapter]
    /// The programs: an HLS master playlist's variants, an MPEG-TS stream's programs.
    public var programs: [ProbedProgram]
    /// The container's metadata tags.
    public var metadata: [String: String]

    /// Creates a report.
    public init(
        url: URL, container: String, containerDescription: String? = nil, duration: Double? = nil,
        startTime: Double? = nil, bitRate: Int? = nil, streams: [ProbedStream] = [], chapters: [ProbedChapter] = [],
        programs: [ProbedProgram] = [], metadata: [String: String] = [:]
    ) {
        self.url = url
        self.container = container
        self.containerDescription = containerDescription
        self.duration = duration
        self.startTime = startTime
        self.bitRate = bitRate
        self.streams = streams
        self.chapters = chapters
        self.programs = programs
        self.metadata = metadata
    }

    /// The container's `title` tag.
    public var title: String? { metadata["title"] }

    /// Whether a player on this machine can play something: at least one audio or video stream
    /// whose codec this FFmpeg decodes.
    public var isPlayable: Bool { streams.contains { $0.kind.isPlayable && $0.isDecodable } }

    /// Why nothing can be played here; nil when something can.
    public var unplayableReason: String? {
        guard !isPlayable else { return nil }
        if streams.isEmpty { return "it holds no streams" }
        let playable = streams.filter(\.kind.isPlayable)
        if playable.isEmpty {
            let kinds = Array(Set(streams.map(\.kind.rawValue))).sorted().joined(separator: ", ")
            return "it holds no audio or video stream (only \(kinds))"
        }
        let reasons = playable.map { "stream \($0.index): \($0.undecodableReason ?? "cannot be decoded")" }
        return "no audio or video stream can be decoded here (" + reasons.joined(separator: "; ") + ")"
    }
}

/// One stream of a container.
public struct ProbedStream: Hashable, Sendable, Codable {
    /// What a stream carries.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case video, audio, subtitle, data, attachment, unknown

        /// Audio and video: what a player plays.
        public var isPlayable: Bool { self == .video || self == .audio }
    }

    /// The stream's index in the container (0-based, as ffprobe counts).
    public var index: Int
    /// The container's own identifier for the stream (an MPEG-TS PID, a Matroska track number),
    /// when it has one.
    public var id: Int?
    /// What the stream carries.
    public var kind: Kind
    /// FFmpeg's codec name, such as `h264`, `opus` or `mpegh_3d_audio`; `none` when unknown.
    public var codec: String
    /// The codec's description, such as `H.264 / AVC / MPEG-4 AVC / MPEG-4 part 10`.
    public var codecDescription: String?
    /// The codec profile, such as `High` or `LC`.
    public var profile: String?
    /// The container's four-character code for the codec, such as `avc1`.
    public var codecTag: String?
    /// The disposition flags: default, forced, attached picture, …
    public var disposition: StreamDisposition
    /// The `language` tag (an ISO 639-2 code, such as `eng`).
    public var language: String?
    /// The `title` tag.
    public var title: String?
    /// The stream's bit rate, when the container or codec says.
    public var bitRate: Int?
    /// The stream's duration, when the container says.
    public var duration: Double?
    /// The stream's first timestamp.
    public var startTime: Double?
    /// The number of frames the container declares.
    public var frameCount: Int?
    /// The picture, for video streams.
    public var video: VideoParameters?
    /// The sound, for audio streams.
    public var audio: AudioParameters?
    /// Whether this machine's FFmpeg decodes the stream (with ``MediaProbe/opensDecoders``, the
    /// decoder also opened with the stream's parameters). Data streams and attachments are
    /// never decoded.
    public var isDecodable: Bool
    /// The decoder FFmpeg picks, such as `h264` or `libdav1d`.
    public var decoder: String?
    /// Why the stream cannot be decoded, such as `no decoder for mpegh_3d_audio in this FFmpeg
    /// (libavcodec 59.37.100)`; nil when it can.
    public var undecodableReason: String?
    /// The stream's metadata tags.
    public var metadata: [String: String]

    /// Creates a stream.
    public init(
        index: Int, id: Int? = nil, kind: Kind, codec: String, codecDescription: String? = nil,
        profile: String? = nil, codecTag: String? = nil, disposition: StreamDisposition = [],
        language: String? = nil, title: String? = nil, bitRate: Int? = nil, duration: Double? = nil,
        startTime: Double? = nil, frameCount: Int? = nil, video: VideoParameters? = nil,
        audio: AudioParameters? = nil, isDecodable: Bool, decoder: String? = nil, undecodableReason: String? = nil,
        metadata: [String: String] = [:]
    ) {
        self.index = index
        self.id = id
        self.kind = kind
        self.codec = codec
        self.codecDescription = codecDescription
        self.profile = profile
        self.codecTag = codecTag
        self.disposition = disposition
        self.language = language
        self.title = title
        self.bitRate = bitRate
        self.duration = duration
        self.startTime = startTime
        self.frameCount = frameCount
        self.video = video
        self.audio = audio
        self.isDecodable = isDecodable
        self.decoder = decoder
        self.undecodableReason = undecodableReason
        self.metadata = metadata
    }
}

/// A video stream's picture.
public struct VideoParameters: Hashable, Sendable, Codable {
    /// The coded size in pixels.
    public var width: Int
    public var height: Int
    /// The size on screen before rotation: the width stretched by the sample aspect ratio.
    public var displayWidth: Int
    public var displayHeight: Int
    /// The sample (pixel) aspect ratio, such as `1:1` or `4:3`, when known.
    public var sampleAspectRatio: String?
    /// How far the picture is turned for display, clockwise in degrees [0, 360), from the
    /// stream's display matrix; nil without one.
    public var rotation: Double?
    /// Frames per second: FFmpeg's guess of the stream's rate.
    public var frameRate: Double?
    /// Frames per second on average over the stream.
    public var averageFrameRate: Double?
    /// The decoded pixel format, such as `yuv420p`.
    public var pixelFormat: String?

    /// Creates a picture description.
    public init(
        width: Int, height: Int, displayWidth: Int, displayHeight: Int, sampleAspectRatio: String? = nil,
        rotation: Double? = nil, frameRate: Double? = nil, averageFrameRate: Double? = nil, pixelFormat: String? = nil
    ) {
        self.width = width
        self.height = height
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
        self.sampleAspectRatio = sampleAspectRatio
        self.rotation = rotation
        self.frameRate = frameRate
        self.averageFrameRate = averageFrameRate
        self.pixelFormat = pixelFormat
    }
}

/// An audio stream's sound.
public struct AudioParameters: Hashable, Sendable, Codable {
    /// Samples per second, when known.
    public var sampleRate: Int?
    /// The number of channels.
    public var channels: Int
    /// The channel layout's name, such as `stereo` or `5.1(side)`, when the container or codec
    /// names one.
    public var channelLayout: String?
    /// The decoded sample format, such as `fltp` or `s16`.
    public var sampleFormat: String?

    /// Creates a sound description.
    public init(sampleRate: Int?, channels: Int, channelLayout: String? = nil, sampleFormat: String? = nil) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.channelLayout = channelLayout
        self.sampleFormat = sampleFormat
    }
}

/// A chapter.
public struct ProbedChapter: Hashable, Sendable, Codable {
    /// Start and end in seconds.
    public var start: Double
    public var end: Double
    /// The `title` tag.
    public var title: String?
    /// The chapter's metadata tags.
    public var metadata: [String: String]

    /// Creates a chapter.
    public init(start: Double, end: Double, title: String? = nil, metadata: [String: String] = [:]) {
        self.start = start
        self.end = end
        self.title = title
        self.metadata = metadata
    }
}

/// A program: one variant of an HLS master playlist, or one program of an MPEG-TS stream.
public struct ProbedProgram: Hashable, Sendable, Codable {
    /// The container's identifier for it (for HLS, the variant's position in the playlist).
    public var id: Int
    /// The variant's bandwidth from the playlist (`variant_bitrate`), when it has one.
    public var bitRate: Int?
    /// The indexes (``ProbedStream/index``) of its streams.
    public var streams: [Int]
    /// The program's metadata tags.
    public var metadata: [String: String]

    /// Creates a program.
    public init(id: Int, bitRate: Int? = nil, streams: [Int], metadata: [String: String] = [:]) {
        self.id = id
        self.bitRate = bitRate
        self.streams = streams
        self.metadata = metadata
    }
}

/// A stream's disposition flags (FFmpeg's `AV_DISPOSITION_*`), encoded as a list of their names.
public struct StreamDisposition: OptionSet, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let `default` = StreamDisposition(rawValue: 1 << 0)
    public static let dub = StreamDisposition(rawValue: 1 << 1)
    public static let original = StreamDisposition(rawValue: 1 << 2)
    public static let comment = StreamDisposition(rawValue: 1 << 3)
    public static let lyrics = StreamDisposition(rawValue: 1 << 4)
    public static let karaoke = StreamDisposition(rawValue: 1 << 5)
    public static let forced = StreamDisposition(rawValue: 1 << 6)
    public static let hearingImpaired = StreamDisposition(rawValue: 1 << 7)
    public static let visualImpaired = StreamDisposition(rawValue: 1 << 8)
    public static let cleanEffects = StreamDisposition(rawValue: 1 << 9)
    /// Cover art: a picture, not a video.
    public static let attachedPicture = StreamDisposition(rawValue: 1 << 10)
    public static let timedThumbnails = StreamDisposition(rawValue: 1 << 11)
    public static let nonDiegetic = StreamDisposition(rawValue: 1 << 12)
    public static let captions = StreamDisposition(rawValue: 1 << 13)
    public static let descriptions = StreamDisposition(rawValue: 1 << 14)
    public static let metadata = StreamDisposition(rawValue: 1 << 15)
    public static let dependent = StreamDisposition(rawValue: 1 << 16)
    public static let stillImage = StreamDisposition(rawValue: 1 << 17)

    /// Every flag with its name, in bit order.
    public static let named: [(name: String, flag: StreamDisposition)] = [
        ("default", .default), ("dub", .dub), ("original", .original), ("comment", .comment), ("lyrics", .lyrics),
        ("karaoke", .karaoke), ("forced", .forced), ("hearingImpaired", .hearingImpaired),
        ("visualImpaired", .visualImpaired), ("cleanEffects", .cleanEffects), ("attachedPicture", .attachedPicture),
        ("timedThumbnails", .timedThumbnails), ("nonDiegetic", .nonDiegetic), ("captions", .captions),
        ("descriptions", .descriptions), ("metadata", .metadata), ("dependent", .dependent),
        ("stillImage", .stillImage),
    ]

    /// The names of the flags that are set, in bit order.
    public var names: [String] { Self.named.filter { contains($0.flag) }.map(\.name) }

    public var description: String { names.joined(separator: ", ") }

    public init(from decoder: any Decoder) throws {
        let names = try decoder.singleValueContainer().decode([String].self)
        var flags = StreamDisposition()
        for name in names {
            guard let flag = Self.named.first(where: { $0.name == name })?.flag else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "unknown disposition \"\(name)\""))
            }
            flags.insert(flag)
        }
        self = flags
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(names)
    }
}
