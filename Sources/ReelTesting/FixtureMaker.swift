import Foundation
import Glibc

/// Makes one fixture file: writes it under a hidden temporary name in the cache directory, then
/// renames it into place, which is atomic and replaces any copy another process made meanwhile.
struct FixtureMaker: Sendable {
    /// The cache directory.
    var directory: URL
    /// The ffmpeg to run; `nil` searches `PATH`.
    var ffmpeg: URL?

    func make(_ fixture: Fixture, at destination: URL) async throws(MediaFixtureError) {
        try createDirectory()
        removeAbandonedScratch(of: fixture)
        let token = "\(getpid())-\(UUID().uuidString.prefix(8))"
        let scratch = ScratchFiles(directory: directory, prefix: ".\(fixture.fileName).\(token)")
        defer { scratch.removeAll() }
        let partial = scratch.url("partial")

        switch fixture {
        case .zeroBytes:
            try write(Data(), to: partial)
        case .textAsMP4:
            try write(Data(Self.notesText.utf8), to: partial)
        case .subtitleFile:
            try write(Data(Self.externalSubtitles.utf8), to: partial)
        case .shortClip:
            try await runFFmpeg(for: fixture, Self.clip(seconds: 2, gop: 15) + Self.faststartMP4 + [partial.path])
        case .tenSecondClip:
            try await runFFmpeg(for: fixture, Self.clip(seconds: 10, gop: 30) + Self.faststartMP4 + [partial.path])
        case .feedClip:
            let constantRate =
                ["-b:v", "3M", "-minrate", "3M", "-maxrate", "3M", "-bufsize", "1M"]
                + ["-x264-params", "nal-hrd=cbr"]
            let arguments =
                Self.clip(seconds: 12, gop: 30, size: "640x360") + constantRate + Self.faststartMP4 + [partial.path]
            try await runFFmpeg(for: fixture, arguments)
        case .sparseKeyframes:
            try await runFFmpeg(for: fixture, Self.clip(seconds: 10, gop: 60) + Self.faststartMP4 + [partial.path])
        case .audioOnly:
            try await runFFmpeg(
                for: fixture, Self.tone(hertz: 440, seconds: 2) + Self.aac + ["-f", "mp4", partial.path])
        case .artwork:
            try await runFFmpeg(for: fixture, Self.solidPNG(Fixture.artworkColor) + ["-f", "image2", partial.path])
        case .audioWithCoverArt:
            let cover = scratch.url("cover.png")
            try await runFFmpeg(for: fixture, Self.solidPNG(Fixture.coverArtColor) + ["-f", "image2", cover.path])
            let arguments =
                Self.tone(hertz: 440, seconds: 4) + ["-i", cover.path, "-map", "0:a", "-map", "1:v"]
                + ["-c:a", "libmp3lame", "-b:a", "64k", "-c:v", "copy", "-disposition:v", "attached_pic"]
                + ["-id3v2_version", "3", "-metadata", "title=Covered", "-metadata", "artist=Reel"]
                + ["-metadata:s:v", "title=Album cover", "-metadata:s:v", "comment=Cover (front)"]
                + ["-f", "mp3", partial.path]
            try await runFFmpeg(for: fixture, arguments)
        case .bench1080p:
            let arguments = Self.clip(seconds: 30, gop: 60, size: "1920x1080") + Self.faststartMP4 + [partial.path]
            try await runFFmpeg(for: fixture, arguments)
        case .truncated:
            // No +faststart: the index is written last, so the first 40 % holds none of it.
            try await runFFmpeg(for: fixture, Self.clip(seconds: 4, gop: 30) + ["-f", "mp4", partial.path])
            try truncate(partial, toFraction: 0.4)
        case .multiTrack:
            let english = scratch.url("eng.srt")
            let german = scratch.url("ger.srt")
            let metadata = scratch.url("ffmetadata")
            try write(Data(Self.englishSubtitles.utf8), to: english)
            try write(Data(Self.germanSubtitles.utf8), to: german)
            try write(Data(Self.chapterMetadata.utf8), to: metadata)
            let arguments = Self.multiTrack(english: english, german: german, metadata: metadata, output: partial)
            try await runFFmpeg(for: fixture, arguments)
        default:
            try await makeCorpusFile(fixture, at: partial, scratch: scratch)
        }

        // A folder fixture (``Fixture/hlsStream``) cannot replace a folder another process made
        // meanwhile; that one is complete too.
        if rename(partial.path, destination.path) != 0,
            !((errno == ENOTEMPTY || errno == EEXIST) && FileManager.default.fileExists(atPath: destination.path))
        {
            throw .fileSystem(path: destination.path, reason: "rename failed: \(String(cString: strerror(errno)))")
        }
    }

    // MARK: - ffmpeg

    func runFFmpeg(for fixture: Fixture, _ arguments: [String]) async throws(MediaFixtureError) {
        let executable = try Self.locateFFmpeg(explicit: ffmpeg)
        let result: SubprocessResult
        do {
            let quiet = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"]
            result = try await ToolRunner.run(executable, quiet + arguments)
        } catch {
            throw .ffmpegLaunchFailed(path: executable.path, reason: error.reason)
        }
        guard result.status == 0 else {
            throw .ffmpegFailed(fixture, exitStatus: result.status, stderrTail: result.standardErrorTail())
        }
    }

    /// `explicit` when it is an executable file; otherwise the first executable `ffmpeg` on `PATH`.
    static func locateFFmpeg(explicit: URL?) throws(MediaFixtureError) -> URL {
        if let explicit {
            guard FileManager.default.isExecutableFile(atPath: explicit.path) else {
                throw .ffmpegNotFound(searched: explicit.path)
            }
            return explicit
        }
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw .ffmpegNotFound(searched: searchPath)
    }

    /// Video from `testsrc2` and a 440 Hz tone, H.264 with a keyframe exactly every `gop` frames
    /// (30 fps) and AAC. Output options follow.
    static func clip(seconds: Int, gop: Int, size: String = "320x240") -> [String] {
        video(seconds: seconds, size: size) + tone(hertz: 440, seconds: seconds) + h264(gop: gop) + aac
    }

    static func video(seconds: Int, size: String = "320x240") -> [String] {
        ["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=30:duration=\(seconds)"]
    }

    static func tone(hertz: Int, seconds: Int) -> [String] {
        ["-f", "lavfi", "-i", "sine=frequency=\(hertz):sample_rate=48000:duration=\(seconds)"]
    }

    static func h264(gop: Int) -> [String] {
        [
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
            "-g", "\(gop)", "-keyint_min", "\(gop)", "-sc_threshold", "0",
        ]
    }

    static let aac = ["-c:a", "aac", "-b:a", "96k"]

    /// One 200x200 RGB PNG picture of `color`; the output's format and path follow.
    static func solidPNG(_ color: (red: UInt8, green: UInt8, blue: UInt8)) -> [String] {
        let hex = [color.red, color.green, color.blue].map { String(format: "%02X", $0) }.joined()
        return [
            "-f", "lavfi", "-i", "color=c=0x\(hex):s=200x200:r=1,format=rgb24", "-frames:v", "1", "-c:v", "png",
        ]
    }

    static let faststartMP4 = ["-movflags", "+faststart", "-f", "mp4"]

    private static func multiTrack(english: URL, german: URL, metadata: URL, output: URL) -> [String] {
        video(seconds: 6) + tone(hertz: 440, seconds: 6) + tone(hertz: 880, seconds: 6)
            + ["-i", english.path, "-i", german.path, "-i", metadata.path]
            + ["-map", "0:v", "-map", "1:a", "-map", "2:a", "-map", "3:s", "-map", "4:s"]
            + ["-map_metadata", "5", "-map_chapters", "5"]
            + h264(gop: 15) + aac + ["-c:s", "srt"]
            + ["-metadata:s:a:0", "language=eng", "-metadata:s:a:0", "title=English"]
            + ["-metadata:s:a:1", "language=ger", "-metadata:s:a:1", "title=Deutsch"]
            + ["-metadata:s:s:0", "language=eng", "-metadata:s:s:0", "title=English"]
            + ["-metadata:s:s:1", "language=ger", "-metadata:s:s:1", "title=Deutsch"]
            + ["-f", "matroska", output.path]
    }

    // MARK: - Files

    private func createDirectory() throws(MediaFixtureError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(path: directory.path, reason: "\(error)")
        }
    }

    /// Removes scratch files of `fixture` older than an hour, left by a process that was killed
    /// while it made the fixture.
    private func removeAbandonedScratch(of fixture: Fixture) {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(".\(fixture.fileName).") {
            let url = directory.appendingPathComponent(name)
            let modified = (try? manager.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
            if let modified, modified.timeIntervalSinceNow < -3600 { try? manager.removeItem(at: url) }
        }
    }

    func write(_ data: Data, to url: URL) throws(MediaFixtureError) {
        do {
            try data.write(to: url)
        } catch {
            throw .fileSystem(path: url.path, reason: "\(error)")
        }
    }

    func truncate(_ url: URL, toFraction fraction: Double) throws(MediaFixtureError) {
        var info = stat()
        guard stat(url.path, &info) == 0, Glibc.truncate(url.path, off_t(Double(info.st_size) * fraction)) == 0 else {
            throw .fileSystem(path: url.path, reason: "truncate failed: \(String(cString: strerror(errno)))")
        }
    }

    // MARK: - Contents

    private static let notesText = """
        These are notes, not a video.
        A player must refuse this file even though its name ends in .mp4.

        """

    private static let externalSubtitles = """
        1
        00:00:00,200 --> 00:00:00,900
        First cue

        2
        00:00:01,000 --> 00:00:01,800
        Second cue

        """

    private static let englishSubtitles = """
        1
        00:00:00,500 --> 00:00:01,800
        Hello

        2
        00:00:02,500 --> 00:00:03,800
        This is the main part

        3
        00:00:04,500 --> 00:00:05,800
        Goodbye

        """

    private static let germanSubtitles = """
        1
        00:00:00,500 --> 00:00:01,800
        Hallo

        2
        00:00:02,500 --> 00:00:03,800
        Das ist der Hauptteil

        3
        00:00:04,500 --> 00:00:05,800
        Auf Wiedersehen

        """

    private static let chapterMetadata = """
        ;FFMETADATA1
        title=Reel multi-track fixture

        [CHAPTER]
        TIMEBASE=1/1000
        START=0
        END=3000
        title=Intro

        [CHAPTER]
        TIMEBASE=1/1000
        START=3000
        END=6000
        title=Main

        """
}

/// Hidden files next to a fixture while it is made, removed afterwards whatever happened.
struct ScratchFiles {
    var directory: URL
    var prefix: String

    func url(_ suffix: String) -> URL { directory.appendingPathComponent("\(prefix).\(suffix)") }

    func removeAll() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}
