import Foundation
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// Runs the `ffmpeg` command-line tool found on `PATH`.
enum FFmpeg {
    /// Runs ffmpeg quietly (`-hide_banner -loglevel error -nostdin -y`) with `arguments`
    /// (swift-subprocess: the caller awaits, no thread blocks).
    /// - Throws: ``CLIError/ffmpegNotFound``, or ``CLIError/ffmpegFailed(status:output:)`` with
    ///   the end of its standard error.
    static func run(_ arguments: [String]) async throws(CLIError) {
        let executable = try locate()
        let quiet = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"]
        let result: ExecutionResult<Void, DiscardedOutput, BytesOutput>
        do {
            result = try await Subprocess.run(
                .path(FilePath(executable.path)), arguments: Arguments(quiet + arguments), output: .discarded,
                error: .bytes(limit: 1 << 20))
        } catch {
            throw .ffmpegFailed(status: -1, output: "\(error)")
        }
        guard case .exited(0) = result.terminationStatus else {
            let text = String(decoding: result.standardError, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let status: Int32 =
                switch result.terminationStatus {
                case .exited(let code), .signaled(let code): code
                }
            throw .ffmpegFailed(status: status, output: String(text.suffix(1_000)))
        }
    }

    /// The first executable `ffmpeg` on `PATH`.
    static func locate() throws(CLIError) -> URL {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw .ffmpegNotFound
    }
}
