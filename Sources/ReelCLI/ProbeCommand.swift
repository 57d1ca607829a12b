import ArgumentParser
import Foundation
import ReelIsolation
import ReelPreview
import ReelProbe

/// `reel probe <file|url>`: reads what a file or stream holds with libavformat, without playing
/// it, and prints every stream (with whether this machine decodes it), chapter, program and tag.
struct ProbeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Read a file or URL without playing it and print its container, streams, chapters and metadata.",
        discussion: """
            Media that cannot be played here (a codec without a decoder, subtitles only) is reported in full, \
            with a "not playable here" line, and exits with 0. Exits with 1 when the address is refused, \
            cannot be opened or read as media, or does not open in time.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "A file path (~ and relative paths allowed) or a URL such as https://host/clip.mp4.",
            valueName: "file|url"),
        transform: MediaArgument.init(parsing:))
    var media: MediaArgument

    @Flag(help: "Print the report as one JSON object.")
    var json = false

    @Option(help: ArgumentHelp("Seconds to wait for the item to open.", valueName: "seconds"))
    var timeout: Double = 10

    @Flag(
        inversion: .prefixedNo,
        help: """
            Read in a worker process that is killed a little after --timeout, with what the libraries \
            print kept from the terminal. Default: for addresses, not for local files.
            """)
    var isolate: Bool?

    func validate() throws {
        guard timeout.isFinite, timeout > 0 else {
            throw ValidationError("--timeout must be a positive number of seconds.")
        }
    }

    func run() async throws {
        Console.ignoreBrokenPipes()
        // No libmpv runs in this process, so FFmpeg's process-wide log may be silenced: the
        // report and the typed error say what FFmpeg's warnings would.
        FFmpegLog.quiet()
        let url = self.media.url
        let probe = MediaProbe(timeout: .milliseconds(Int64((timeout * 1000).rounded())))
        let media: ProbedMedia
        do {
            if isolate ?? !url.isFileURL {
                media = try await probe.probe(url, isolation: WorkerCommand.isolation(verbose: false))
            } else {
                media = try await probe.probe(url)
            }
        } catch {
            throw fail(error)
        }
        let report = ProbeReport(media)
        Console.out(json ? try report.json() : report.text())
    }

    /// Prints `error` (as JSON too with `--json`) and returns the exit code to throw.
    private func fail(_ error: ProbeError) -> ExitCode {
        if json {
            var record = JSONRecord(event: "error")
            record.code = error.code.identifier
            record.message = error.message
            record.engineCode = error.ffmpegCode
            record.detail = error.detail
            switch error.code {
            case .httpStatus(let status): record.httpStatus = status
            case .refusedScheme(let scheme): record.scheme = scheme
            default: break
            }
            Console.out(record.line())
        }
        Console.error("reel: \(error.message)\n")
        return .failure
    }
}

extension ProbeError.Code {
    /// The code's name in JSON output: `fileNotFound`, `notMedia`, `httpStatus`, …
    var identifier: String {
        switch self {
        case .refusedScheme: "refusedScheme"
        case .fileNotFound: "fileNotFound"
        case .permissionDenied: "permissionDenied"
        case .notMedia: "notMedia"
        case .httpStatus: "httpStatus"
        case .networkUnreachable: "networkUnreachable"
        case .timedOut: "timedOut"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }
}
