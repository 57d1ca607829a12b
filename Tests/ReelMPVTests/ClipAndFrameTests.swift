import Foundation
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

@testable import ReelMPV

/// Clip ranges and frame seeks on real libmpv: a clipped item is its own timeline (Media3's
/// `ClippingMediaSource`), and frame `n` is at `n / fps`.
@MainActor
@Suite("Clips and frames")
struct ClipAndFrameTests {
    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-clip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A PNG of what `item` shows at `time`, paused.
    private func picture(of item: MediaItem, at time: TimeInterval, in folder: URL, name: String) async throws -> Data {
        let engine = try MPVEngine(configuration: .headless)
        let player = Player(engine: engine)
        try player.load(item, autoplay: false)
        try await player.until(status: .ready, timeout: .seconds(30))
        try player.seek(to: time)
        try await player.until("at \(time) s", timeout: .seconds(30)) {
            $0.playback.waiting == .none && abs($0.currentTime - time) < 0.02
        }
        let file = folder.appendingPathComponent(name)
        try player.takeScreenshot(to: file, includingSubtitles: false)
        await engine.commandsCompleted()
        await player.shutdown()
        return try Data(contentsOf: file)
    }

    @Test func aClipPlaysItsRangeAsAWholeItemAndEndsAtItsEnd() async throws {
        let url = try await MediaFixtures.url(for: .tenSecondClip)
        let player = Player(engine: try MPVEngine(configuration: .headless))
        let states = player.recordStates()
        try player.load(MediaItem(url: url, clip: ClipRange(start: 3, end: 4.5)))
        try await player.until(state: .paused(reason: .endOfMedia), timeout: .seconds(30))
        let duration = try #require(player.duration)
        #expect(abs(duration - 1.5) < 0.05, "\(duration)")
        #expect(abs(player.currentTime - 1.5) < 0.05, "\(player.currentTime)")
        #expect(states.states.contains(.playing))
        // The file's format, not the timeline's.
        #expect(player.playback.container == "mov,mp4,m4a,3gp,3g2,mj2")
        #expect(player.playback.engineTitle == url.lastPathComponent)
        await player.shutdown()
    }

    @Test func aClipShowsTheFilesPictureAtItsOwnTimes() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try await MediaFixtures.url(for: .tenSecondClip)
        let clipped = try await picture(
            of: MediaItem(url: url, clip: ClipRange(start: 3, end: 6)), at: 1, in: folder, name: "clip-1.png")
        let file4 = try await picture(of: MediaItem(url: url), at: 4, in: folder, name: "file-4.png")
        let file1 = try await picture(of: MediaItem(url: url), at: 1, in: folder, name: "file-1.png")
        #expect(clipped == file4, "1 s into the clip is 4 s into the file")
        #expect(clipped != file1)
    }

    @Test func aClipOfAnHTTPStreamPlaysAndAForbiddenClippedAddressIsRefused() async throws {
        let url = try await MediaFixtures.url(for: .tenSecondClip)
        let server = LoopbackHTTPServer(routes: ["/clip.mp4": .file(url)])
        try server.start()
        defer { server.stop() }
        let player = Player(engine: try MPVEngine(configuration: .headless))
        try player.load(MediaItem(url: server.url("/clip.mp4"), clip: ClipRange(start: 8)))
        try await player.until(state: .paused(reason: .endOfMedia), timeout: .seconds(30))
        #expect(abs((player.duration ?? 0) - 2) < 0.05)
        // The clip's address passes the policy like any other.
        let forbidden = MediaItem(url: URL(string: "lavfi://testsrc")!, clip: ClipRange(start: 1, end: 2))
        #expect(throws: PlayerError(.refusedScheme("lavfi"))) { try player.load(forbidden) }
        await player.shutdown()
    }

    @Test func aLoopingClipGoesBackToItsStartAndAStartCountsFromIt() async throws {
        let url = try await MediaFixtures.url(for: .tenSecondClip)
        let player = Player(engine: try MPVEngine(configuration: .headless))
        try player.load(MediaItem(url: url, startPosition: 0.5, clip: ClipRange(start: 2, end: 3)), autoplay: false)
        try await player.until(status: .ready, timeout: .seconds(30))
        #expect(abs(player.currentTime - 0.5) < 0.05, "\(player.currentTime)")
        try player.setRepeatMode(.one)
        try player.play()
        try await player.until(position: 0.8, timeout: .seconds(30))
        try await player.until("back at the clip's start", timeout: .seconds(30)) { $0.currentTime < 0.5 }
        #expect(player.state == .playing)
        #expect(abs((player.duration ?? 0) - 1) < 0.05)
        await player.shutdown()
    }

    @Test func aFrameIsSoughtAtItsNumberOverTheFrameRate() async throws {
        let engine = try MPVEngine(configuration: .headless)
        let player = Player(engine: engine)
        try player.load(MediaItem(url: try await MediaFixtures.url(for: .tenSecondClip)), autoplay: false)
        try await player.until(status: .ready, timeout: .seconds(30))
        let rate = try #require(player.frameRate)
        #expect(rate == 30)
        for frame in [45, 7, 200] {
            try player.seek(toFrame: frame)
            let time = Double(frame) / rate
            try await player.until("at frame \(frame)", timeout: .seconds(30)) {
                $0.playback.waiting == .none && abs($0.currentTime - time) < 0.002
            }
            #expect(engine.propertyText("estimated-frame-number") == "\(frame)")
        }
        #expect(throws: PlayerError.self) { try player.seek(toFrame: 100_000) }
        await player.shutdown()
    }
}
