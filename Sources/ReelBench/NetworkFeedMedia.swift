import Foundation

/// The network feed benchmark's clips: 20 of 10–20 s, `testsrc2` at 1280×720 30 fps, H.264 at a
/// constant 1.9 Mbit/s (x264's `nal-hrd=cbr`, so that bytes follow time) with a keyframe every
/// second, and a 96 kbit/s AAC tone: about 2 Mbit/s in all, in MP4s with their index first. Made
/// once with ffmpeg and cached in `feed-network/` of the bench's media folder.
struct NetworkFeedMedia {
    /// How many clips the feed holds.
    static let count = 20

    /// The length of clip `index` in seconds: 10…20, spread over the feed.
    static func seconds(of index: Int) -> Int { 10 + (index * 7) % 11 }

    /// The bench's media folder (``BenchMedia/defaultDirectory(executable:)``).
    var directory: URL

    /// Where the clips are cached.
    var folder: URL { directory.appendingPathComponent("feed-network", isDirectory: true) }

    /// Clip `index`'s file.
    func url(of index: Int) -> URL {
        folder.appendingPathComponent(String(format: "feed-720p-2mbps-%02d-%ds.mp4", index, Self.seconds(of: index)))
    }

    /// Makes the clips that are not cached; returns the seconds it took, or nil when all were.
    func prepare() async throws(BenchError) -> Double? {
        let missing = (0..<Self.count).filter { !FileManager.default.fileExists(atPath: url(of: $0).path) }
        guard !missing.isEmpty else { return nil }
        guard let ffmpeg = ChildProcess.locate("ffmpeg") else { throw .missingTool("ffmpeg") }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let started = ContinuousClock.now
        for index in missing {
            let destination = url(of: index)
            try await BenchMedia.make(destination, with: ffmpeg) { output in arguments(index: index, output: output) }
        }
        let elapsed = ContinuousClock.now - started
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private func arguments(index: Int, output: String) -> [String] {
        let seconds = Self.seconds(of: index)
        return [
            "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
            "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=\(seconds)",
            "-f", "lavfi", "-i", "sine=frequency=\(330 + 20 * index):sample_rate=48000:duration=\(seconds)",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
            "-b:v", "1900k", "-minrate", "1900k", "-maxrate", "1900k", "-bufsize", "1900k",
            "-x264-params", "nal-hrd=cbr",
            "-g", "30", "-keyint_min", "30", "-sc_threshold", "0",
            "-c:a", "aac", "-b:a", "96k",
            "-movflags", "+faststart", "-f", "mp4", output,
        ]
    }
}
