import Foundation
import ReelTestSupport
import ReelTesting

/// The frame the ffmpeg command-line tool decodes at a time, as RGB bytes: the reference that
/// snapshots are compared with.
enum FFmpegFrame {
    /// `ffmpeg -ss <time> -i <url> -frames:v 1 -f rawvideo -pix_fmt rgb0 -`, with the padding
    /// bytes dropped.
    static func rgb(_ url: URL, at time: Double, width: Int, height: Int) async throws -> [UInt8] {
        let data = try await Command.run([
            "ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-ss", String(time), "-i", url.path,
            "-frames:v", "1", "-s", "\(width)x\(height)", "-f", "rawvideo", "-pix_fmt", "rgb0", "-",
        ]).output
        var rgb = [UInt8]()
        rgb.reserveCapacity(width * height * 3)
        for (index, byte) in data.enumerated() where index % 4 != 3 { rgb.append(byte) }
        return rgb
    }

    /// The mean absolute difference per channel of two RGB pictures of the same size.
    static func meanAbsoluteDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count && !a.isEmpty, "Pictures of different sizes")
        var total = 0
        for index in a.indices { total += abs(Int(a[index]) - Int(b[index])) }
        return Double(total) / Double(a.count)
    }
}
