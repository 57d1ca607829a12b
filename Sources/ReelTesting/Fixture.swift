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

    /// The file's name inside the cache directory.
    public var fileName: String {
        switch self {
        case .shortClip: "short.mp4"
        case .multiTrack: "multitrack.mkv"
        case .subtitleFile: "subtitle.srt"
        case .tenSecondClip: "ten-seconds.mp4"
        case .zeroBytes: "zero.mp4"
        case .truncated: "truncated.mp4"
        case .textAsMP4: "notes.mp4"
        case .audioOnly: "tone.m4a"
        case .bench1080p: "bench-1080p.mp4"
        }
    }

    /// Whether the fixture is meant for benchmarks only (large and slow to make).
    public var isBenchmark: Bool { self == .bench1080p }

    /// Every fixture except the benchmark ones: what a test suite usually needs.
    public static var standard: [Fixture] { allCases.filter { !$0.isBenchmark } }
}
