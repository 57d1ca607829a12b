import CFFmpeg
import Foundation

/// One `ReelProbe` from CFFmpeg: opened on one thread, cancellable from any other.
final class ProbeSession: @unchecked Sendable {
    // The C probe is used by one thread at a time, except `reel_probe_cancel`, which is atomic.
    private let probe: OpaquePointer?

    init() { probe = reel_probe_create() }

    deinit { reel_probe_free(probe) }

    /// Asks a running `run` to stop.
    func cancel() { reel_probe_cancel(probe) }

    /// Opens the address and reads everything out of the C probe.
    func run(_ request: ProbeRequest) -> Result<ProbedMedia, ProbeError> {
        guard let probe else { return .failure(ProbeError(.failed, message: "Out of memory.")) }
        var message = [CChar](repeating: 0, count: 256)
        let status = request.whitelist.withCString { whitelist in
            var options = ReelProbeOptions(
                protocol_whitelist: whitelist, probe_size: request.probeSize,
                analyze_duration: request.analyzeDuration, timeout: request.timeout,
                open_decoders: request.opensDecoders ? 1 : 0)
            return reel_probe_open(probe, request.location, &options, &message, message.count)
        }
        guard status == REEL_PROBE_OK.rawValue else {
            let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(Self.error(status, request: request, probe: probe, detail: detail))
        }
        return .success(read(probe, url: request.url))
    }

    private func read(_ probe: OpaquePointer, url: URL) -> ProbedMedia {
        var container = ReelProbeContainer()
        reel_probe_container(probe, &container)
        var media = ProbedMedia(
            url: url,
            container: Self.string(container.name),
            containerDescription: Self.nonEmpty(Self.string(container.long_name)),
            duration: container.duration >= 0 ? container.duration : nil,
            startTime: container.has_start_time != 0 ? container.start_time : nil,
            bitRate: container.bit_rate > 0 ? Int(container.bit_rate) : nil,
            metadata: tags(probe, REEL_PROBE_SCOPE_CONTAINER, 0)
        )
        for index in 0..<container.stream_count {
            var stream = ReelProbeStream()
            guard reel_probe_stream(probe, index, &stream) == REEL_PROBE_OK.rawValue else { continue }
            media.streams.append(Self.stream(stream, tags: tags(probe, REEL_PROBE_SCOPE_STREAM, index)))
        }
        for index in 0..<container.chapter_count {
            var start = 0.0
            var end = 0.0
            guard reel_probe_chapter(probe, index, &start, &end) == REEL_PROBE_OK.rawValue else { continue }
            let metadata = tags(probe, REEL_PROBE_SCOPE_CHAPTER, index)
            media.chapters.append(ProbedChapter(start: start, end: end, title: metadata["title"], metadata: metadata))
        }
        for index in 0..<container.program_count {
            var identifier: Int32 = 0
            var count: Int32 = 0
            guard reel_probe_program(probe, index, &identifier, nil, 0, &count) == REEL_PROBE_OK.rawValue else {
                continue
            }
            var streams = [Int32](repeating: 0, count: Int(count))
            reel_probe_program(probe, index, &identifier, &streams, count, &count)
            let metadata = tags(probe, REEL_PROBE_SCOPE_PROGRAM, index)
            media.programs.append(
                ProbedProgram(
                    id: Int(identifier), bitRate: metadata["variant_bitrate"].flatMap { Int($0) },
                    streams: streams.map(Int.init), metadata: metadata))
        }
        return media
    }

    private func tags(_ probe: OpaquePointer, _ scope: ReelProbeScope, _ index: Int32) -> [String: String] {
        var tags: [String: String] = [:]
        var cursor: UnsafeRawPointer?
        repeat {
            var key: UnsafePointer<CChar>?
            var value: UnsafePointer<CChar>?
            cursor = reel_probe_next_tag(probe, scope, index, cursor, &key, &value)
            if cursor != nil, let key, let value, tags[String(cString: key)] == nil {
                tags[String(cString: key)] = String(cString: value)
            }
        } while cursor != nil
        return tags
    }

    private static func stream(_ stream: ReelProbeStream, tags: [String: String]) -> ProbedStream {
        let kind: ProbedStream.Kind =
            switch stream.kind {
            case REEL_PROBE_KIND_VIDEO: .video
            case REEL_PROBE_KIND_AUDIO: .audio
            case REEL_PROBE_KIND_SUBTITLE: .subtitle
            case REEL_PROBE_KIND_DATA: .data
            case REEL_PROBE_KIND_ATTACHMENT: .attachment
            default: .unknown
            }
        var probed = ProbedStream(
            index: Int(stream.index), id: stream.id != 0 ? Int(stream.id) : nil, kind: kind,
            codec: string(stream.codec), codecDescription: nonEmpty(string(stream.codec_long_name)),
            profile: nonEmpty(string(stream.profile)), codecTag: nonEmpty(string(stream.codec_tag)),
            disposition: StreamDisposition(rawValue: stream.disposition), language: tags["language"],
            title: tags["title"], bitRate: stream.bit_rate > 0 ? Int(stream.bit_rate) : nil,
            duration: stream.duration >= 0 ? stream.duration : nil,
            startTime: stream.has_start_time != 0 ? stream.start_time : nil,
            frameCount: stream.frame_count > 0 ? Int(stream.frame_count) : nil,
            isDecodable: stream.decodable != 0, decoder: nonEmpty(string(stream.decoder)),
            undecodableReason: stream.decodable != 0 ? nil : nonEmpty(string(stream.undecodable_reason)),
            metadata: tags)
        if kind == .video {
            probed.video = VideoParameters(
                width: Int(stream.width), height: Int(stream.height), displayWidth: Int(stream.display_width),
                displayHeight: Int(stream.display_height),
                sampleAspectRatio: stream.sample_aspect_den > 0
                    ? "\(stream.sample_aspect_num):\(stream.sample_aspect_den)" : nil,
                rotation: stream.has_rotation != 0 ? stream.rotation : nil,
                frameRate: stream.frame_rate > 0 ? stream.frame_rate : nil,
                averageFrameRate: stream.average_frame_rate > 0 ? stream.average_frame_rate : nil,
                pixelFormat: nonEmpty(string(stream.pixel_format)))
        }
        if kind == .audio {
            probed.audio = AudioParameters(
                sampleRate: stream.sample_rate > 0 ? Int(stream.sample_rate) : nil, channels: Int(stream.channels),
                channelLayout: nonEmpty(string(stream.channel_layout)),
                sampleFormat: nonEmpty(string(stream.sample_format)))
        }
        return probed
    }

    private static func error(_ status: Int32, request: ProbeRequest, probe: OpaquePointer, detail: String)
        -> ProbeError
    {
        let code = Int(reel_probe_ffmpeg_error(probe))
        let name = request.name
        func error(_ kind: ProbeError.Code, _ message: String) -> ProbeError {
            ProbeError(kind, message: message, ffmpegCode: code != 0 ? code : nil, detail: nonEmpty(detail))
        }
        switch ReelProbeStatus(rawValue: status) {
        case REEL_PROBE_NOT_FOUND: return error(.fileNotFound, "The file \(name) could not be found.")
        case REEL_PROBE_PERMISSION_DENIED: return error(.permissionDenied, "The file \(name) cannot be read.")
        case REEL_PROBE_INVALID_DATA:
            return error(.notMedia, "\(name) is not media FFmpeg can read: it is empty, damaged, or something else.")
        case REEL_PROBE_HTTP_ERROR:
            let status = Int(reel_probe_http_status(probe))
            if status >= 100 {
                return error(.httpStatus(status), "The server answered \(name) with HTTP status \(status).")
            }
            return error(.httpStatus(nil), "The server answered \(name) with an HTTP error (\(status)xx).")
        case REEL_PROBE_NETWORK: return error(.networkUnreachable, "The server for \(name) could not be reached.")
        case REEL_PROBE_TIMED_OUT:
            return error(.timedOut, "\(name) did not open within \(String(format: "%g", request.timeout)) seconds.")
        case REEL_PROBE_CANCELLED: return error(.cancelled, "Probing \(name) was cancelled.")
        default: return error(.failed, "\(name) could not be read: \(detail.isEmpty ? "FFmpeg failed" : detail).")
        }
    }

    /// The text in a fixed-size C character array (imported as a tuple), up to its first NUL.
    static func string<T>(_ characters: T) -> String {
        withUnsafeBytes(of: characters) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}
