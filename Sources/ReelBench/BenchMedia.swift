import Foundation
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The clip the benchmark plays: `testsrc2` at 1920×1080, 30 fps, H.264 (`ultrafast`, a keyframe
/// every 2 s) with a 440 Hz AAC tone, in an MP4 with its index first. The 30-second clip is the
/// same file as `ReelTesting`'s `bench1080p` fixture and shares its cache.
struct BenchMedia {
    /// The clip's length in seconds.
    var seconds: Int

    /// The cache directory: `$REEL_MEDIA_DIR`, else `.build/reel-media` in the package root.
    var directory: URL

    /// The file's name.
    var fileName: String { seconds == 30 ? "bench-1080p.mp4" : "bench-1080p-\(seconds)s.mp4" }

    /// Where the clip is cached.
    var url: URL { directory.appendingPathComponent(fileName) }

    /// Makes the clip unless it is cached; returns the seconds generation took, or nil when cached.
    /// Written under a hidden name and renamed into place, so that it appears complete or not at all.
    func prepare() async throws(BenchError) -> Double? {
        if FileManager.default.fileExists(atPath: url.path) { return nil }
        guard let ffmpeg = ChildProcess.locate("ffmpeg") else { throw .missingTool("ffmpeg") }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Not measured beyond its wall time, so swift-subprocess runs it (its output shows).
        let started = ContinuousClock.now
        try await Self.make(url, with: ffmpeg) { output in arguments(output: output) }
        let elapsed = ContinuousClock.now - started
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private func arguments(output: String) -> [String] {
        [
            "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
            "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30:duration=\(seconds)",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
            "-g", "60", "-keyint_min", "60", "-sc_threshold", "0",
            "-c:a", "aac", "-b:a", "96k",
            "-movflags", "+faststart", "-f", "mp4", output,
        ]
    }

    /// `$REEL_MEDIA_DIR` when set; otherwise `.build/reel-media` in the nearest folder above the
    /// executable (else above the current directory) that holds `Package.swift`.
    static func defaultDirectory(executable: String) -> URL {
        if let override = ProcessInfo.processInfo.environment["REEL_MEDIA_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        let starts = [
            URL(fileURLWithPath: executable).deletingLastPathComponent(),
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        ]
        for start in starts {
            var folder = start.standardizedFileURL
            while folder.path != "/" {
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                    return folder.appendingPathComponent(".build/reel-media", isDirectory: true)
                }
                folder.deleteLastPathComponent()
            }
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("reel-media", isDirectory: true)
    }
}

extension TerminationStatus {
    /// The exit status, or the number of the signal that ended the process.
    var code: Int32 {
        switch self {
        case .exited(let code), .signaled(let code): code
        }
    }
}

extension BenchMedia {
    /// Runs `ffmpeg` with the arguments `arguments` gives for an output path, writing under a
    /// hidden name beside `destination` and renaming it into place, so that a file (or, with
    /// `isFolder`, a folder ffmpeg writes into) appears complete or not at all. Its output shows
    /// (swift-subprocess runs it).
    static func make(
        _ destination: URL, isFolder: Bool = false, with ffmpeg: String, arguments: (String) -> [String]
    ) async throws(BenchError) {
        let partial = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(getpid()).partial")
        defer { try? FileManager.default.removeItem(at: partial) }
        if isFolder { try? FileManager.default.createDirectory(at: partial, withIntermediateDirectories: true) }
        let status: TerminationStatus
        do {
            status = try await Subprocess.run(
                .path(FilePath(ffmpeg)), arguments: Arguments(arguments(partial.path)),
                output: .currentStandardOutput, error: .currentStandardError
            ).terminationStatus
        } catch {
            throw .spawnFailed(ffmpeg, "\(error)")
        }
        guard status.isSuccess else { throw .childFailed("ffmpeg", status: status.code) }
        guard rename(partial.path, destination.path) == 0 else {
            throw .spawnFailed("rename", String(cString: strerror(errno)))
        }
    }
}
