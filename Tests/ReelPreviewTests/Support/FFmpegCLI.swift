import Foundation
import ReelTestSupport
import ReelTesting

/// Runs the ffmpeg command-line tool to make reference pictures and extra media.
enum FFmpegCLI {
    /// A failed run.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The frame ffmpeg decodes at `time` (accurate input seeking: the first frame at or after
    /// it), scaled to `width` × `height` with its default (bicubic) scaler, as RGBA bytes.
    static func frame(of file: URL, at time: Double, width: Int, height: Int) async throws -> [UInt8] {
        let arguments = [
            "-ss", String(format: "%.3f", time), "-i", file.path, "-frames:v", "1", "-vf", "scale=\(width):\(height)",
            "-f", "rawvideo", "-pix_fmt", "rgba", "-",
        ]
        let output = try await run(arguments)
        guard output.count == width * height * 4 else {
            throw Failure(description: "ffmpeg wrote \(output.count) bytes, not \(width * height * 4)")
        }
        return [UInt8](output)
    }

    /// Runs ffmpeg quietly with `arguments` and returns its standard output.
    @discardableResult
    static func run(_ arguments: [String]) async throws -> Data {
        let result: CommandResult
        do {
            result = try await Command.run(
                ["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-y"] + arguments)
        } catch {
            throw Failure(description: "ffmpeg could not be started: \(error)")
        }
        guard result.status == 0 else { throw Failure(description: "ffmpeg exited with \(result.status)") }
        return result.output
    }
}

/// The mean absolute difference per channel (red, green, blue) of two RGBA pictures, 0–255.
func meanDifference(_ first: [UInt8], _ second: [UInt8]) -> Double {
    precondition(first.count == second.count)
    var total = 0
    var count = 0
    for index in stride(from: 0, to: first.count, by: 4) {
        for channel in 0..<3 {
            total += abs(Int(first[index + channel]) - Int(second[index + channel]))
            count += 1
        }
    }
    return count == 0 ? 0 : Double(total) / Double(count)
}
