import Foundation
import ReelCore
import ReelMPV
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// Frame stepping on real libmpv: a step pauses and moves one frame (1/30 s in the 30 fps clip)
/// forward or back.
@MainActor
@Suite("Frame stepping")
struct FrameStepTests {
    @Test func aStepMovesOneFrameForwardOrBackAndPauses() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let player = Player(engine: try MPVEngine(configuration: .headless))
        try player.load(MediaItem(url: clip, startPosition: 2))
        try await player.until(state: .playing, timeout: .seconds(30))
        try player.pause()
        try await player.until(state: .paused(reason: .userInitiated), timeout: .seconds(30))
        try player.seek(to: 2)
        try await player.until("at 2 s", timeout: .seconds(30)) {
            $0.playback.waiting == .none && abs($0.currentTime - 2) < 0.01
        }

        try player.stepFrame()
        try await player.until("one frame on", timeout: .seconds(30)) { abs($0.currentTime - (2 + 1.0 / 30)) < 0.01 }
        #expect(player.state == .paused(reason: .userInitiated))
        try player.stepFrame(forward: false)
        try await player.until("back at 2 s", timeout: .seconds(30)) { abs($0.currentTime - 2) < 0.01 }
        #expect(player.state == .paused(reason: .userInitiated))
        await player.shutdown()
    }
}
