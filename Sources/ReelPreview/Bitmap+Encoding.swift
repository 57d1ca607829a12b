import CFFmpeg
import Foundation

extension Bitmap {
    /// A still-image file format that ``encoded(as:)`` writes.
    public enum ImageFormat: Hashable, Sendable {
        /// JPEG through libavcodec's mjpeg encoder; `quality` from 1 (smallest) to 100 (best).
        case jpeg(quality: Int)
        /// PNG through libavcodec's png encoder (lossless, 24-bit: alpha is dropped).
        case png

        /// JPEG at quality 90 (mjpeg's qscale 5), a good size for thumbnails and sprite sheets.
        public static let jpeg = ImageFormat.jpeg(quality: 90)

        /// The format a file name asks for: `.png` → PNG, `.jpg`/`.jpeg` → JPEG; nil otherwise.
        public init?(pathExtension: String) {
            switch pathExtension.lowercased() {
            case "png": self = .png
            case "jpg", "jpeg": self = .jpeg
            default: return nil
            }
        }
    }

    /// The bitmap as a JPEG or PNG file's bytes. Alpha is ignored.
    /// - Throws: ``ThumbnailError/Code/encodingFailed`` when the picture is empty or too large
    ///   or the encoder is missing.
    public func encoded(as format: ImageFormat) throws(ThumbnailError) -> Data {
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        let (codec, quality): (ReelAVImageFormat, Int32) =
            switch format {
            case .jpeg(let quality): (REEL_AV_IMAGE_JPEG, Int32(clamping: quality))
            case .png: (REEL_AV_IMAGE_PNG, 0)
            }
        let status = pixels.withUnsafeBufferPointer { buffer in
            reel_av_encode_image(
                buffer.baseAddress, Int32(clamping: width), Int32(clamping: height), width * 4, codec, quality, &bytes,
                &size)
        }
        defer { reel_av_free(bytes) }
        guard status == 0, let bytes else {
            throw ThumbnailError(
                .encodingFailed, message: "A \(width)×\(height) picture could not be encoded.",
                detail: "status \(status)")
        }
        return Data(bytes: bytes, count: size)
    }

    /// Decodes a JPEG, PNG, WebP, GIF (first frame) or BMP file's bytes, keeping straight alpha.
    ///
    /// For images from untrusted sources, `maximumPixels` refuses a picture larger than that
    /// before it is decoded (from the size its header declares, and again while FFmpeg decodes),
    /// and `maximumSide` scales the result down, keeping its aspect, until neither side is longer
    /// (never up). Without them only FFmpeg's own limits hold.
    /// - Throws: ``ThumbnailError/Code/unsupportedFormat`` when the data is none of these or is
    ///   damaged; ``ThumbnailError/Code/tooLarge`` when the picture has more than `maximumPixels`.
    public init(decoding data: Data, maximumSide: Int? = nil, maximumPixels: Int? = nil) throws(ThumbnailError) {
        guard maximumSide.map({ $0 > 0 }) ?? true, maximumPixels.map({ $0 > 0 }) ?? true else {
            throw ThumbnailError(.invalidArgument, message: "Image bounds must be positive.")
        }
        var rgba: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0
        var height: Int32 = 0
        var sourceWidth: Int32 = 0
        var sourceHeight: Int32 = 0
        let side = Int32(clamping: maximumSide ?? 0)
        let status = data.withUnsafeBytes { buffer in
            reel_av_decode_image_fitting(
                buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count, Int64(maximumPixels ?? 0), side,
                side, &rgba, &width, &height, &sourceWidth, &sourceHeight)
        }
        defer { reel_av_free(rgba) }
        guard status == 0, let rgba else {
            if status == REEL_AV_TOO_LARGE.rawValue {
                throw ThumbnailError(
                    .tooLarge, message: "The image is \(sourceWidth)×\(sourceHeight) pixels: too large to show.",
                    detail: "at most \(maximumPixels ?? 0) pixels are decoded")
            }
            throw ThumbnailError(
                .unsupportedFormat, message: "The image could not be decoded.", detail: "status \(status)")
        }
        let count = Int(width) * Int(height) * 4
        self.init(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: rgba, count: count)))
    }
}

extension Bitmap {
    /// Decodes `data` like ``init(decoding:maximumSide:maximumPixels:)``, on a global dispatch
    /// queue: a large picture takes tens of milliseconds, which must not hold a thread of Swift's
    /// cooperative pool.
    static func decodedInBackground(
        _ data: Data, maximumSide: Int? = nil, maximumPixels: Int? = nil
    ) async -> Result<Bitmap, ThumbnailError> {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result<Bitmap, ThumbnailError>, Never>) in
            DispatchQueue.global(qos: .utility).async {
                do throws(ThumbnailError) {
                    continuation.resume(
                        returning: .success(
                            try Bitmap(decoding: data, maximumSide: maximumSide, maximumPixels: maximumPixels)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
    }
}
