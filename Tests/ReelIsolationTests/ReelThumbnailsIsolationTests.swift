import Foundation
import ReelTestSupport
import ReelTesting
import Testing

/// `reel thumbnails` and `reel contact-sheet` decode addresses in a worker by default (local files
/// in-process), and a worker that hangs is stopped at `--timeout`.
@Suite("reel thumbnails and contact-sheet, isolated")
struct ReelThumbnailsIsolationTests {
    private func reel(_ arguments: [String]) async throws -> (result: CommandResult, elapsed: Duration) {
        let reel = try BuiltProduct.require("reel")
        let started = ContinuousClock.now
        let result = try await Command.run([reel.path] + arguments)
        return (result, ContinuousClock.now - started)
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-thumbs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func anAddressIsDecodedInAWorkerAndALocalFileInProcess() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let server = LoopbackHTTPServer(routes: ["/clip.mp4": .file(clip)])
        try server.start()
        defer { server.stop() }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["--count", "3", "--width", "64", "--no-cache", "--verbose"]

        let remote = try await reel(
            ["thumbnails", server.url("/clip.mp4").absoluteString, "--dir", folder.appendingPathComponent("a").path]
                + common)
        #expect(remote.result.status == 0, "\(remote.result.errorText)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("a").path)
        #expect(Set(written) == ["0001.jpg", "0002.jpg", "0003.jpg", "thumbnails.vtt"])
        // The worker's lines come back tagged with the job, at the worker's level, shown once.
        #expect(remote.result.errorText.contains("reel.job=thumbnails"), "\(remote.result.errorText)")
        #expect(remote.result.errorText.contains("reel: [info] Made 3 of 3 thumbnails"), "\(remote.result.errorText)")
        #expect(!remote.result.errorText.contains("[info] [info]"), "\(remote.result.errorText)")
        // The provider's first job reads the duration only, and says so.
        #expect(remote.result.errorText.contains("Read the duration: "), "\(remote.result.errorText)")
        #expect(!remote.result.errorText.contains("Made 0 of 0"), "\(remote.result.errorText)")

        let local = try await reel(
            ["thumbnails", clip.path, "--dir", folder.appendingPathComponent("b").path] + common)
        #expect(local.result.status == 0, "\(local.result.errorText)")
        #expect(!local.result.errorText.contains("reel.job=thumbnails"), "\(local.result.errorText)")

        let forced = try await reel(
            ["thumbnails", clip.path, "--isolate", "--dir", folder.appendingPathComponent("c").path] + common)
        #expect(forced.result.status == 0, "\(forced.result.errorText)")
        #expect(forced.result.errorText.contains("reel.job=thumbnails"), "\(forced.result.errorText)")
    }

    @Test func aContactSheetOfAStalledServerStopsAtTheTimeout() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let gate = StallGate()
        let server = LoopbackHTTPServer(routes: ["/stalled.mp4": .stallAfter(bytes: 0, of: clip, gate: gate)])
        try server.start()
        defer {
            gate.open()
            server.stop()
        }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sheet = folder.appendingPathComponent("sheet.png")
        let (result, elapsed) = try await reel(
            ["contact-sheet", server.url("/stalled.mp4").absoluteString, "--out", sheet.path, "--timeout", "3"])
        #expect(result.status != 0)
        #expect(elapsed < hangBound(after: .seconds(3)), "took \(elapsed)")
        #expect(result.errorText.contains("did not finish within 3 seconds"), "\(result.errorText)")
        #expect(!FileManager.default.fileExists(atPath: sheet.path))
    }
}
