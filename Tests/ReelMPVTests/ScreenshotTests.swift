import Foundation
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

@testable import ReelMPV

/// Screenshots on real libmpv: the current frame at the video's size, as a PNG file.
@MainActor
@Suite("Screenshots")
struct ScreenshotTests {
    @Test func theCurrentFrameIsWrittenAsAPNGAtTheVideosSize() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-shots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let engine = try MPVEngine(configuration: .headless)
        let player = Player(engine: engine)
        try player.load(MediaItem(url: try await MediaFixtures.url(for: .multiTrack)), autoplay: false)
        try await player.until(status: .ready, timeout: .seconds(30))
        let file = folder.appendingPathComponent("frame.png")
        try player.takeScreenshot(to: file)
        try player.takeScreenshot(to: folder.appendingPathComponent("bare.png"), includingSubtitles: false)
        await engine.commandsCompleted()
        let data = try Data(contentsOf: file)
        // PNG signature, then the IHDR chunk's width and height (big-endian).
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        func number(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(number(16) == 320 && number(20) == 240)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("bare.png").path))
        #expect(throws: PlayerError.self) { try player.takeScreenshot(to: folder.appendingPathComponent("x.jpg")) }
        await player.shutdown()
    }
}
