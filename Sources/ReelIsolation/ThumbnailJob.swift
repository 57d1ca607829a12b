import Foundation
import Logging
import ReelMPV
import ReelPreview

/// Thumbnails of an address, made in a worker: local files with FFmpeg
/// (``/ReelPreview/LocalThumbnailProvider``), http(s) addresses through a headless libmpv
/// (``/ReelPreview/RemoteThumbnailProvider``). Each thumbnail comes back as a progress report as soon as it is
/// made, so a worker killed at its deadline still leaves the ones it made.
///
/// ``IsolatedThumbnailProvider`` wraps it as a ``/ReelPreview/ThumbnailProvider``.
public struct ThumbnailJob: IsolatedJob {
    public static let name = "thumbnails"

    /// The address.
    public var url: URL
    /// The positions, in seconds; empty: only the duration is read.
    public var times: [Double]
    /// The width of each thumbnail; the height keeps the aspect ratio.
    public var width: Int
    /// The exact frame at each time instead of the keyframe before it (local files).
    public var exact: Bool
    /// A different picture for each time (``/ReelPreview/ThumbnailProvider/distinctThumbnails(at:)``).
    public var distinct: Bool

    /// Creates a job.
    public init(url: URL, times: [Double], width: Int = 160, exact: Bool = false, distinct: Bool = false) {
        self.url = url
        self.times = times
        self.width = width
        self.exact = exact
        self.distinct = distinct
    }

    /// What a worker reports while it works.
    public enum Progress: Codable, Sendable {
        /// The media's duration (nil: unknown or live).
        case duration(Double?)
        /// One thumbnail.
        case thumbnail(time: Double, requestedTime: Double, width: Int, height: Int, pixels: Data)
    }

    /// The end of the job: the duration and how many thumbnails were made, or why it stopped.
    public struct Output: Codable, Sendable {
        /// The media's duration (nil: unknown or live).
        public var duration: Double?
        /// How many thumbnails were reported.
        public var made: Int
        /// Why the job stopped early, when it did.
        public var error: CodedThumbnailError?
    }

    public func run(in context: IsolatedContext<ThumbnailJob>) async -> Output {
        let provider: any ThumbnailProvider
        do {
            if url.isFileURL {
                FFmpegLog.quiet()
                provider = try LocalThumbnailProvider(
                    file: url, options: .init(width: width, precision: exact ? .exact : .keyframe, cache: nil))
            } else {
                var configuration = MPVConfiguration.headless
                configuration.logger = context.logger
                provider = try RemoteThumbnailProvider(
                    url: url, options: .init(width: width, interval: 0.001, configuration: configuration))
            }
        } catch {
            return Output(duration: nil, made: 0, error: CodedThumbnailError(error))
        }
        var output = Output(duration: nil, made: 0, error: nil)
        do {
            output.duration = try await provider.duration()
            context.report(.duration(output.duration))
            let stream = distinct ? provider.distinctThumbnails(at: times) : provider.thumbnails(at: times)
            for try await thumbnail in stream {
                context.report(
                    .thumbnail(
                        time: thumbnail.time, requestedTime: thumbnail.requestedTime, width: thumbnail.width,
                        height: thumbnail.height, pixels: Data(thumbnail.pixels)))
                output.made += 1
            }
        } catch {
            output.error = CodedThumbnailError(error as? ThumbnailError ?? ThumbnailError(.unknown, detail: "\(error)"))
        }
        // A job for no times reads the duration only (the isolated provider's first question).
        let summary =
            times.isEmpty
            ? "Read the duration: \(output.duration.map { "\($0) s" } ?? "unknown")"
            : "Made \(output.made) of \(times.count) thumbnails"
        context.logger.info(
            "\(summary)", metadata: ["reel.url": .string(url.isFileURL ? url.path : url.absoluteString)])
        if let remote = provider as? RemoteThumbnailProvider, !context.processEndsAfterJob { await remote.shutdown() }
        return output
    }
}

/// A ``/ReelPreview/ThumbnailError`` as it travels from a worker.
public struct CodedThumbnailError: Codable, Sendable, Hashable {
    /// The code's name (`fileNotFound`, `httpStatus`, …).
    public var code: String
    /// The status of an `httpStatus` error, the scheme of a `refusedScheme` one.
    public var value: String?
    /// The sentence.
    public var message: String
    /// The library's own words.
    public var detail: String?

    /// Codes `error`.
    public init(_ error: ThumbnailError) {
        message = error.message
        detail = error.detail
        switch error.code {
        case .httpStatus(let status):
            code = "httpStatus"
            value = "\(status)"
        case .refusedScheme(let scheme):
            code = "refusedScheme"
            value = scheme
        default:
            code = "\(error.code)"
        }
    }

    /// The error again.
    public var error: ThumbnailError {
        let codes: [String: ThumbnailError.Code] = [
            "fileNotFound": .fileNotFound, "noVideo": .noVideo, "unsupportedFormat": .unsupportedFormat,
            "decodingFailed": .decodingFailed, "networkUnreachable": .networkUnreachable,
            "invalidThumbnailTrack": .invalidThumbnailTrack, "cancelled": .cancelled,
            "encodingFailed": .encodingFailed, "invalidArgument": .invalidArgument, "tooLarge": .tooLarge,
        ]
        let decoded: ThumbnailError.Code =
            switch code {
            case "httpStatus": .httpStatus(Int(value ?? "") ?? 0)
            case "refusedScheme": .refusedScheme(value ?? "")
            default: codes[code] ?? .unknown
            }
        return ThumbnailError(decoded, message: message, detail: detail)
    }
}
