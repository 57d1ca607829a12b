import Foundation

/// A media file that tests can ask ``MediaFixtures`` for.
///
/// Every fixture is made once per cache directory and reused: the video fixtures come from
/// ffmpeg's `testsrc2` and `sine` sources, the others are written directly.
public enum Fixture: String, CaseIterable, Sendable {
    /// 2 s, 320x240, 30 fps H.264 (a keyframe every 0.5 s) with a 440 Hz AAC tone, in an MP4
    /// whose index comes first (`+faststart`).
    case shortClip
    /// 6 s, 320x240 Matroska: H.264 video (a keyframe every 0.5 s); two AAC tracks,
    /// `eng` "English" at 440 Hz and `ger` "Deutsch" at 880 Hz; two SRT subtitle tracks, `eng` and
    /// `ger`, with three cues each (at 0.5, 2.5 and 4.5 s); chapters "Intro" at 0 s and "Main" at 3 s.
    case multiTrack
    /// A standalone SubRip file with two cues, "First cue" at 0.2–0.9 s and "Second cue" at
    /// 1.0–1.8 s, timed to fit ``shortClip``.
    case subtitleFile
    /// 10 s, 320x240 H.264/AAC MP4 with a keyframe every second, for seek tests; `+faststart`.
    case tenSecondClip
    /// 12 s, 640x360, 30 fps H.264 at a constant 3 Mbit/s (x264's CBR filler; a keyframe every
    /// second) with AAC, `+faststart`: about 4.7 MB, a short video as a feed serves it, whose
    /// bytes follow its time (feed and network tests).
    case feedClip
    /// 10 s, 320x240 H.264/AAC MP4 with a keyframe every 2 s (`-g 60` at 30 fps): sparser
    /// keyframes than a contact sheet's tiles; `testsrc2` stamps each frame's time and number.
    case sparseKeyframes
    /// An empty file named `zero.mp4`.
    case zeroBytes
    /// The first 40 % of a 4 s H.264/AAC MP4 written without `+faststart`: the index (`moov`)
    /// sat at the end, so the file cannot be opened.
    case truncated
    /// A plain text file named `notes.mp4`.
    case textAsMP4
    /// 2 s of a 440 Hz AAC tone in an MP4 named `tone.m4a`, with no video stream (nothing to
    /// take a picture of).
    case audioOnly
    /// 30 s, 1920x1080, 30 fps H.264 (a keyframe every 2 s) with AAC, `+faststart`, for
    /// benchmarks. It takes several seconds to make, so it is made only when asked for.
    case bench1080p
    /// A folder holding a 6 s HLS stream (320x240 H.264 with a keyframe every 0.5 s, AAC):
    /// `index.m3u8`, a VOD playlist, and six 1 s MPEG-TS segments `segment0.ts` … `segment5.ts`.
    case hlsStream
    /// A folder holding a 4 s MPEG-DASH stream (320x240 H.264 with a keyframe every 0.5 s, AAC):
    /// `manifest.mpd`, two `init-stream*.m4s` and 1 s `chunk-stream*-*.m4s` segments.
    case dashStream
    /// A folder of 40 one-second MPEG-TS segments `segment0.ts` … `segment39.ts` (320x240 H.264
    /// with a keyframe every 0.5 s, AAC) for a live HLS stream whose playlist a server publishes
    /// over time.
    case liveHLSSegments
    /// A folder holding a 6 s HLS stream in three variants (``hlsVariantHeights``: 640x360,
    /// 320x180 and 160x90 H.264, each with its own AAC tone): `master.m3u8`, and each variant's
    /// `index.m3u8` with its 1 s segments in `360p/`, `180p/` and `90p/`.
    case hlsVariants

    /// A 200x200 PNG of one colour, ``artworkColor``: an item's artwork.
    case artwork
    /// 4 s of a 440 Hz tone in an MP3 whose ID3 tag holds a 200x200 PNG cover of one colour,
    /// ``coverArtColor``, with the title "Covered" and the artist "Reel": libmpv shows the cover
    /// as the item's picture.
    case audioWithCoverArt

    // MARK: Bad-input corpus (issue #6)

    /// The first 10 % of a 4 s H.264/AAC MP4 whose index comes first (`+faststart`): the index
    /// promises 4 s, the data stops early.
    case cutAt10Percent
    /// The first 50 % of the same MP4 as ``cutAt10Percent``.
    case cutAt50Percent
    /// The first 90 % of the same MP4 as ``cutAt10Percent``.
    case cutAt90Percent
    /// The same 4 s MP4 with 64 bytes past its index replaced by seeded random values: the
    /// container is intact, the coded frames are damaged.
    case byteFlipped
    /// Only the `ftyp` and `moov` boxes of the same MP4: an index that names data the file lacks.
    case headerOnly
    /// A Matroska file (the 2 s clip remuxed) named `matroska.mp4`: the extension lies.
    case matroskaNamedMP4
    /// A YUV4MPEG2 header declaring a 30000x30000 picture followed by 4 KiB of zeros: FFmpeg
    /// refuses the size.
    case hugeDimensions
    /// 2 s of 320x240 H.264 in an MP4, no audio stream.
    case videoOnly
    /// A standalone Advanced SubStation Alpha file with two cues, played as the main file.
    case subtitleOnlyASS
    /// 0.1 s of H.264 video and AAC audio in an MP4.
    case tenthOfASecond
    /// Ten hours of a black 64x64 H.264 picture at one frame per minute, no sound, in Matroska
    /// (about 20 KiB, made in well under a second).
    case tenHours
    /// 2 s of 320x240 H.264 in Matroska whose frames come at irregular intervals (`-fps_mode vfr`).
    case variableFrameRate
    /// The 2 s 320x240 H.264 clip in an MP4 whose display matrix rotates it by 90 degrees.
    case rotated
    /// 1 s of a 1x1 picture (H.264, 4:4:4) in Matroska.
    case size1x1
    /// 1 s of a 3x5 picture (H.264, 4:4:4) in Matroska.
    case size3x5
    /// 1 s of a 641x479 picture (H.264, 4:4:4) in Matroska.
    case size641x479
    /// The 2 s H.264/AAC MP4 whose video sample entry says `qqqq` instead of `avc1`: a codec FFmpeg
    /// does not know, so no video decoder can be set up (libmpv 0.35.1 then fails the item with
    /// its generic error, -20); the audio is intact.
    case unknownVideoCodec

    // MARK: Probe corpus (issue #13): what a player may refuse but a probe must report

    /// 2 s, 320x240, 30 fps VP9 with a 440 Hz Opus tone (48 kHz, mono), in WebM.
    case vp9OpusWebM
    /// A Matroska file holding only a SubRip subtitle track (`eng`, two cues, the last ending at
    /// 3 s): nothing to play.
    case subtitlesOnlyMatroska
    /// 2 s of a 440 Hz tone as big-endian 32-bit float PCM (`pcm_f32be`, 48 kHz, mono) in a
    /// QuickTime file.
    case floatPCMBigEndian
    /// 2 s of 320x240, 25 fps MPEG-2 video with a 440 Hz AC-3 tone (48 kHz, mono) in an MPEG
    /// program stream (`-f vob`).
    case mpegPSWithAC3
    /// One 320x240 PNG picture.
    case stillImage
    /// 2 s of 48 kHz mono audio in a QuickTime file whose sample entry says `mhm1`, MPEG-H 3D
    /// Audio: libavformat knows the codec, this FFmpeg has no decoder for it. (16-bit PCM whose
    /// sample entry was relabelled: FFmpeg 5.1 has no MPEG-H encoder.)
    case mpegHAudio
    /// 1 s of a 440 Hz tone (44.1 kHz, mono) in Sonic, an audio codec whose FFmpeg decoder is
    /// experimental (off unless asked for: ffprobe and libmpv refuse the file), in Matroska.
    case experimentalCodec

    /// The file's name inside the cache directory.
    public var fileName: String {
        switch self {
        case .shortClip: "short.mp4"
        case .multiTrack: "multitrack.mkv"
        case .subtitleFile: "subtitle.srt"
        case .tenSecondClip: "ten-seconds.mp4"
        case .feedClip: "feed-360p-3mbps.mp4"
        case .sparseKeyframes: "sparse-keyframes.mp4"
        case .zeroBytes: "zero.mp4"
        case .truncated: "truncated.mp4"
        case .textAsMP4: "notes.mp4"
        case .audioOnly: "tone.m4a"
        case .artwork: "artwork.png"
        case .audioWithCoverArt: "cover-art.mp3"
        case .bench1080p: "bench-1080p.mp4"
        case .hlsStream: "hls-6s"
        case .dashStream: "dash-4s"
        case .liveHLSSegments: "hls-live-segments"
        case .hlsVariants: "hls-variants"
        case .cutAt10Percent: "cut-10.mp4"
        case .cutAt50Percent: "cut-50.mp4"
        case .cutAt90Percent: "cut-90.mp4"
        case .byteFlipped: "byte-flipped.mp4"
        case .headerOnly: "header-only.mp4"
        case .matroskaNamedMP4: "matroska.mp4"
        case .hugeDimensions: "huge-30000x30000.y4m"
        case .videoOnly: "video-only.mp4"
        case .subtitleOnlyASS: "subtitle.ass"
        case .tenthOfASecond: "tenth-second.mp4"
        case .tenHours: "ten-hours.mkv"
        case .variableFrameRate: "vfr.mkv"
        case .rotated: "rotated-90.mp4"
        case .size1x1: "size-1x1.mkv"
        case .size3x5: "size-3x5.mkv"
        case .size641x479: "size-641x479.mkv"
        case .unknownVideoCodec: "unknown-video-codec.mp4"
        case .vp9OpusWebM: "vp9-opus.webm"
        case .subtitlesOnlyMatroska: "subtitles-only.mkv"
        case .floatPCMBigEndian: "pcm-f32be.mov"
        case .mpegPSWithAC3: "mpeg2-ac3.vob"
        case .stillImage: "still.png"
        case .mpegHAudio: "mpegh-3d-audio.mov"
        case .experimentalCodec: "sonic-experimental.mkv"
        }
    }

    /// The colour of ``artwork`` (red, green, blue): a green no control of Reel's draws.
    public static let artworkColor: (red: UInt8, green: UInt8, blue: UInt8) = (0x20, 0xB0, 0x50)

    /// The colour of ``audioWithCoverArt``'s cover (red, green, blue): a violet no control draws.
    public static let coverArtColor: (red: UInt8, green: UInt8, blue: UInt8) = (0x60, 0x30, 0xD0)

    /// How many segments ``liveHLSSegments`` holds.
    public static let liveHLSSegmentCount = 40

    /// The picture heights of ``hlsVariants``' variants, highest first.
    public static let hlsVariantHeights = [360, 180, 90]

    /// Whether the fixture is meant for benchmarks only (large and slow to make).
    public var isBenchmark: Bool { self == .bench1080p }

    /// Whether the fixture belongs to the bad-input corpus (``corpus``).
    public var isCorpus: Bool { Self.corpus.contains(self) }

    /// Whether the fixture belongs to the probe corpus (``probeCorpus``).
    public var isProbeCorpus: Bool { Self.probeCorpus.contains(self) }

    /// Every fixture except the benchmark and corpus ones: what a test suite usually needs.
    public static var standard: [Fixture] {
        allCases.filter { !$0.isBenchmark && !$0.isCorpus && !$0.isProbeCorpus }
    }

    /// The bad-input corpus: damaged, unusual and extreme files, each made in well under a second.
    public static let corpus: [Fixture] = [
        .cutAt10Percent, .cutAt50Percent, .cutAt90Percent, .byteFlipped, .headerOnly, .matroskaNamedMP4,
        .hugeDimensions, .videoOnly, .subtitleOnlyASS, .tenthOfASecond, .tenHours, .variableFrameRate, .rotated,
        .size1x1, .size3x5, .size641x479, .unknownVideoCodec,
    ]

    /// The probe corpus: containers and codecs a player may refuse but a probe must report, each
    /// made in well under a second.
    public static let probeCorpus: [Fixture] = [
        .vp9OpusWebM, .subtitlesOnlyMatroska, .floatPCMBigEndian, .mpegPSWithAC3, .stillImage, .mpegHAudio,
        .experimentalCodec,
    ]
}
