import ArgumentParser
import Foundation
import ReelIsolation
import ReelPreview

/// What `reel thumbnails` and `reel contact-sheet` share: where the pictures are decoded (a
/// worker process or this one), how long a worker may take, and what the libraries may print.
struct DecodingOptions: ParsableArguments {
    @Flag(
        inversion: .prefixedNo,
        help: """
            Decode in a worker process that is killed after --timeout, with what the libraries print \
            kept from the terminal. Default: for addresses, not for local files.
            """)
    var isolate: Bool?

    @Option(help: ArgumentHelp("Seconds an isolated worker may take.", valueName: "seconds"))
    var timeout: Double = 120

    @Flag(help: "Show what the libraries and the worker printed (each distinct line once).")
    var verbose = false

    func validate() throws {
        // A day at most: longer is no deadline, and `deadline` must fit in milliseconds.
        guard timeout.isFinite, timeout > 0, timeout <= 86_400 else {
            throw ValidationError("--timeout must be between 0 and 86400 seconds.")
        }
    }

    /// The worker's settings, its log following `--verbose`.
    var isolation: Isolation {
        var isolation = WorkerCommand.isolation(verbose: verbose)
        isolation.logger = CLILogging.logger("reel.worker", verbose: verbose)
        return isolation
    }

    /// `timeout` as a duration.
    var deadline: Duration { .milliseconds(Int(timeout * 1000)) }

    /// Whether `media` is decoded in a worker (``ThumbnailSource/isolates(_:asked:)``).
    func isolates(_ media: URL) -> Bool { ThumbnailSource.isolates(media, asked: isolate) }

    /// The thumbnails of `media`, in a worker or here as the options say. FFmpeg's own messages
    /// are quieted for a local file decoded here (libmpv needs them to explain a remote
    /// failure; a worker quiets its own).
    /// - Throws: an exit code, once the error is printed.
    func source(for media: URL, width: Int, exact: Bool, cache: ThumbnailCache?) throws -> ThumbnailSource {
        let isolated = isolates(media)
        if media.isFileURL, !isolated { FFmpegLog.quiet() }
        do {
            return try ThumbnailSource(
                media: media, width: width, exact: exact, cache: cache, isolation: isolated ? isolation : nil,
                timeout: deadline, logger: CLILogging.logger("reel.mpv", verbose: verbose))
        } catch {
            throw Self.fail(error)
        }
    }

    /// Prints `error` and returns the exit code to throw.
    static func fail(_ error: any Error) -> ExitCode {
        let error = error as? ThumbnailError ?? ThumbnailError(.unknown, detail: "\(error)")
        Console.error("reel: \(error.message)\n")
        return .failure
    }
}
