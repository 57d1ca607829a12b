import Foundation
import Glibc

/// Input that never ends, and a corpus of every kind of file, for tests of what untrusted media
/// does to a player (issue #13): made with the ffmpeg command-line tool next to
/// ``MediaFixtures``' files, in `untrusted-v2/` of its cache directory, once per cache.
///
/// ```swift
/// let manifest = try await UntrustedMedia.spinningDASHManifest()   // FFmpeg 5.1 never returns
/// let pipe = try UntrustedMedia.pipeWithoutWriter()                // open() never returns
/// ```
public enum UntrustedMedia {
    /// A static DASH manifest whose one representation is a byte-range `<SegmentList>`
    /// (`<Initialization range=…>`, `<SegmentURL mediaRange=…>`, the ranges computed from the
    /// boxes) into a fragmented MP4 beside it (`frag_keyframe+empty_moov+default_base_moof`, 4 s of
    /// 320x240 H.264): FFmpeg 5.1's DASH demuxer inside libmpv spins at 100 % CPU on it and never
    /// returns, and `mpv` itself ignores SIGTERM meanwhile. Its `<MPD>` also carries a `yt:`
    /// attribute without the namespace, so libxml2 complains ("namespace error : Namespace prefix
    /// yt …") every time it parses the manifest.
    public static func spinningDASHManifest(
        fixtures: MediaFixtures = .shared
    ) async throws(MediaFixtureError) -> URL {
        let folder = try await prepare(fixtures)
        return folder.appendingPathComponent("spinning.mpd")
    }

    /// A good static DASH stream (ffmpeg's own muxer: 4 s of 320x240 H.264 in 1 s segments)
    /// whose `<MPD>` carries a `yt:` attribute without its namespace: it plays, and libxml2
    /// complains ("namespace error : Namespace prefix yt …") when FFmpeg parses it.
    public static func complainingDASHManifest(
        fixtures: MediaFixtures = .shared
    ) async throws(MediaFixtureError) -> URL {
        let folder = try await prepare(fixtures)
        return folder.appendingPathComponent("complaining.mpd")
    }

    /// A named pipe (`mkfifo`) in a fresh temporary folder, with no writer: opening it for reading
    /// blocks forever. Remove the folder (the URL's parent) when done.
    public static func pipeWithoutWriter() throws(MediaFixtureError) -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-fifo-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(path: folder.path, reason: "\(error)")
        }
        let pipe = folder.appendingPathComponent("never.mp4")
        guard mkfifo(pipe.path, 0o600) == 0 else {
            throw .fileSystem(path: pipe.path, reason: "mkfifo failed: \(String(cString: strerror(errno)))")
        }
        return pipe
    }

    /// The check corpus: 39 files of every kind in one folder — good clips (MP4, fragmented MP4,
    /// Matroska, WebM, AVI), damaged and truncated ones, a codec nothing decodes, manifests and
    /// playlists (an M3U naming an HLS stream, a good DASH one, the
    /// ``complainingDASHManifest(fixtures:)`` and the ``spinningDASHManifest(fixtures:)``), subtitles alone, sound alone, still and animated
    /// pictures, text — sorted by name. Only the spinning manifest should ever hang; the rest end in well under a
    /// second each.
    public static func checkCorpus(fixtures: MediaFixtures = .shared) async throws(MediaFixtureError) -> [URL] {
        let folder = try await prepare(fixtures)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw .fileSystem(path: folder.path, reason: "\(error)")
        }
        // Not the HLS segments' folder nor the DASH segments, which the manifests name.
        return names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".m4s") && $0 != "hls" }.sorted()
            .map { folder.appendingPathComponent($0) }
    }

    /// The folder, made once per cache: fixtures are copied in (hard links where possible) and
    /// the rest generated; a hidden folder is renamed into place when complete.
    private static func prepare(_ fixtures: MediaFixtures) async throws(MediaFixtureError) -> URL {
        let folder = fixtures.directory.appendingPathComponent("untrusted-v2", isDirectory: true)
        if FileManager.default.fileExists(atPath: folder.path) { return folder }
        return try await UntrustedMediaStore.shared.make(folder) { () throws(MediaFixtureError) in
            try await UntrustedMediaMaker(fixtures: fixtures, destination: folder).make()
        }
    }
}

/// Makes the folder once per process (later callers wait for the first).
actor UntrustedMediaStore {
    static let shared = UntrustedMediaStore()
    private var running: Task<Result<URL, MediaFixtureError>, Never>?

    func make(
        _ folder: URL, _ work: @escaping @Sendable () async throws(MediaFixtureError) -> Void
    ) async throws(MediaFixtureError) -> URL {
        if let running { return try await running.value.get() }
        if FileManager.default.fileExists(atPath: folder.path) { return folder }
        let task = Task.detached { () -> Result<URL, MediaFixtureError> in
            do throws(MediaFixtureError) {
                try await work()
                return .success(folder)
            } catch {
                return .failure(error)
            }
        }
        running = task
        let result = await task.value
        if case .failure = result { running = nil }
        return try result.get()
    }
}

/// Writes the folder's files.
struct UntrustedMediaMaker: Sendable {
    var fixtures: MediaFixtures
    var destination: URL

    /// The fixtures copied in, under their own names.
    static let copied: [Fixture] =
        [.shortClip, .multiTrack, .subtitleFile, .tenSecondClip, .zeroBytes, .truncated, .textAsMP4, .audioOnly]
        + Fixture.corpus

    func make() async throws(MediaFixtureError) {
        let scratch = destination.deletingLastPathComponent()
            .appendingPathComponent(".untrusted-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try createFolder(scratch)
        for fixture in Self.copied {
            let source = try await fixtures.url(for: fixture)
            try copy(source, to: scratch.appendingPathComponent(fixture.fileName))
        }
        let hls = try await fixtures.url(for: .hlsStream)
        try copy(hls, to: scratch.appendingPathComponent("hls"))
        try write("#EXTM3U\n#EXTINF:6,\nhls/index.m3u8\n", to: scratch.appendingPathComponent("playlist.m3u8"))
        try await makeGenerated(in: scratch)
        try await makeDASH(in: scratch)
        if rename(scratch.path, destination.path) != 0, !FileManager.default.fileExists(atPath: destination.path) {
            throw .fileSystem(path: destination.path, reason: "rename failed: \(String(cString: strerror(errno)))")
        }
    }

    private func makeGenerated(in folder: URL) async throws(MediaFixtureError) {
        let video = ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=2"]
        let tone = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2"]
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        try await ffmpeg(video + ["-frames:v", "1", path("still.png")])
        try await ffmpeg(video + ["-frames:v", "1", "-q:v", "3", path("still.jpg")])
        try await ffmpeg(video + ["-frames:v", "20", "-f", "gif", path("animation.gif")])
        try await ffmpeg(
            video + tone + ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8"]
                + ["-c:a", "libopus", "-f", "webm", path("vp9-opus.webm")])
        try await ffmpeg(tone + ["-c:a", "flac", path("tone.flac")])
        try await ffmpeg(tone + ["-c:a", "libmp3lame", path("tone.mp3")])
        try await ffmpeg(tone + ["-c:a", "pcm_s16le", path("tone.wav")])
        try await ffmpeg(video + ["-c:v", "mpeg4", "-f", "avi", path("mpeg4.avi")])
        try write(Self.webVTT, to: folder.appendingPathComponent("subtitles.vtt"))
        // A codec nothing decodes: the 2 s clip with its sample entry renamed from `avc1` to `zzzz`.
        let plain = folder.appendingPathComponent("undecodable.mp4")
        try await ffmpeg(video + FixtureMaker.h264(gop: 15) + ["-f", "mp4", plain.path])
        var data = try read(plain)
        // Every `avc1`: the sample entry, and the compatible brand in `ftyp` (harmless).
        while let range = data.range(of: Data("avc1".utf8)) { data.replaceSubrange(range, with: Data("zzzz".utf8)) }
        try write(data, to: plain)
    }

    /// A good DASH stream (ffmpeg's own muxer: a SegmentTemplate) and the spinning one.
    private func makeDASH(in folder: URL) async throws(MediaFixtureError) {
        let video = ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=4"]
        try await ffmpeg(
            video + FixtureMaker.h264(gop: 30)
                + ["-f", "dash", "-seg_duration", "1", "-use_template", "1", "-use_timeline", "0"]
                + ["-init_seg_name", "dash-init.m4s", "-media_seg_name", "dash-$Number$.m4s"]
                + [folder.appendingPathComponent("good.mpd").path])
        let good = try read(folder.appendingPathComponent("good.mpd"))
        let complaining = String(decoding: good, as: UTF8.self)
            .replacingOccurrences(of: "<MPD ", with: "<MPD yt:earliestMediaSequence=\"0\" ")
        try write(complaining, to: folder.appendingPathComponent("complaining.mpd"))
        let data = folder.appendingPathComponent("spinning-data.mp4")
        try await ffmpeg(
            video + FixtureMaker.h264(gop: 30)
                + ["-movflags", "frag_keyframe+empty_moov+default_base_moof", "-f", "mp4", data.path])
        let boxes = MP4Box.topLevel(in: try read(data))
        guard let moov = boxes.first(where: { $0.type == "moov" }) else {
            throw .fileSystem(path: data.path, reason: "ffmpeg wrote no moov box")
        }
        // One segment per moof and the mdat after it.
        var segments: [(Int, Int)] = []
        for (index, box) in boxes.enumerated() where box.type == "moof" && index + 1 < boxes.count {
            let media = boxes[index + 1]
            segments.append((box.offset, media.offset + media.size - 1))
        }
        try write(
            Self.spinningManifest(
                initialization: moov.offset + moov.size - 1, segments: segments, media: data.lastPathComponent),
            to: folder.appendingPathComponent("spinning.mpd"))
    }

    static func spinningManifest(initialization: Int, segments: [(Int, Int)], media: String) -> String {
        let list = segments.map { "          <SegmentURL mediaRange=\"\($0.0)-\($0.1)\"/>" }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT4S" \
            minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011" yt:earliestMediaSequence="0">
              <Period id="0" start="PT0S">
                <AdaptationSet mimeType="video/mp4" segmentAlignment="true">
                  <Representation id="v0" codecs="avc1.42c00d" width="320" height="240" bandwidth="200000">
                    <BaseURL>\(media)</BaseURL>
                    <SegmentList timescale="1000" duration="1000">
                      <Initialization range="0-\(initialization)"/>
            \(list)
                    </SegmentList>
                  </Representation>
                </AdaptationSet>
              </Period>
            </MPD>

            """
    }

    private static let webVTT = """
        WEBVTT

        00:00:00.200 --> 00:00:00.900
        First cue

        00:00:01.000 --> 00:00:01.800
        Second cue

        """

    // MARK: - Files

    private func ffmpeg(_ arguments: [String]) async throws(MediaFixtureError) {
        let executable = try FixtureMaker.locateFFmpeg(explicit: fixtures.ffmpeg)
        let result: SubprocessResult
        do {
            result = try await ToolRunner.run(
                executable, ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"] + arguments)
        } catch {
            throw .ffmpegLaunchFailed(path: executable.path, reason: error.reason)
        }
        guard result.status == 0 else {
            throw .fileSystem(
                path: arguments.last ?? "", reason: "ffmpeg exited with \(result.status): \(result.standardErrorTail())"
            )
        }
    }

    private func copy(_ source: URL, to target: URL) throws(MediaFixtureError) {
        do {
            try FileManager.default.copyItem(at: source, to: target)
        } catch {
            throw .fileSystem(path: target.path, reason: "\(error)")
        }
    }

    private func createFolder(_ url: URL) throws(MediaFixtureError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(path: url.path, reason: "\(error)")
        }
    }

    private func read(_ url: URL) throws(MediaFixtureError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .fileSystem(path: url.path, reason: "\(error)")
        }
    }

    private func write(_ data: Data, to url: URL) throws(MediaFixtureError) {
        do {
            try data.write(to: url)
        } catch {
            throw .fileSystem(path: url.path, reason: "\(error)")
        }
    }

    private func write(_ text: String, to url: URL) throws(MediaFixtureError) { try write(Data(text.utf8), to: url) }
}
