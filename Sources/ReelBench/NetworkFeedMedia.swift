import Foundation

/// The network feed benchmark's clips: 20 of 10–20 s, `testsrc2` at 1280×720 30 fps, H.264 at a
/// constant 1.9 Mbit/s (x264's `nal-hrd=cbr`, so that bytes follow time) with a keyframe every
/// second, and a 96 kbit/s AAC tone: about 2 Mbit/s in all, in MP4s with their index first. Each
/// is also an HLS stream of two variants in 1 s segments: the same 720p (copied) and a 360p at
/// 0.5 Mbit/s, under a master playlist. The live rooms' stream is 240 such 1 s segments of one
/// 720p picture (``liveFolder``). Made once with ffmpeg and cached in `feed-network/` of the
/// bench's media folder.
struct NetworkFeedMedia {
    /// How many clips the feed holds.
    static let count = 20

    /// The length of clip `index` in seconds: 10…20, spread over the feed.
    static func seconds(of index: Int) -> Int { 10 + (index * 7) % 11 }

    /// The HLS variants, highest first: their folder names.
    static let variants = ["720p", "360p"]

    /// How many 1 s segments the live rooms' stream holds: 4 minutes, longer than a run.
    static let liveSegmentCount = 240

    /// The bench's media folder (``BenchMedia/defaultDirectory(executable:)``).
    var directory: URL

    /// Where the clips are cached.
    var folder: URL { directory.appendingPathComponent("feed-network", isDirectory: true) }

    /// Clip `index`'s file.
    func url(of index: Int) -> URL {
        folder.appendingPathComponent(String(format: "feed-720p-2mbps-%02d-%ds.mp4", index, Self.seconds(of: index)))
    }

    /// Clip `index`'s HLS folder: `master.m3u8`, and `720p/` and `360p/` with each variant's
    /// playlist and segments.
    func hlsFolder(of index: Int) -> URL {
        folder.appendingPathComponent(String(format: "feed-hls-%02d", index), isDirectory: true)
    }

    /// The live rooms' segments, `segment0.ts`…
    var liveFolder: URL { folder.appendingPathComponent("feed-live", isDirectory: true) }

    /// Makes the clips that are not cached; returns the seconds it took, or nil when all were.
    func prepare() async throws(BenchError) -> Double? {
        let exists = { (url: URL) in FileManager.default.fileExists(atPath: url.path) }
        let missing = (0..<Self.count).filter { !exists(url(of: $0)) }
        let missingHLS = (0..<Self.count).filter { !exists(hlsFolder(of: $0)) }
        let missingLive = !exists(liveFolder)
        guard !missing.isEmpty || !missingHLS.isEmpty || missingLive else { return nil }
        guard let ffmpeg = ChildProcess.locate("ffmpeg") else { throw .missingTool("ffmpeg") }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let started = ContinuousClock.now
        for index in missing {
            try await BenchMedia.make(url(of: index), with: ffmpeg) { output in arguments(index: index, output: output)
            }
        }
        for index in missingHLS {
            try await BenchMedia.make(hlsFolder(of: index), isFolder: true, with: ffmpeg) { output in
                hlsArguments(index: index, folder: output)
            }
        }
        if missingLive {
            try await BenchMedia.make(liveFolder, isFolder: true, with: ffmpeg) { output in
                liveArguments(folder: output)
            }
        }
        let elapsed = ContinuousClock.now - started
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private func arguments(index: Int, output: String) -> [String] {
        Self.source(seconds: Self.seconds(of: index), tone: 330 + 20 * index)
            + ["-movflags", "+faststart", "-f", "mp4", output]
    }

    /// A 720p stream at 2 Mbit/s like the clips', cut into ``liveSegmentCount`` 1 s segments.
    private func liveArguments(folder: String) -> [String] {
        Self.source(seconds: Self.liveSegmentCount, tone: 300) + [
            "-f", "hls", "-hls_time", "1", "-hls_list_size", "0",
            "-hls_segment_filename", "\(folder)/segment%d.ts", "\(folder)/index.m3u8",
        ]
    }

    /// The clips' picture and sound, encoded (every output's arguments but the container's):
    /// `testsrc2` at 1280×720 30 fps, H.264 CBR 1.9 Mbit/s with a keyframe a second, a `tone` Hz
    /// sine in 96 kbit/s AAC.
    private static func source(seconds: Int, tone: Int) -> [String] {
        [
            "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
            "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=\(seconds)",
            "-f", "lavfi", "-i", "sine=frequency=\(tone):sample_rate=48000:duration=\(seconds)",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
            "-b:v", "1900k", "-minrate", "1900k", "-maxrate", "1900k", "-bufsize", "1900k",
            "-x264-params", "nal-hrd=cbr", "-g", "30", "-keyint_min", "30", "-sc_threshold", "0",
            "-c:a", "aac", "-b:a", "96k",
        ]
    }

    /// The MP4's streams copied into the 720p variant, and a 360p one encoded beside it.
    private func hlsArguments(index: Int, folder: String) -> [String] {
        [
            "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-i", url(of: index).path,
            "-map", "0:v", "-map", "0:v", "-map", "0:a", "-map", "0:a",
            "-c:v:0", "copy", "-c:a", "copy",
            "-filter:v:1", "scale=-2:360", "-c:v:1", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
            "-b:v:1", "450k", "-maxrate:v:1", "450k", "-bufsize:v:1", "450k",
            "-g:v:1", "30", "-keyint_min:v:1", "30", "-sc_threshold:v:1", "0",
            "-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod", "-master_pl_name", "master.m3u8",
            "-var_stream_map", "v:0,a:0,name:720p v:1,a:1,name:360p",
            "-hls_segment_filename", "\(folder)/%v/segment%d.ts", "\(folder)/%v/index.m3u8",
        ]
    }
}
