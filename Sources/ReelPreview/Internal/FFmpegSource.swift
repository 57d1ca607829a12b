import CFFmpeg
import Foundation

/// One opened media file with its video decoder: CFFmpeg's `ReelAVSource`.
///
/// Not thread-safe (FFmpeg's contexts are not). `@unchecked Sendable` is sound because
/// ``DecoderPool`` hands each source to one worker at a time and takes it back afterwards.
final class FFmpegSource: @unchecked Sendable {
    /// What the file holds.
    struct Info: Hashable, Sendable {
        var duration: Double?
        var width: Int
        var height: Int
        var displayWidth: Int
        var displayHeight: Int
        var frameRate: Double
        var codec: String
    }

    private let pointer: OpaquePointer
    let info: Info

    /// Opens `path` and prepares a decoder for its main video stream.
    init(path: String) throws(ThumbnailError) {
        var source: OpaquePointer?
        var message = [CChar](repeating: 0, count: 256)
        let status = reel_av_open(path, &source, &message, message.count)
        guard status == 0, let source else {
            let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw Self.error(status, name: URL(fileURLWithPath: path).lastPathComponent, detail: detail)
        }
        pointer = source
        var raw = ReelAVInfo()
        reel_av_info(source, &raw)
        let codec = withUnsafeBytes(of: raw.codec) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        info = Info(
            duration: raw.duration > 0 ? raw.duration : nil, width: Int(raw.width), height: Int(raw.height),
            displayWidth: Int(raw.display_width), displayHeight: Int(raw.display_height),
            frameRate: raw.frame_rate, codec: codec)
    }

    deinit { reel_av_close(pointer) }

    /// Packets sent to the decoder so far.
    var decodedPackets: Int { Int(reel_av_decoded_packets(pointer)) }

    /// The picture `precision` picks for `time`, scaled to `width` × `height`. Blocks for the
    /// decode (milliseconds).
    func grab(
        at time: Double, precision: LocalThumbnailProvider.Precision, width: Int, height: Int
    ) throws(ThumbnailError) -> Thumbnail {
        let mode: ReelAVGrabMode =
            switch precision {
            case .keyframe: REEL_AV_GRAB_KEYFRAME
            case .exact: REEL_AV_GRAB_AT_OR_AFTER
            case .exactAtOrBefore: REEL_AV_GRAB_AT_OR_BEFORE
            }
        var frameTime = 0.0
        let count = width * height * 4
        var status: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = reel_av_grab(
                pointer, time, Int32(bitPattern: mode.rawValue), Int32(width), Int32(height), buffer.baseAddress,
                width * 4, &frameTime)
            // Zeroed on failure, so the array never holds uninitialised bytes.
            if status != 0 { buffer.initialize(repeating: 0) }
            initialized = count
        }
        guard status == 0 else { throw Self.error(status, name: nil, detail: nil) }
        return Thumbnail(time: frameTime, requestedTime: time, width: width, height: height, pixels: pixels)
    }

    /// The error for a CFFmpeg status.
    static func error(_ status: Int32, name: String?, detail: String?) -> ThumbnailError {
        let quoted = name.map { "\"\($0)\"" } ?? "The media"
        let detail = detail?.isEmpty == false ? detail : nil
        switch ReelAVStatus(rawValue: status) {
        case REEL_AV_NOT_FOUND:
            return ThumbnailError(.fileNotFound, message: "\(quoted) could not be found or read.", detail: detail)
        case REEL_AV_INVALID_DATA:
            return ThumbnailError(
                .unsupportedFormat, message: "\(quoted) is not a video that can be read, or it is damaged.",
                detail: detail)
        case REEL_AV_NO_VIDEO:
            return ThumbnailError(.noVideo, message: "\(quoted) has no video to take thumbnails from.", detail: detail)
        case REEL_AV_NO_CODEC:
            return ThumbnailError(
                .unsupportedFormat, message: "\(quoted) uses a video codec that cannot be decoded.", detail: detail)
        case REEL_AV_NO_FRAME, REEL_AV_IO:
            return ThumbnailError(.decodingFailed, detail: detail ?? "status \(status)")
        case REEL_AV_INVALID_ARGUMENT:
            return ThumbnailError(.invalidArgument, detail: detail)
        default:
            return ThumbnailError(.unknown, detail: detail ?? "status \(status)")
        }
    }
}
