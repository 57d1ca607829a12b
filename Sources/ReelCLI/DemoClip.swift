import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The clip `reel demo` plays, generated with ffmpeg on first use and cached.
///
/// 20 s of `testsrc2` at 1280×720, 30 fps, H.264 (libx264 `veryfast` without B-frames, a keyframe every second);
/// two AAC audio tracks (`eng` "English", a 440 Hz tone; `ger` "Deutsch", 660 Hz); two SRT
/// subtitle tracks (`eng`, `ger`); chapters Opening (0 s), Middle (7 s) and Ending (14 s); the
/// title "Reel demo"; in Matroska.
///
/// The file is written under a hidden temporary name in the cache directory and renamed into
/// place, so that a reader (or a second `reel demo`) sees no file or a complete one.
struct DemoClip: Sendable {
    /// The file's name; the version changes whenever the recipe does, so old copies are not reused.
    static let fileName = "demo-v3.mkv"

    /// The cache directory.
    var directory: URL

    /// Where the clip is cached.
    var url: URL { directory.appendingPathComponent(Self.fileName) }

    /// Whether a cached copy exists.
    var isCached: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// Generates the clip, replacing any cached copy.
    func generate() async throws(CLIError) {
        let fileManager = FileManager.default
        let scratch = directory.appendingPathComponent(".demo-\(getpid())-\(UUID().uuidString.prefix(8))")
        do {
            try fileManager.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(path: scratch.path, reason: "\(error)")
        }
        defer { try? fileManager.removeItem(at: scratch) }
        let english = scratch.appendingPathComponent("eng.srt")
        let german = scratch.appendingPathComponent("ger.srt")
        let chapters = scratch.appendingPathComponent("chapters.ffmetadata")
        let partial = scratch.appendingPathComponent("demo.mkv")
        for (text, file) in [
            (Self.englishSubtitles, english), (Self.germanSubtitles, german), (Self.metadata, chapters),
        ] {
            do {
                try Data(text.utf8).write(to: file)
            } catch {
                throw .fileSystem(path: file.path, reason: "\(error)")
            }
        }
        try await FFmpeg.run(Self.arguments(english: english, german: german, metadata: chapters, output: partial))
        if rename(partial.path, url.path) != 0 {
            throw .fileSystem(path: url.path, reason: String(cString: strerror(errno)))
        }
    }

    // MARK: - Recipe

    static let seconds = 20

    /// ffmpeg's arguments. Without B-frames (`-bf 0`) the first picture has time 0: with them,
    /// x264 delays it and mpv shifts every chapter back by that delay (6.979 s instead of 7 s).
    static func arguments(english: URL, german: URL, metadata: URL, output: URL) -> [String] {
        [
            "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=\(seconds)",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)",
            "-f", "lavfi", "-i", "sine=frequency=660:sample_rate=48000:duration=\(seconds)",
            "-i", english.path, "-i", german.path, "-f", "ffmetadata", "-i", metadata.path,
            "-map", "0:v", "-map", "1:a", "-map", "2:a", "-map", "3:s", "-map", "4:s",
            "-map_metadata", "5", "-map_chapters", "5",
            "-c:v", "libx264", "-preset", "veryfast", "-bf", "0", "-pix_fmt", "yuv420p",
            "-g", "30", "-keyint_min", "30", "-sc_threshold", "0",
            "-c:a", "aac", "-b:a", "128k", "-c:s", "srt",
            "-metadata:s:a:0", "language=eng", "-metadata:s:a:0", "title=English",
            "-metadata:s:a:1", "language=ger", "-metadata:s:a:1", "title=Deutsch",
            "-metadata:s:s:0", "language=eng", "-metadata:s:s:0", "title=English",
            "-metadata:s:s:1", "language=ger", "-metadata:s:s:1", "title=Deutsch",
            "-disposition:a:0", "default", "-disposition:a:1", "0",
            // English subtitles are on by default, so the demo shows them.
            "-disposition:s:0", "default", "-disposition:s:1", "0",
            "-t", "\(seconds)", "-f", "matroska", output.path,
        ]
    }

    static let metadata = """
        ;FFMETADATA1
        title=Reel demo

        [CHAPTER]
        TIMEBASE=1/1000
        START=0
        END=7000
        title=Opening

        [CHAPTER]
        TIMEBASE=1/1000
        START=7000
        END=14000
        title=Middle

        [CHAPTER]
        TIMEBASE=1/1000
        START=14000
        END=20000
        title=Ending

        """

    static let englishSubtitles = """
        1
        00:00:01,000 --> 00:00:04,000
        Welcome to the Reel demo.

        2
        00:00:07,000 --> 00:00:10,000
        This is the middle.

        3
        00:00:14,000 --> 00:00:18,000
        And this is the end.

        """

    static let germanSubtitles = """
        1
        00:00:01,000 --> 00:00:04,000
        Willkommen zur Reel-Demo.

        2
        00:00:07,000 --> 00:00:10,000
        Das ist die Mitte.

        3
        00:00:14,000 --> 00:00:18,000
        Und das ist das Ende.

        """
}
