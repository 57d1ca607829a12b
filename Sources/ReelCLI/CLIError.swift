import Foundation
import ReelCore

/// A failure of a `reel` subcommand, with a message for the user.
enum CLIError: Error, CustomStringConvertible {
    /// The player refused or failed the item.
    case player(PlayerError)
    /// The item did not finish opening in time.
    case timedOut(seconds: Double, target: String)
    /// `ffmpeg` is not on `PATH`.
    case ffmpegNotFound
    /// `ffmpeg` failed, with its exit status and the end of its standard error.
    case ffmpegFailed(status: Int32, output: String)
    /// A file or folder could not be made or moved.
    case fileSystem(path: String, reason: String)

    var description: String {
        switch self {
        case .player(let error): error.message
        case .timedOut(let seconds, let target):
            "\(target) did not open within \(String(format: "%g", seconds)) seconds."
        case .ffmpegNotFound: "ffmpeg was not found on PATH; it is needed to generate the demo clip."
        case .ffmpegFailed(let status, let output): "ffmpeg failed with status \(status): \(output)"
        case .fileSystem(let path, let reason): "\(path): \(reason)"
        }
    }

    /// An identifier for JSON output (`fileNotFound`, `timedOut`, …).
    var identifier: String {
        switch self {
        case .player(let error): error.code.identifier
        case .timedOut: "timedOut"
        case .ffmpegNotFound: "ffmpegNotFound"
        case .ffmpegFailed: "ffmpegFailed"
        case .fileSystem: "fileSystem"
        }
    }
}
