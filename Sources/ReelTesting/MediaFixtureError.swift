import Foundation

/// Why ``MediaFixtures`` could not provide a fixture.
public enum MediaFixtureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No executable `ffmpeg` was found; `searched` lists the places looked at.
    case ffmpegNotFound(searched: String)
    /// ffmpeg could not be started.
    case ffmpegLaunchFailed(path: String, reason: String)
    /// ffmpeg exited with a non-zero status while making `fixture`; `stderrTail` holds the end of
    /// what it wrote to standard error.
    case ffmpegFailed(Fixture, exitStatus: Int32, stderrTail: String)
    /// Reading or writing the cache failed at `path`.
    case fileSystem(path: String, reason: String)

    public var description: String {
        switch self {
        case .ffmpegNotFound(let searched):
            "ffmpeg was not found (searched: \(searched)). Install it, for example `apt-get install ffmpeg`."
        case .ffmpegLaunchFailed(let path, let reason):
            "ffmpeg at \(path) could not be started: \(reason)"
        case .ffmpegFailed(let fixture, let status, let tail):
            "ffmpeg exited with status \(status) while making the \(fixture.rawValue) fixture:\n\(tail)"
        case .fileSystem(let path, let reason):
            "The media fixture cache failed at \(path): \(reason)"
        }
    }
}
